// Turns a key press into an Electron accelerator string ("CommandOrControl+Shift+K"), and
// compares accelerators the way Electron does (case-insensitive, aliases folded).

export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const NAMED_CODES: Record<string, string> = {
  Space: 'Space', Enter: 'Enter', Tab: 'Tab', Backspace: 'Backspace', Delete: 'Delete', Insert: 'Insert',
  Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown',
  ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right',
  Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Backslash: '\\', Semicolon: ';',
  Quote: "'", Comma: ',', Period: '.', Slash: '/', Backquote: '`',
  NumpadAdd: 'numadd', NumpadSubtract: 'numsub', NumpadMultiply: 'nummult', NumpadDivide: 'numdiv', NumpadDecimal: 'numdec',
};

/** The key part of an accelerator, from the physical key (so Shift+1 stays "1", not "!"). */
function keyName(code: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^Numpad[0-9]$/.test(code)) return `num${code.slice(6)}`;
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) return code;
  return NAMED_CODES[code] ?? null;
}

export type RecordOutcome =
  | { kind: 'accelerator'; accelerator: string }
  | { kind: 'incomplete' } // only modifiers so far
  | { kind: 'needsModifier'; key: string };

export function acceleratorFromKeyPress(press: KeyPress, isMac: boolean): RecordOutcome {
  const key = keyName(press.code);
  if (!key) return { kind: 'incomplete' };
  const parts: string[] = [];
  const commandOrControl = isMac ? press.metaKey : press.ctrlKey;
  if (commandOrControl) parts.push('CommandOrControl');
  if (isMac && press.ctrlKey) parts.push('Control');
  if (!isMac && press.metaKey) parts.push('Super');
  if (press.altKey) parts.push(isMac ? 'Option' : 'Alt');
  if (press.shiftKey) parts.push('Shift');
  // A global shortcut needs Ctrl/Cmd/Alt/Super: with Shift alone (or none) it would steal typing
  // from every app. Main enforces the same rule (app/shortcut-rules.ts); this is the early hint.
  if (parts.every((part) => part === 'Shift')) return { kind: 'needsModifier', key };
  return { kind: 'accelerator', accelerator: [...parts, key].join('+') };
}

const ALIASES: Record<string, string> = {
  cmdorctrl: 'commandorcontrol', cmd: 'command', ctrl: 'control', option: 'alt', meta: 'super', plus: '+',
};

export function normalizeAccelerator(accelerator: string): string {
  return accelerator
    .split('+')
    .map((part) => part.trim().toLowerCase())
    .map((part) => ALIASES[part] ?? part)
    .sort()
    .join('+');
}

export function sameAccelerator(a: string, b: string): boolean {
  return normalizeAccelerator(a) === normalizeAccelerator(b);
}

/** Shows an accelerator the way the platform spells it. */
export function displayAccelerator(accelerator: string, isMac: boolean): string {
  return accelerator.replace('CommandOrControl', isMac ? '⌘' : 'Ctrl').replace('Option', '⌥');
}
