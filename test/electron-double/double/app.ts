// `app`: life cycle, paths, the single-instance lock and the quit sequence, after
// https://www.electronjs.org/docs/latest/api/app. The test drives 'ready' (bootApp emits it
// once main.js has been evaluated, as Electron does after running the main script).
import { EventEmitter } from 'node:events';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';

export interface AppOptions {
  userData: string;
  argv: readonly string[];
  isPackaged: boolean;
  name: string;
  version: string;
  /** The machine's single-instance locks (one per userData, as Electron keys them). */
  locks: Map<string, AppDouble>;
  /** Closes the windows on quit (BrowserWindow 'close' can cancel it); false when one refused. */
  closeAllWindows(): boolean;
  destroyAllWindows(): void;
}

export class ElectronEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class AppDouble extends EventEmitter {
  readonly isPackaged: boolean;
  readonly name: string;
  readonly dock = undefined; // Linux: app.dock exists on macOS only
  readonly commandLine;
  readonly switches: [string, string | undefined][] = [];
  readonly loginItemCalls: unknown[] = [];
  exitCode: number | undefined;
  private ready = false;
  private readonly paths = new Map<string, string>();
  private readonly readyPromise: Promise<void>;
  private resolveReady!: () => void;
  private readonly exitedPromise: Promise<number>;
  private resolveExited!: (code: number) => void;

  constructor(private readonly options: AppOptions) {
    super();
    this.isPackaged = options.isPackaged;
    this.name = options.name;
    this.paths.set('userData', options.userData);
    this.paths.set('appData', dirname(options.userData));
    this.paths.set('logs', join(options.userData, 'logs'));
    this.paths.set('temp', tmpdir());
    this.paths.set('exe', process.execPath);
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
    this.exitedPromise = new Promise((resolve) => (this.resolveExited = resolve));
    const switches = this.switches;
    this.commandLine = {
      appendSwitch: (name: string, value?: string) => void switches.push([name, value]),
      hasSwitch: (name: string) => switches.some(([n]) => n === name),
      getSwitchValue: (name: string) => switches.find(([n]) => n === name)?.[1] ?? '',
    };
  }

  get argv(): readonly string[] {
    return this.options.argv;
  }

  /** Resolves with the exit code once the launch has quit or exited. */
  get exited(): Promise<number> {
    return this.exitedPromise;
  }

  isReady = (): boolean => this.ready;
  whenReady = (): Promise<void> => this.readyPromise;
  getName = (): string => this.name;
  getVersion = (): string => this.options.version;
  setAppUserModelId = (_id: string): void => undefined;

  /** Test side: what Electron does after the main script ran. */
  emitReady(): void {
    if (this.ready || this.exitCode !== undefined) return;
    this.ready = true;
    this.emit('will-finish-launching');
    this.emit('ready', new ElectronEvent(), {});
    this.resolveReady();
  }

  getPath = (name: string): string => {
    const path = this.paths.get(name);
    if (path === undefined) throw new Error(`Electron double: app.getPath('${name}') is not modelled`);
    return path;
  };

  setPath = (name: string, path: string): void => {
    this.paths.set(name, path);
  };

  // app docs: "On Linux … setLoginItemSettings" has no effect (macOS and Windows only).
  setLoginItemSettings = (settings: unknown): void => {
    this.loginItemCalls.push(settings);
  };

  // app docs, requestSingleInstanceLock: false in a second instance, whose argv reaches the
  // first through 'second-instance' (event, argv, workingDirectory, additionalData).
  requestSingleInstanceLock = (additionalData?: Record<string, unknown>): boolean => {
    const key = this.paths.get('userData') ?? '';
    const holder = this.options.locks.get(key);
    if (holder && holder !== this && holder.exitCode === undefined) {
      const argv = [...this.argv];
      setImmediate(() => holder.emit('second-instance', new ElectronEvent(), argv, process.cwd(), additionalData ?? {}));
      return false;
    }
    this.options.locks.set(key, this);
    return true;
  };

  hasSingleInstanceLock = (): boolean => this.options.locks.get(this.paths.get('userData') ?? '') === this;

  releaseSingleInstanceLock = (): void => {
    const key = this.paths.get('userData') ?? '';
    if (this.options.locks.get(key) === this) this.options.locks.delete(key);
  };

  // app docs, quit: 'before-quit' → windows closed → 'will-quit' → 'quit'; preventDefault()
  // in 'before-quit' or 'will-quit', or a window's 'close', cancels.
  quit = (): void => {
    if (this.exitCode !== undefined) return;
    const beforeQuit = new ElectronEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    if (!this.options.closeAllWindows()) return;
    const willQuit = new ElectronEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.emit('quit', new ElectronEvent(), 0);
    this.finish(0);
  };

  // app docs, exit: no quit events, windows closed at once.
  exit = (code = 0): void => {
    if (this.exitCode !== undefined) return;
    this.options.destroyAllWindows();
    this.finish(code);
  };

  private finish(code: number): void {
    this.exitCode = code;
    this.releaseSingleInstanceLock();
    this.resolveExited(code);
  }
}
