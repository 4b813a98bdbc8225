// Key presses as Electron accelerators, compared as Electron does (any case, aliases folded).
import type { Translator } from '../../src-shared/i18n/translator';

type KeyPress = Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

const NAMED_CODES: Record<string, string> = {
  ...Object.fromEntries(['Space', 'Enter', 'Tab', 'Backspace', 'Delete', 'Insert', 'Home', 'End', 'PageUp', 'PageDown'].map((key) => [key, key])),
  ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right',
  Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Backslash: '\\', Semicolon: ';',
  Quote: "'", Comma: ',', Period: '.', Slash: '/', Backquote: '`',
  NumpadAdd: 'numadd', NumpadSubtract: 'numsub', NumpadMultiply: 'nummult', NumpadDivide: 'numdiv', NumpadDecimal: 'numdec',
};

/** From the physical key: Shift+1 stays "1", not "!". */
function keyName(code: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^Numpad[0-9]$/.test(code)) return `num${code.slice(6)}`;
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) return code;
  return NAMED_CODES[code] ?? null;
}

type RecordOutcome =
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
  // It would steal typing from every app: main refuses it, this is the early hint.
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

type KeyWord = 'key.ctrl' | 'key.alt' | 'key.altGr' | 'key.shift' | 'key.super' | 'key.enter' | 'key.esc' | 'key.space' | 'key.tab' | 'key.backspace'
  | 'key.delete' | 'key.insert' | 'key.home' | 'key.end' | 'key.pageUp' | 'key.pageDown' | 'key.up' | 'key.down' | 'key.left' | 'key.right' | 'key.plus';

const MAC_SYMBOLS: Record<string, string> = { commandorcontrol: '⌘', command: '⌘', super: '⌘', control: '⌃', alt: '⌥', shift: '⇧' };

const KEY_WORDS: Record<string, KeyWord> = {
  commandorcontrol: 'key.ctrl', control: 'key.ctrl', alt: 'key.alt', altgr: 'key.altGr', shift: 'key.shift', super: 'key.super', command: 'key.super',
  return: 'key.enter', enter: 'key.enter', escape: 'key.esc', esc: 'key.esc', space: 'key.space', tab: 'key.tab', backspace: 'key.backspace',
  delete: 'key.delete', insert: 'key.insert', home: 'key.home', end: 'key.end', pageup: 'key.pageUp', pagedown: 'key.pageDown',
  up: 'key.up', down: 'key.down', left: 'key.left', right: 'key.right', plus: 'key.plus',
};

const NUMPAD: Record<string, string> = { numadd: '+', numsub: '−', nummult: '×', numdiv: '÷', numdec: ',' };

export function keyLabel(i18n: Translator, part: string, isMac: boolean): string {
  const lower = part.toLowerCase();
  const alias = ALIASES[lower] ?? lower;
  if (isMac && MAC_SYMBOLS[alias]) return MAC_SYMBOLS[alias];
  const word = KEY_WORDS[alias];
  if (word) return i18n.t(word);
  if (/^num[0-9]$/.test(alias)) return i18n.t('key.numpad', { key: alias.slice(3) });
  const numpad = NUMPAD[alias];
  if (numpad) return i18n.t('key.numpad', { key: numpad });
  return part;
}

/** "Strg+Umschalt+K", "⌘+⇧+K". */
export function displayAccelerator(i18n: Translator, accelerator: string, isMac: boolean): string {
  // "Ctrl++" is Ctrl with the + key.
  const parts = accelerator.split('+').map((part, i, all) => (part === '' && i === all.length - 1 ? 'Plus' : part)).filter((part) => part !== '');
  return parts.map((part) => keyLabel(i18n, part, isMac)).join('+');
}
