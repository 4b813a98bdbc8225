// Which global shortcuts main accepts, judged by the keys actually pressed: Electron maps modifiers
// per platform (https://www.electronjs.org/docs/latest/api/accelerator), so `Super+V` is Cmd+V
// (paste) on a Mac and `Cmd+K` a bare K on Linux. Pure; desktop/shortcuts.ts plans registration.
import type { Settings } from '../../../src-shared/domain/settings';
import type { AppPlatform } from '../ports';

/** Each takes a key combination from every other app. */
export const MAX_GLOBAL_SHORTCUTS = 20;

const MODIFIER_ALIASES: Record<string, string> = {
  command: 'Command', cmd: 'Command',
  control: 'Control', ctrl: 'Control',
  commandorcontrol: 'CommandOrControl', cmdorctrl: 'CommandOrControl',
  alt: 'Alt', option: 'Option',
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

type PhysicalModifier = 'ctrl' | 'alt' | 'shift' | 'cmd' | 'super' | 'altgr';
const PHYSICAL_ORDER: PhysicalModifier[] = ['ctrl', 'alt', 'shift', 'cmd', 'super', 'altgr'];

/** Undefined: no effect on that platform. */
function physical(modifier: string, platform: AppPlatform): PhysicalModifier | undefined {
  const mac = platform === 'darwin';
  switch (modifier) {
    case 'CommandOrControl':
      return mac ? 'cmd' : 'ctrl';
    case 'Command':
      return mac ? 'cmd' : undefined;
    case 'Super':
      return mac ? 'cmd' : 'super';
    case 'Control':
      return 'ctrl';
    case 'Alt':
      return 'alt';
    case 'Option':
      return mac ? 'alt' : undefined;
    case 'AltGr':
      return 'altgr';
    default:
      return 'shift';
  }
}

/** A shifted character is Shift with its key (US layout, as Electron reads it): Ctrl+! is Ctrl+Shift+1. */
const SHIFTED_KEYS: Record<string, string> = {
  Plus: '=', '!': '1', '@': '2', '#': '3', $: '4', '%': '5', '^': '6', '&': '7', '*': '8', '(': '9', ')': '0',
  ':': ';', '<': ',', '>': '.', '?': '/', _: '-', '{': '[', '}': ']', '|': '\\', '~': '`', '"': "'",
};

const EDITING_KEYS = new Set(['C', 'V', 'X', 'Z', 'Y', 'A', 'Q', 'W']);

/** Combinations each OS uses itself: taken, they would never fire or stop the OS working. */
const RESERVED: Record<'darwin' | 'win32' | 'linux', ReadonlySet<string>> = {
  darwin: new Set([
    'cmd+Tab', 'shift+cmd+Tab', 'cmd+`', 'shift+cmd+`', 'cmd+Space', 'ctrl+Space', 'alt+cmd+Space', 'ctrl+cmd+Space',
    'cmd+H', 'alt+cmd+H', 'cmd+M', 'alt+cmd+M', 'alt+cmd+Escape', 'ctrl+cmd+Q', 'shift+cmd+Q', 'alt+shift+cmd+Q',
    'shift+cmd+3', 'shift+cmd+4', 'shift+cmd+5', 'shift+cmd+6', 'ctrl+shift+cmd+3', 'ctrl+shift+cmd+4',
    'ctrl+cmd+F', 'alt+cmd+D', 'cmd+F5', 'alt+cmd+F5', 'ctrl+Up', 'ctrl+Down', 'ctrl+Left', 'ctrl+Right', 'ctrl+F2', 'ctrl+F3',
  ]),
  win32: new Set([
    'alt+Tab', 'alt+shift+Tab', 'ctrl+alt+Tab', 'alt+Escape', 'alt+shift+Escape', 'ctrl+Escape', 'ctrl+shift+Escape', 'ctrl+alt+Delete',
    'alt+F4', 'alt+Space', 'ctrl+Insert', 'alt+PrintScreen', 'ctrl+alt+PrintScreen',
  ]),
  linux: new Set([
    'alt+Tab', 'alt+shift+Tab', 'alt+`', 'alt+shift+`', 'alt+Escape', 'ctrl+alt+Tab', 'ctrl+alt+Delete', 'ctrl+alt+Backspace',
    'ctrl+alt+L', 'ctrl+alt+T', 'ctrl+alt+Up', 'ctrl+alt+Down', 'ctrl+alt+Left', 'ctrl+alt+Right', 'ctrl+alt+shift+Left', 'ctrl+alt+shift+Right',
    'alt+F1', 'alt+F2', 'alt+F4', 'alt+F7', 'alt+F8', 'alt+F10', 'alt+Space', 'ctrl+Insert', 'alt+PrintScreen', 'ctrl+alt+Escape',
  ]),
};

type AcceleratorCheck = { ok: true; normalized: string; keys: string } | { ok: false; message: string };

function normalizeKey(token: string): string | undefined {
  if (/^[a-z0-9]$/i.test(token)) return token.toUpperCase();
  if (PUNCTUATION.has(token)) return token;
  const fn = /^f([1-9]|1\d|2[0-4])$/i.exec(token);
  if (fn) return `F${fn[1]}`;
  const num = /^num([0-9])$/i.exec(token);
  if (num) return `num${num[1]}`;
  return NAMED_KEY_BY_LOWER.get(token.toLowerCase());
}

const osFamily = (platform: AppPlatform): 'darwin' | 'win32' | 'linux' => (platform === 'darwin' || platform === 'win32' ? platform : 'linux');

/** Why main refuses these keys on this platform, or null. */
function policyProblem(text: string, keys: ReadonlySet<PhysicalModifier>, key: string, platform: AppPlatform): string | null {
  const os = osFamily(platform);
  const mac = os === 'darwin';
  // macOS Option types characters like AltGr elsewhere; Shift and AltGr type everywhere.
  const strong = mac ? ['cmd', 'ctrl'] : ['ctrl', 'alt', 'super'];
  if (![...keys].some((m) => strong.includes(m))) {
    return mac
      ? `“${text}” needs Cmd or Ctrl on macOS: without one, the keys would stop typing in every other app.`
      : `“${text}” needs Ctrl, Alt or Super (Command and Option do nothing on ${os === 'win32' ? 'Windows' : 'Linux'}): without one, the key would stop typing in every other app.`;
  }
  const primaryOnly = [...keys].every((m) => m === 'shift' || m === 'ctrl' || (mac && m === 'cmd'));
  if (primaryOnly && EDITING_KEYS.has(key)) {
    return `“${text}” is an editing shortcut (copy, paste, cut, undo, select all, close or quit) that every app needs; choose another key.`;
  }
  // Windows and Linux desktops keep the Windows key (Win+L locks, Win+D shows the desktop…).
  if (!mac && keys.has('super') && [...keys].every((m) => m === 'super' || m === 'shift')) {
    return `“${text}” belongs to the desktop (the Windows key with a letter locks, switches or opens system views); add Ctrl or Alt.`;
  }
  if (os === 'linux' && keys.has('ctrl') && keys.has('alt') && /^F([1-9]|1[0-2])$/.test(key)) return `“${text}” switches to a text console on Linux; choose another key.`;
  const combo = [...PHYSICAL_ORDER.filter((m) => keys.has(m)), key].join('+');
  if (RESERVED[os].has(combo)) return `“${text}” is used by the system itself (switching, locking, screenshots or window management); choose another key.`;
  return null;
}

/** Electron's syntax and our policy: the canonical accelerator and the keys it means here ("Super+K" is "Cmd+K" on a Mac). */
export function checkAccelerator(input: string, platform: AppPlatform): AcceleratorCheck {
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
  // As the OS registers it: a shifted character as Shift with its key.
  const keys = new Set([...modifiers].flatMap((m) => physical(m, platform) ?? []));
  const pressed = (Object.hasOwn(SHIFTED_KEYS, key) ? SHIFTED_KEYS[key] : undefined) ?? key;
  if (pressed !== key) keys.add('shift');
  const problem = policyProblem(text, keys, pressed, platform);
  if (problem) return { ok: false, message: problem };
  const order = ['CommandOrControl', 'Command', 'Control', 'Alt', 'Option', 'AltGr', 'Shift', 'Super'];
  return { ok: true, normalized: [...order.filter((m) => modifiers.has(m)), key].join('+'), keys: [...PHYSICAL_ORDER.filter((m) => keys.has(m)), pressed].join('+') };
}

export type ShortcutAction =
  | { kind: 'open' }
  | { kind: 'increment'; counterId: string }
  | { kind: 'decrement'; counterId: string };

export type ShortcutMap = Settings['shortcuts'];

export function listShortcuts(map: ShortcutMap): { accelerator: string; action: ShortcutAction }[] {
  const out: { accelerator: string; action: ShortcutAction }[] = [];
  if (map.open) out.push({ accelerator: map.open, action: { kind: 'open' } });
  for (const [counterId, entry] of Object.entries(map.counters)) {
    if (entry.increment) out.push({ accelerator: entry.increment, action: { kind: 'increment', counterId } });
    if (entry.decrement) out.push({ accelerator: entry.decrement, action: { kind: 'decrement', counterId } });
  }
  return out;
}

/** Empty = valid. */
export function validateShortcutMap(map: ShortcutMap, platform: AppPlatform): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const all = listShortcuts(map);
  if (all.length > MAX_GLOBAL_SHORTCUTS) problems.push(`${all.length} global shortcuts is too many: at most ${MAX_GLOBAL_SHORTCUTS}, since each takes a key from every other app.`);
  for (const { accelerator, action } of all) {
    const check = checkAccelerator(accelerator, platform);
    if (!check.ok) {
      problems.push(check.message);
      continue;
    }
    const label = describeAction(action);
    const previous = seen.get(check.keys);
    if (previous) problems.push(`${accelerator} is used twice: for ${previous} and for ${label}.`);
    else seen.set(check.keys, label);
  }
  return problems;
}

function describeAction(action: ShortcutAction): string {
  return action.kind === 'open' ? 'opening the popup' : `${action.kind} of counter ${action.counterId}`;
}
