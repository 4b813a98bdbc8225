// `app`: life cycle, paths, the single-instance lock and the quit sequence, after
// https://www.electronjs.org/docs/latest/api/app and shell/browser/api/electron_api_app.cc
// (v45 line). The test drives 'ready' (bootApp emits it once main.js has been evaluated, as
// Electron does after running the main script).
import { EventEmitter } from 'node:events';
import { dirname, isAbsolute, join } from 'node:path';
import { tmpdir } from 'node:os';
import { NotImplementedError, strict } from './strict';

export interface AppOptions {
  userData: string;
  argv: readonly string[];
  isPackaged: boolean;
  name: string;
  version: string;
  platform: NodeJS.Platform;
  /** What the OS reports as its preferred languages (the test can change them: `setSystemLanguages`). */
  systemLanguages: readonly string[];
  /** macOS: the URL schemes the bundle's Info.plist declares (CFBundleURLTypes, written from electron-builder.yml `protocols`). */
  bundleSchemes: readonly string[];
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

/** app docs, getPath(name): the names Electron knows (electron_api_app.cc GetPathConstant). */
const PATH_NAMES = new Set(['appData', 'assets', 'userData', 'sessionData', 'cache', 'temp', 'home', 'module', 'exe', 'desktop', 'documents', 'downloads', 'music', 'videos', 'pictures', 'logs', 'recent', 'crashDumps']);

/** Members electron_api_app.cc compiles in for one platform only (`#if BUILDFLAG(IS_WIN)`, `IS_MAC`). */
const PLATFORM_ONLY: Record<string, readonly NodeJS.Platform[]> = {
  setAppUserModelId: ['win32'],
  setToastActivatorCLSID: ['win32'],
  toastActivatorCLSID: ['win32'],
  setUserTasks: ['win32'],
  getJumpListSettings: ['win32'],
  setJumpList: ['win32'],
  dock: ['darwin'],
  isActive: ['darwin'],
  hide: ['darwin'],
  isHidden: ['darwin'],
  show: ['darwin'],
  showEmojiPanel: ['darwin', 'win32'],
};

export const absentOn = (platform: NodeJS.Platform): string[] => Object.entries(PLATFORM_ONLY).flatMap(([name, platforms]) => (platforms.includes(platform) ? [] : [name]));

export class AppDouble extends EventEmitter {
  readonly isPackaged: boolean;
  readonly name: string;
  readonly commandLine;
  readonly switches: [string, string | undefined][] = [];
  /** setLoginItemSettings calls, and whether they did anything (Browser::SetLoginItemSettings is empty on Linux). */
  readonly loginItemCalls: { settings: unknown; effective: boolean }[] = [];
  readonly appUserModelIds: string[] = [];
  /** setAsDefaultProtocolClient calls, and whether the OS took them. */
  readonly protocolClients: { protocol: string; path: string; args: string[]; registered: boolean }[] = [];
  /** macOS only: app.dock; what main asked of it. */
  readonly dockCalls: string[] = [];
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
    this.commandLine = strict(
      {
        appendSwitch: (name: string, value?: string) => void switches.push([name, value]),
        hasSwitch: (name: string) => switches.some(([n]) => n === name),
        getSwitchValue: (name: string) => switches.find(([n]) => n === name)?.[1] ?? '',
      },
      'app.commandLine',
      { pinned: ['CommandLine'] },
    );
  }

  get argv(): readonly string[] {
    return this.options.argv;
  }

  /** Resolves with the exit code once the launch has quit or exited. */
  get exited(): Promise<number> {
    return this.exitedPromise;
  }

  /** macOS: the Dock (app.dock); hide/show recorded, the rest of it fails loudly. */
  get dock(): unknown {
    return strict({ hide: () => void this.dockCalls.push('hide'), show: async () => void this.dockCalls.push('show') }, 'app.dock', { pinned: ['Dock'] });
  }

  isReady = (): boolean => this.ready;
  whenReady = (): Promise<void> => this.readyPromise;
  getName = (): string => this.name;
  getVersion = (): string => this.options.version;
  setAppUserModelId = (id: string): void => void this.appUserModelIds.push(id);

  // app docs, getPreferredSystemLanguages(): "the user's preferred system languages from most
  // preferred to least preferred, including the country codes if applicable"; on Linux from
  // g_get_language_names() without "C", each through base::i18n::GetCanonicalLocale
  // (shell/common/language_util_linux.cc): BCP 47 tags such as "de-DE". No ready rule.
  private languages: readonly string[] = [];
  getPreferredSystemLanguages = (): string[] => [...(this.languages.length ? this.languages : this.options.systemLanguages)];
  /** Test side: the user changes the OS's languages (the app polls; there is no event). */
  setSystemLanguages(languages: readonly string[]): void {
    this.languages = [...languages];
  }

  /** Test side: what Electron does after the main script ran. */
  emitReady(): void {
    if (this.ready || this.exitCode !== undefined) return;
    this.ready = true;
    this.emit('will-finish-launching');
    this.emit('ready', new ElectronEvent(), {});
    this.resolveReady();
  }

  // App::GetPath: "Failed to get '<name>' path" for a name Electron does not know.
  getPath = (name: string): string => {
    const path = this.paths.get(name);
    if (path !== undefined) return path;
    if (!PATH_NAMES.has(name)) throw new Error(`Failed to get '${name}' path`);
    throw new NotImplementedError(`app.getPath('${name}')`);
  };

  // app docs, setAsDefaultProtocolClient(protocol[, path, args]): "Returns boolean - Whether the call
  // succeeded"; false for an empty protocol (browser_*.cc); macOS registers only a scheme the
  // Info.plist declares ("cannot be modified at runtime"); path and args are Windows-only and
  // default to process.execPath and []. Linux: xdg-settings (browser_linux.cc), taken here.
  setAsDefaultProtocolClient = (protocol: string, path: string = process.execPath, args: string[] = []): boolean => {
    if (typeof protocol !== 'string') throw new TypeError('Error processing argument at index 0, conversion failure from ' + typeof protocol);
    const registered = protocol !== '' && (this.options.platform !== 'darwin' || this.options.bundleSchemes.includes(protocol));
    this.protocolClients.push({ protocol, path, args, registered });
    return registered;
  };

  /** Test side, macOS only: the OS hands the app a URL of its scheme ('open-url'; before ready when it launched the app). */
  openUrl(url: string): void {
    if (this.options.platform !== 'darwin') throw new Error('Electron double: open-url is macOS only (app docs); elsewhere the URL comes in argv');
    const scheme = url.slice(0, url.indexOf(':'));
    if (!this.options.bundleSchemes.includes(scheme)) throw new Error(`Electron double: macOS sends only URLs of a scheme in Info.plist, not ${scheme}`);
    this.emit('open-url', new ElectronEvent(), url);
  }

  // App::SetPath: "Path must be absolute"; "Failed to set path" for a name Electron does not know.
  setPath = (name: string, path: string): void => {
    if (typeof path !== 'string' || !isAbsolute(path)) throw new Error('Path must be absolute');
    if (!PATH_NAMES.has(name)) throw new Error('Failed to set path');
    this.paths.set(name, path);
  };

  // app docs: macOS and Windows only; on Linux the method exists and does nothing (browser_linux.cc).
  setLoginItemSettings = (settings: unknown): void => {
    this.loginItemCalls.push({ settings, effective: this.options.platform !== 'linux' });
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

/** `app` as main sees it: the pinned App's members, this platform's only. */
export const appAsSeenByMain = (app: AppDouble, platform: NodeJS.Platform): AppDouble => strict(app, 'app', { pinned: ['App'], absent: absentOn(platform) });
