// Which global shortcuts the app accepts (issue 4 §6, issue 12): Electron's accelerator
// syntax and our policy, checked in main before a shortcut map is saved, on load, and
// before anything is registered. Pure; the shell plans the
// registration (shell/shortcuts.ts) and the Electron adapter applies it.
import type { Settings } from '../../src-shared/domain/settings';

// https://www.electronjs.org/docs/latest/api/accelerator
const MODIFIER_ALIASES: Record<string, string> = {
  command: 'Command', cmd: 'Command',
  control: 'Control', ctrl: 'Control',
  commandorcontrol: 'CommandOrControl', cmdorctrl: 'CommandOrControl',
  alt: 'Alt', option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super', meta: 'Super',
};

const NAMED_KEYS = [
  'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter',
  'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc',
  'VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause', 'PrintScreen',
  'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
const KEY_ALIASES: Record<string, string> = { enter: 'Return', esc: 'Escape' };
const NAMED_KEY_BY_LOWER = new Map(NAMED_KEYS.map((k) => [k.toLowerCase(), (Object.hasOwn(KEY_ALIASES, k.toLowerCase()) ? KEY_ALIASES[k.toLowerCase()] : undefined) ?? k]));
const PUNCTUATION = new Set([...')!@#$%^&*(:;=<,_->.?/~`{][|\\}"\'']);

export type AcceleratorCheck = { ok: true; normalized: string } | { ok: false; message: string };

function normalizeKey(token: string): string | undefined {
  if (/^[a-z0-9]$/i.test(token)) return token.toUpperCase();
  if (PUNCTUATION.has(token)) return token;
  const fn = /^f([1-9]|1\d|2[0-4])$/i.exec(token);
  if (fn) return `F${fn[1]}`;
  const num = /^num([0-9])$/i.exec(token);
  if (num) return `num${num[1]}`;
  return NAMED_KEY_BY_LOWER.get(token.toLowerCase());
}

/** Modifiers that make a combination unusual enough to take system-wide. Shift alone does not: Shift+A is typing. */
const STRONG_MODIFIERS = new Set(['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Super']);
const CONTROL_LIKE = new Set(['CommandOrControl', 'Command', 'Control']);
/**
 * Every app's editing and quitting keys: copy, paste, cut, undo, redo, select all, quit
 * (with or without Shift: terminals copy and paste with Ctrl+Shift+C/V). Taken globally,
 * they would stop working in every other application.
 */
const EDITING_KEYS = new Set(['C', 'V', 'X', 'Z', 'Y', 'A', 'Q', 'W']);

/** Why main refuses a syntactically valid combination as a global shortcut, or null. */
function policyProblem(text: string, modifiers: ReadonlySet<string>, key: string): string | null {
  if (![...modifiers].some((m) => STRONG_MODIFIERS.has(m))) {
    return `“${text}” needs Ctrl, Cmd, Alt or Super: without one, the key would stop typing in every other app.`;
  }
  const onlyControlLike = [...modifiers].every((m) => CONTROL_LIKE.has(m) || m === 'Shift');
  if (onlyControlLike && EDITING_KEYS.has(key)) {
    return `“${text}” is an editing shortcut (copy, paste, cut, undo, select all, close or quit) that every app needs; choose another key.`;
  }
  if (key === 'F4' && modifiers.has('Alt') && modifiers.size === 1) return `“${text}” closes windows on Windows; choose another key.`;
  return null;
}

/**
 * Checks Electron's accelerator syntax and our policy (issue 12): exactly one key, at
 * least one of Ctrl/Cmd/Alt/Super, and not one of the editing or quitting shortcuts
 * every app relies on. Main checks this on every settings change and on load, and the
 * registrar once more before registering. Answers a canonical form so that
 * "ctrl+alt+k" and "Alt+Control+K" are recognised as the same shortcut.
 */
export function checkAccelerator(input: string): AcceleratorCheck {
  const text = input.trim().slice(0, 100);
  if (text === '') return { ok: false, message: 'The shortcut is empty.' };
  // "+" is both the separator and a key: "Ctrl++" is Ctrl with the + key.
  const tokens = text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text.split('+');
  if (tokens.slice(0, -1).some((t) => t === '')) return { ok: false, message: `“${text}” has an empty part.` };
  const modifiers = new Set<string>();
  let key: string | undefined;
  for (const token of tokens) {
    const modifier = Object.hasOwn(MODIFIER_ALIASES, token.toLowerCase()) ? MODIFIER_ALIASES[token.toLowerCase()] : undefined;
    if (modifier) {
      if (key !== undefined) return { ok: false, message: `In “${text}” the modifier ${token} must come before the key.` };
      modifiers.add(modifier);
      continue;
    }
    const normalized = token === '+' ? 'Plus' : normalizeKey(token);
    if (!normalized) return { ok: false, message: `“${token}” is not a key Electron knows.` };
    if (key !== undefined) return { ok: false, message: `“${text}” has two keys (${key} and ${normalized}); use one key with modifiers.` };
    key = normalized;
  }
  if (key === undefined) return { ok: false, message: `“${text}” has no key, only modifiers.` };
  const problem = policyProblem(text, modifiers, key);
  if (problem) return { ok: false, message: problem };
  const order = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Shift', 'Super'];
  const sorted = order.filter((m) => modifiers.has(m));
  return { ok: true, normalized: [...sorted, key].join('+') };
}

export type ShortcutAction =
  | { kind: 'open' }
  | { kind: 'increment'; counterId: string }
  | { kind: 'decrement'; counterId: string };

export type ShortcutMap = Settings['shortcuts'];

/** Every accelerator of the map, with the action it triggers. */
export function listShortcuts(map: ShortcutMap): { accelerator: string; action: ShortcutAction }[] {
  const out: { accelerator: string; action: ShortcutAction }[] = [];
  if (map.open) out.push({ accelerator: map.open, action: { kind: 'open' } });
  for (const [counterId, entry] of Object.entries(map.counters)) {
    if (entry.increment) out.push({ accelerator: entry.increment, action: { kind: 'increment', counterId } });
    if (entry.decrement) out.push({ accelerator: entry.decrement, action: { kind: 'decrement', counterId } });
  }
  return out;
}

/** A shifted character is Shift with its key (US layout, as Electron reads them: shell/common/keyboard_util.cc). */
const SHIFTED_KEYS: Record<string, string> = {
  Plus: '=', '!': '1', '@': '2', '#': '3', $: '4', '%': '5', '^': '6', '&': '7', '*': '8', '(': '9', ')': '0',
  ':': ';', '<': ',', '>': '.', '?': '/', _: '-', '{': '[', '}': ']', '|': '\\', '~': '`', '"': "'",
};
const IDENTITY_ORDER = ['Command', 'Control', 'Alt', 'AltGr', 'Shift'];

/**
 * The key combinations a checked accelerator stands for, as Electron registers them: by keys,
 * not by spelling (ui::Accelerator). Super, Meta and Cmd are one key; a shifted character is
 * Shift with its key; CommandOrControl is Control on Windows and Linux and Command on macOS,
 * so it stands for both. Two shortcuts sharing one are one shortcut: the OS would give the
 * second to nobody (found booting the build under the Electron double, issue 30).
 */
function keyCombinations(normalized: string): string[] {
  const parts = normalized.split('+');
  const key = parts.pop() ?? '';
  const base = Object.hasOwn(SHIFTED_KEYS, key) ? SHIFTED_KEYS[key] : undefined;
  const modifiers = new Set(parts.map((modifier) => (modifier === 'Super' ? 'Command' : modifier)));
  if (base !== undefined) modifiers.add('Shift');
  const variants = modifiers.has('CommandOrControl') ? ['Control', 'Command'] : [undefined];
  return variants.map((stand) => {
    const resolved = new Set([...modifiers].flatMap((modifier) => (modifier === 'CommandOrControl' ? [stand as string] : [modifier])));
    return [...IDENTITY_ORDER.filter((modifier) => resolved.has(modifier)), base ?? key].join('+');
  });
}

/** Remembers which key combinations are taken; `claim` answers who took any of these first, or claims them. */
export function keyCombinationLedger<T>() {
  const taken = new Map<string, T>();
  return (normalized: string, owner: T): T | undefined => {
    const combinations = keyCombinations(normalized);
    const previous = combinations.map((combination) => taken.get(combination)).find((found) => found !== undefined);
    if (previous !== undefined) return previous;
    combinations.forEach((combination) => taken.set(combination, owner));
    return undefined;
  };
}

/** Problems with a whole map: bad syntax, or the same shortcut for two actions. Empty = valid. */
export function validateShortcutMap(map: ShortcutMap): string[] {
  const problems: string[] = [];
  const claim = keyCombinationLedger<string>();
  for (const { accelerator, action } of listShortcuts(map)) {
    const check = checkAccelerator(accelerator);
    if (!check.ok) {
      problems.push(check.message);
      continue;
    }
    const label = describeAction(action);
    const previous = claim(check.normalized, label);
    if (previous) problems.push(`${accelerator} is used twice: for ${previous} and for ${label}.`);
  }
  return problems;
}

function describeAction(action: ShortcutAction): string {
  return action.kind === 'open' ? 'opening the popup' : `${action.kind} of counter ${action.counterId}`;
}
