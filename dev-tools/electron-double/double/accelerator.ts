// Electron's accelerator parser, ported from shell/browser/ui/accelerator_util.cc
// StringToAccelerator and shell/common/keyboard_util.cc KeyboardCodeFromStr (v45 line):
// tokens split on "+" (empty ones dropped, so "Ctrl++" has no key), case-insensitive names,
// single characters by their key (a shifted one adds Shift), the last key wins, an unknown
// token counts as an unknown key. No key, or non-ASCII text: not an accelerator (gin's
// conversion fails and the call throws). Two strings naming the same key and modifiers are
// the same accelerator, as ui::Accelerator compares them.

const NAMED: Record<string, string> = {
  alt: 'ALT', altgr: 'ALTGR', backspace: 'BACK', capslock: 'CAPITAL', cmd: 'COMMAND', cmdorctrl: 'CMDORCTRL', command: 'COMMAND', commandorcontrol: 'CMDORCTRL',
  control: 'CONTROL', ctrl: 'CONTROL', delete: 'DELETE', down: 'DOWN', end: 'END', enter: 'RETURN', esc: 'ESCAPE', escape: 'ESCAPE', home: 'HOME', insert: 'INSERT',
  left: 'LEFT', medianexttrack: 'MEDIA_NEXT_TRACK', mediaplaypause: 'MEDIA_PLAY_PAUSE', mediaprevioustrack: 'MEDIA_PREV_TRACK', mediastop: 'MEDIA_STOP', meta: 'COMMAND',
  numadd: 'ADD', numdec: 'DECIMAL', numdiv: 'DIVIDE', numlock: 'NUMLOCK', nummult: 'MULTIPLY', numsub: 'SUBTRACT', option: 'ALT', pagedown: 'NEXT', pageup: 'PRIOR',
  plus: 'OEM_PLUS+', printscreen: 'SNAPSHOT', return: 'RETURN', right: 'RIGHT', scrolllock: 'SCROLL', shift: 'SHIFT', space: 'SPACE', super: 'COMMAND', tab: 'TAB', up: 'UP',
  volumedown: 'VOLUME_DOWN', volumemute: 'VOLUME_MUTE', volumeup: 'VOLUME_UP',
  ...Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`f${i + 1}`, `F${i + 1}`])),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`num${i}`, `NUMPAD${i}`])),
};

/** KeyboardCodeFromCharCode: the key of a single character, "+" marking the shifted ones. */
const CHARACTERS: Record<string, string> = {
  ' ': 'SPACE', '!': '1+', '"': 'OEM_7+', '#': '3+', $: '4+', '%': '5+', '&': '7+', '(': '9+', ')': '0+', '*': '8+', '+': 'OEM_PLUS+', ',': 'OEM_COMMA', '-': 'OEM_MINUS',
  '.': 'OEM_PERIOD', '/': 'OEM_2', ':': 'OEM_1+', ';': 'OEM_1', '<': 'OEM_COMMA+', '=': 'OEM_PLUS', '>': 'OEM_PERIOD+', '?': 'OEM_2+', '@': '2+', '[': 'OEM_4', "'": 'OEM_7',
  '\\': 'OEM_5', ']': 'OEM_6', '^': '6+', _: 'OEM_MINUS+', '`': 'OEM_3', '{': 'OEM_4+', '|': 'OEM_5+', '}': 'OEM_6+', '~': 'OEM_3+', '\b': 'BACK', '\t': 'TAB', '\r': 'RETURN',
  '\u001b': 'ESCAPE', '\u007f': 'DELETE',
  ...Object.fromEntries('0123456789abcdefghijklmnopqrstuvwxyz'.split('').map((c) => [c, c.toUpperCase()])),
};

const MODIFIERS = new Set(['SHIFT', 'CONTROL', 'ALT', 'COMMAND', 'ALTGR']);

/** The accelerator as ui::Accelerator identifies it (key and modifiers), or undefined when Electron would not parse it. */
export function parseAccelerator(text: unknown, platform: NodeJS.Platform): string | undefined {
  if (typeof text !== 'string' || [...text].some((char) => char.charCodeAt(0) > 0x7f)) return undefined;
  const modifiers = new Set<string>();
  let key: string | undefined;
  for (const token of text.split('+').map((part) => part.trim()).filter((part) => part !== '')) {
    const lower = token.toLowerCase();
    const found = token.length === 1 ? CHARACTERS[lower] : NAMED[lower];
    const shifted = found?.endsWith('+') ?? false;
    let code = found?.replace(/\+$/, '');
    if (code === 'CMDORCTRL') code = platform === 'darwin' ? 'COMMAND' : 'CONTROL';
    if (shifted) modifiers.add('SHIFT');
    if (code !== undefined && MODIFIERS.has(code)) modifiers.add(code);
    else key = code; // an unknown token is an unknown key: a later key may still replace it
  }
  if (key === undefined) return undefined;
  return [...['COMMAND', 'CONTROL', 'ALT', 'ALTGR', 'SHIFT'].filter((m) => modifiers.has(m)), key].join('+');
}
