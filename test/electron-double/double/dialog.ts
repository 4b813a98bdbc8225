// dialog, after https://www.electronjs.org/docs/latest/api/dialog and lib/browser/api/dialog.ts
// (v45 line): only after ready; the options checked as Electron checks them, with its words;
// cancelId chosen as Electron chooses it. Message boxes are answered by the test: a box the
// test did not expect fails the launch loudly (a consent prompt nobody planned for is a
// behaviour change, not noise).
import { refuseBeforeReady } from './strict';

export interface MessageBoxOptions {
  message: string;
  type?: string;
  title?: string;
  detail?: string;
  buttons?: string[];
  checkboxLabel?: string;
  checkboxChecked?: boolean;
  defaultId?: number;
  cancelId?: number;
  noLink?: boolean;
}

export interface DialogAnswer {
  /** Matches the box (its message or detail). */
  match: RegExp;
  /** The label of the button the user clicks, or 'cancel' for Esc / closing the box (its cancelId). */
  click: string;
  checkboxChecked?: boolean;
}

const MESSAGE_BOX_TYPES = ['none', 'info', 'warning', 'error', 'question'];

/** dialog.ts messageBox(): the checks, in Electron's order and words, and the cancelId it settles on. */
function checkMessageBox(options: Record<string, unknown>): { buttons: string[]; cancelId: number } {
  const { buttons = [], cancelId, checkboxLabel = '', checkboxChecked, defaultId = -1, detail = '', noLink = false, message = '', title = '', type = 'none' } = options;
  if (!MESSAGE_BOX_TYPES.includes(type as string)) throw new TypeError('Invalid message box type');
  if (!Array.isArray(buttons)) throw new TypeError('Buttons must be an array');
  if (typeof title !== 'string') throw new TypeError('Title must be a string');
  if (typeof noLink !== 'boolean') throw new TypeError('noLink must be a boolean');
  if (typeof message !== 'string') throw new TypeError('Message must be a string');
  if (typeof detail !== 'string') throw new TypeError('Detail must be a string');
  if (typeof checkboxLabel !== 'string') throw new TypeError('checkboxLabel must be a string');
  if (checkboxChecked && !checkboxLabel) throw new Error('checkboxChecked requires that checkboxLabel also be passed');
  let cancel = cancelId as number | undefined;
  if (cancel == null) {
    cancel = defaultId === 0 && buttons.length > 1 ? 1 : 0;
    const index = (buttons as unknown[]).findIndex((button) => ['cancel', 'no'].includes((button as string).toLowerCase()));
    if (index >= 0) cancel = index;
  }
  return { buttons: buttons as string[], cancelId: cancel };
}

export class DialogDouble {
  readonly shown: MessageBoxOptions[] = [];
  readonly unexpected: string[] = [];
  private readonly answers: DialogAnswer[] = [];

  constructor(private readonly isReady: () => boolean) {}

  /** Test side: the next box matching `answer.match` gets this answer (once). */
  expect(answer: DialogAnswer): void {
    this.answers.push(answer);
  }

  pendingExpectations(): string[] {
    return this.answers.map((answer) => String(answer.match));
  }

  // Not async: Electron's checks throw synchronously; only the user's answer comes later.
  showMessageBox = (windowOrOptions: unknown, maybeOptions?: unknown): Promise<{ response: number; checkboxChecked: boolean }> => {
    refuseBeforeReady(this.isReady, 'dialog module can only be used after app is ready');
    const raw = (maybeOptions ?? windowOrOptions ?? { type: 'none', message: '' }) as Record<string, unknown>;
    const { buttons, cancelId } = checkMessageBox(raw);
    const options = raw as unknown as MessageBoxOptions;
    this.shown.push(options);
    const text = `${options.message ?? ''}\n${options.detail ?? ''}`;
    const index = this.answers.findIndex((answer) => answer.match.test(text));
    if (index < 0) {
      this.unexpected.push(String(options.message));
      return Promise.reject(new Error(`Electron double: unexpected dialog "${String(options.message)}" (the test set no answer for it)`));
    }
    const [answer] = this.answers.splice(index, 1);
    // Windows and Linux show one "OK" for an empty button list.
    const labels = buttons.length > 0 ? buttons : ['OK'];
    const response = answer?.click === 'cancel' ? cancelId : labels.indexOf(answer?.click ?? '');
    if (response < 0) return Promise.reject(new Error(`Electron double: dialog "${String(options.message)}" has no button "${answer?.click}" (buttons: ${labels.join(', ')})`));
    return Promise.resolve({ response, checkboxChecked: answer?.checkboxChecked ?? Boolean(options.checkboxChecked) });
  };

  showMessageBoxSync = (): never => {
    throw new Error('Electron double: dialog.showMessageBoxSync is not modelled (it blocks the main process; use showMessageBox)');
  };

  // Allowed before ready (Linux prints it to stderr then); a box nobody expected, so the fixture fails on it.
  showErrorBox = (title: string, content: string): void => {
    this.unexpected.push(`${title}: ${content}`);
  };
}
