// What each accelerator is on each platform, written by hand from Electron's table of
// modifiers (https://www.electronjs.org/docs/latest/api/accelerator: CommandOrControl is
// Cmd on macOS and Ctrl elsewhere; Super/Meta is Cmd on macOS and the Windows key
// elsewhere; Command and Option do nothing on Windows and Linux) and from each OS's own
// list of shortcuts. The judge of the shortcut policy: the tests
// compare main's rules with this table instead of with themselves.
import type { AppPlatform } from '../../src-main/app/ports';

type Verdict = 'ok' | 'no';
/** accelerator → [macOS, Windows, Linux], with why where it is refused. */
export const SHORTCUT_TABLE: [string, Verdict, Verdict, Verdict, string][] = [
  ['Ctrl+Alt+K', 'ok', 'ok', 'ok', ''],
  ['CommandOrControl+Shift+K', 'ok', 'ok', 'ok', ''],
  ['Super+Ctrl+K', 'ok', 'ok', 'ok', 'Cmd+Ctrl+K; Win+Ctrl+K'],
  ['Alt+Shift+1', 'no', 'ok', 'ok', 'macOS: Option+Shift+1 types ⁄'],
  ['Alt+Shift+C', 'no', 'ok', 'ok', 'macOS: Option types'],
  ['Cmd+K', 'ok', 'no', 'no', 'Windows/Linux: Command does nothing, so a bare K'],
  ['Super+L', 'ok', 'no', 'no', 'Windows/Linux: Win+L locks'],
  ['Super+F5', 'no', 'no', 'no', 'macOS: Cmd+F5 turns VoiceOver on; elsewhere the desktop’s Win key'],
  ['CmdOrCtrl+Alt+Up', 'ok', 'ok', 'no', 'Linux: Ctrl+Alt+Up switches workspace'],
  ['Ctrl+Alt+T', 'ok', 'ok', 'no', 'Linux: opens a terminal'],
  ['Ctrl+Alt+F2', 'ok', 'ok', 'no', 'Linux: switches to a text console'],
  ['Ctrl+Alt+Delete', 'ok', 'no', 'no', 'Windows: security screen; Linux: log out'],
  ['Ctrl+Insert', 'ok', 'no', 'no', 'Windows/Linux: copy'],
  ['Control+Space', 'no', 'ok', 'ok', 'macOS: input source'],
  ['Super+C', 'no', 'no', 'no', 'macOS: Cmd+C copies; elsewhere the Win key'],
  ['Super+V', 'no', 'no', 'no', 'macOS: Cmd+V pastes'],
  ['Super+X', 'no', 'no', 'no', 'macOS: Cmd+X cuts'],
  ['Super+Z', 'no', 'no', 'no', 'macOS: Cmd+Z undoes'],
  ['Super+A', 'no', 'no', 'no', 'macOS: Cmd+A selects all'],
  ['Super+Q', 'no', 'no', 'no', 'macOS: Cmd+Q quits'],
  ['Super+W', 'no', 'no', 'no', 'macOS: Cmd+W closes'],
  ['Meta+Shift+V', 'no', 'no', 'no', 'macOS: Cmd+Shift+V pastes'],
  ['Super+Shift+3', 'no', 'no', 'no', 'macOS: screenshot'],
  ['Ctrl+Cmd+Q', 'no', 'no', 'no', 'macOS: locks the screen; elsewhere Ctrl+Q quits'],
  ['CommandOrControl+C', 'no', 'no', 'no', 'copy'],
  ['Ctrl+V', 'no', 'no', 'no', 'paste (macOS: Ctrl+V in terminals and text fields)'],
  ['Ctrl+Shift+C', 'no', 'no', 'no', 'terminal copy'],
  ['Command+Q', 'no', 'no', 'no', 'macOS: quits; elsewhere a bare Q'],
  ['Alt+Tab', 'no', 'no', 'no', 'switches windows (macOS: Option types)'],
  ['Alt+F4', 'no', 'no', 'no', 'closes windows (macOS: Option types)'],
  ['Alt+Space', 'no', 'no', 'no', 'window menu (macOS: Option types)'],
  ['Option+Up', 'no', 'no', 'no', 'macOS: Option alone; elsewhere a bare Up'],
  ['AltGr+K', 'no', 'no', 'no', 'AltGr types characters'],
  ['Shift+Insert', 'no', 'no', 'no', 'paste; Shift types'],
  ['Shift+A', 'no', 'no', 'no', 'typing'],
  ['F13', 'no', 'no', 'no', 'a bare key'],
  ['K', 'no', 'no', 'no', 'a bare key'],
  ['Ctrl+Banana', 'no', 'no', 'no', 'not a key'],
];

const COLUMN = { darwin: 1, win32: 2, linux: 3 } as const;
const SPELLINGS: Record<string, string> = { ctrl: 'control', cmd: 'command', cmdorctrl: 'commandorcontrol', meta: 'super', esc: 'escape', enter: 'return' };

/** One spelling per accelerator (Electron's aliases, any order and case): syntax only, no policy. */
function spelling(accelerator: string): string {
  const tokens = accelerator.trim().toLowerCase().split('+').map((t) => SPELLINGS[t] ?? t);
  const key = tokens.pop() ?? '';
  return [...tokens.sort(), key].join('+');
}

/** The table's verdict for an accelerator in any spelling, or undefined when the table does not list it. */
export function tableAllows(accelerator: string, platform: AppPlatform): boolean | undefined {
  const row = SHORTCUT_TABLE.find(([a]) => spelling(a) === spelling(accelerator));
  return row ? row[COLUMN[platform === 'other' ? 'linux' : platform]] === 'ok' : undefined;
}
