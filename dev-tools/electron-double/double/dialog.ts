// dialog, after https://www.electronjs.org/docs/latest/api/dialog and lib/browser/api/dialog.ts
// (v45 line): only after ready; the options checked as Electron checks them, with its words;
// cancelId chosen as Electron chooses it. Message boxes, save and open dialogs are answered by
// the test: one the test did not expect fails the launch loudly (a consent prompt or a file
// chooser nobody planned for is a behaviour change, not noise).
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

/** What the native save dialog is given (dialog.ts saveDialog → file_dialog::DialogSettings), as the test sees it. */
export interface SaveDialogShown {
  title: string;
  defaultPath: string;
  buttonLabel: string;
  message: string;
  nameFieldLabel: string;
  /** Converted as gin converts them: a list that is not all { name: string, extensions: string[] } becomes [] (file_dialog_converter.cc). */
  filters: { name: string; extensions: string[] }[];
  /** The properties Electron knows for a save dialog (SaveFileDialogProperties); others are dropped. */
  properties: string[];
  /** The parent window, when one was passed (the dialog is then modal to it). */
  parent: boolean;
}

export interface SaveDialogAnswer {
  /** Matches the dialog (its title or its default path). */
  match: RegExp;
  /** The absolute path the user picks, or 'cancel' (Esc, closing the dialog). */
  filePath: string | 'cancel';
}

/** lib/browser/api/dialog.ts SaveFileDialogProperties, v45. */
const SAVE_PROPERTIES = ['createDirectory', 'showHiddenFiles', 'treatPackageAsDirectory', 'showOverwriteConfirmation', 'dontAddToRecent'];
/** lib/browser/api/dialog.ts OpenFileDialogProperties, v45. */
const OPEN_PROPERTIES = ['openFile', 'openDirectory', 'multiSelections', 'createDirectory', 'showHiddenFiles', 'promptToCreate', 'noResolveAliases', 'treatPackageAsDirectory', 'dontAddToRecent'];

/** What the native open dialog is given (dialog.ts openDialog), as the test sees it. */
type OpenDialogShown = Omit<SaveDialogShown, 'nameFieldLabel'>;

interface OpenDialogAnswer {
  /** Matches the dialog (its title). */
  match: RegExp;
  /** The absolute paths the user picks, or 'cancel' (Esc, closing the dialog). */
  filePaths: string[] | 'cancel';
}

/** setupOpen/SaveDialogProperties iterate with for…of: a non-iterable throws V8's own TypeError, unknown names are dropped. */
function knownProperties(properties: unknown, known: readonly string[]): string[] {
  const out: string[] = [];
  for (const property of properties as Iterable<unknown>) if (typeof property === 'string' && known.includes(property)) out.push(property);
  return out;
}

/** As gin converts them: a list that is not all { name: string, extensions: string[] } becomes [] (file_dialog_converter.cc). */
function convertFilters(filters: unknown): { name: string; extensions: string[] }[] {
  const isFilter = (f: unknown) => typeof f === 'object' && f !== null && typeof (f as { name?: unknown }).name === 'string' && Array.isArray((f as { extensions?: unknown }).extensions) && ((f as { extensions: unknown[] }).extensions).every((e) => typeof e === 'string');
  return Array.isArray(filters) && filters.every(isFilter) ? (filters as { name: string; extensions: string[] }[]).map((f) => ({ name: f.name, extensions: [...f.extensions] })) : [];
}

const isAbsolute = (path: string) => path.startsWith('/') || /^[A-Za-z]:\\/.test(path);

/** dialog.ts openDialog(): the defaults (no options: title "Open", openFile), the checks in Electron's order and words. */
function checkOpenDialog(options: Record<string, unknown> | null | undefined, parent: boolean): OpenDialogShown {
  const { buttonLabel = '', defaultPath = '', filters = [], properties = ['openFile'], title = '', message = '' } = options ?? { title: 'Open', properties: ['openFile'] };
  if (!Array.isArray(properties)) throw new TypeError('Properties must be an array');
  if (typeof title !== 'string') throw new TypeError('Title must be a string');
  if (typeof buttonLabel !== 'string') throw new TypeError('Button label must be a string');
  if (typeof defaultPath !== 'string') throw new TypeError('Default path must be a string');
  if (typeof message !== 'string') throw new TypeError('Message must be a string');
  return { title, defaultPath, buttonLabel, message, filters: convertFilters(filters), properties: knownProperties(properties, OPEN_PROPERTIES), parent };
}

/** dialog.ts saveDialog(): the defaults, the checks in Electron's order and words, then what the binding is handed. */
function checkSaveDialog(options: Record<string, unknown> | null | undefined, parent: boolean): SaveDialogShown {
  const { buttonLabel = '', defaultPath = '', filters = [], properties = [], title = '', message = '', nameFieldLabel = '' } = options ?? { title: 'Save' };
  if (typeof title !== 'string') throw new TypeError('Title must be a string');
  if (typeof buttonLabel !== 'string') throw new TypeError('Button label must be a string');
  if (typeof defaultPath !== 'string') throw new TypeError('Default path must be a string');
  if (typeof message !== 'string') throw new TypeError('Message must be a string');
  if (typeof nameFieldLabel !== 'string') throw new TypeError('Name field label must be a string');
  return { title, defaultPath, buttonLabel, message, nameFieldLabel, filters: convertFilters(filters), properties: knownProperties(properties, SAVE_PROPERTIES), parent };
}

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
  readonly savesShown: SaveDialogShown[] = [];
  readonly opensShown: OpenDialogShown[] = [];
  readonly unexpected: string[] = [];
  private readonly answers: DialogAnswer[] = [];
  private readonly saveAnswers: SaveDialogAnswer[] = [];
  private readonly openAnswers: OpenDialogAnswer[] = [];

  /** `isWindow` tells a BrowserWindow (a BaseWindow in Electron) from an options object, as dialog.ts does with instanceof. */
  constructor(
    private readonly isReady: () => boolean,
    private readonly isWindow: (value: unknown) => boolean = () => false,
  ) {}

  /** Test side: the next box matching `answer.match` gets this answer (once). */
  expect(answer: DialogAnswer): void {
    this.answers.push(answer);
  }

  /** Test side: the next save dialog matching `answer.match` is answered with this path, or cancelled (once). */
  expectSave(answer: SaveDialogAnswer): void {
    this.saveAnswers.push(answer);
  }

  /** Test side: the next open dialog matching `answer.match` is answered with these paths, or cancelled (once). */
  expectOpen(answer: OpenDialogAnswer): void {
    this.openAnswers.push(answer);
  }

  pendingExpectations(): string[] {
    return [...this.answers, ...this.saveAnswers, ...this.openAnswers].map((answer) => String(answer.match));
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

  /**
   * showSaveDialog([window, ]options) → Promise<{ canceled, filePath }>; a cancelled dialog
   * answers an empty path (docs/api/dialog.md). The checks throw synchronously, as in dialog.ts;
   * only the user's answer comes later. The double writes nothing: the app writes the file.
   */
  showSaveDialog = (windowOrOptions: unknown, maybeOptions?: unknown): Promise<{ canceled: boolean; filePath: string }> => {
    refuseBeforeReady(this.isReady, 'dialog module can only be used after app is ready');
    const parent = Boolean(windowOrOptions) && this.isWindow(windowOrOptions);
    const options = (windowOrOptions && !parent ? windowOrOptions : maybeOptions) as Record<string, unknown> | null | undefined;
    const shown = checkSaveDialog(options, parent);
    this.savesShown.push(shown);
    const index = this.saveAnswers.findIndex((answer) => answer.match.test(shown.title) || answer.match.test(shown.defaultPath));
    if (index < 0) {
      this.unexpected.push(`save dialog: ${shown.title}`);
      return Promise.reject(new Error(`Electron double: unexpected save dialog "${shown.title}" (the test set no answer for it)`));
    }
    const [answer] = this.saveAnswers.splice(index, 1);
    if (!answer || answer.filePath === 'cancel') return Promise.resolve({ canceled: true, filePath: '' });
    if (!isAbsolute(answer.filePath)) return Promise.reject(new Error(`Electron double: a save dialog answers an absolute path, not "${answer.filePath}"`));
    return Promise.resolve({ canceled: false, filePath: answer.filePath });
  };

  /**
   * showOpenDialog([window, ]options) → Promise<{ canceled, filePaths }>; a cancelled dialog answers
   * no paths (docs/api/dialog.md). Only openFile is modelled: one file, which the app reads itself.
   */
  showOpenDialog = (windowOrOptions: unknown, maybeOptions?: unknown): Promise<{ canceled: boolean; filePaths: string[] }> => {
    refuseBeforeReady(this.isReady, 'dialog module can only be used after app is ready');
    const parent = Boolean(windowOrOptions) && this.isWindow(windowOrOptions);
    const shown = checkOpenDialog((windowOrOptions && !parent ? windowOrOptions : maybeOptions) as Record<string, unknown> | null | undefined, parent);
    if (shown.properties.some((p) => p === 'openDirectory' || p === 'multiSelections')) throw new Error('Electron double: an open dialog for folders or several files is not modelled');
    this.opensShown.push(shown);
    const index = this.openAnswers.findIndex((answer) => answer.match.test(shown.title));
    if (index < 0) {
      this.unexpected.push(`open dialog: ${shown.title}`);
      return Promise.reject(new Error(`Electron double: unexpected open dialog "${shown.title}" (the test set no answer for it)`));
    }
    const [answer] = this.openAnswers.splice(index, 1);
    if (!answer || answer.filePaths === 'cancel') return Promise.resolve({ canceled: true, filePaths: [] });
    if (answer.filePaths.length !== 1 || !answer.filePaths.every(isAbsolute)) return Promise.reject(new Error(`Electron double: an openFile dialog answers one absolute path, not ${JSON.stringify(answer.filePaths)}`));
    return Promise.resolve({ canceled: false, filePaths: [...answer.filePaths] });
  };

  showOpenDialogSync = (): never => {
    throw new Error('Electron double: dialog.showOpenDialogSync is not modelled (it blocks the main process; use showOpenDialog)');
  };

  showSaveDialogSync = (): never => {
    throw new Error('Electron double: dialog.showSaveDialogSync is not modelled (it blocks the main process; use showSaveDialog)');
  };

  showMessageBoxSync = (): never => {
    throw new Error('Electron double: dialog.showMessageBoxSync is not modelled (it blocks the main process; use showMessageBox)');
  };

  // Allowed before ready (Linux prints it to stderr then); a box nobody expected, so the fixture fails on it.
  showErrorBox = (title: string, content: string): void => {
    this.unexpected.push(`${title}: ${content}`);
  };
}
