// One launch's `electron` module: the modules main.ts uses, each a double, and every other
// name Electron's main process exports as a stub that throws naming itself. Also the
// test's view of that launch: what the OS shows (tray, notifications, shortcuts, windows),
// the user's and OS's actions, Electron's own log, and the launch's life as timed marks.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { ELECTRON_EXPORTS } from '../hooks.mjs';
import { AppDouble, appAsSeenByMain } from './app';
import { browserWindowClass, type BrowserWindowDouble } from './browser-window';
import { DialogDouble } from './dialog';
import { GlobalShortcutDouble } from './global-shortcut';
import { IpcMainDouble } from './ipc-main';
import { menuClass } from './menu';
import { notificationClass, type NotificationDouble } from './notification';
import { ProtocolDouble, SessionDouble, sessionModule } from './protocol';
import type { ElectronModule } from './registry';
import { SafeStorageDouble, type StorageBackend } from './safe-storage';
import { ShellDouble } from './shell';
import { notImplemented, strict } from './strict';
import { NativeThemeDouble, PowerMonitorDouble, screenDouble, SystemPreferencesDouble, systemPreferencesAsSeenByMain } from './system';
import { nativeImageDouble, trayClass, type TrayDouble } from './tray';
import { AutoUpdaterDouble, NetDouble } from './net';

export interface DoubleOptions {
  userData: string;
  argv: readonly string[];
  /** A Chromium context per launch (one session), created on the first window. */
  context(): Promise<BrowserContext>;
  locks: Map<string, AppDouble>;
  keyringKey: Buffer;
  /** The OS the double plays (default: this machine's). Platform-only members and behaviours follow it. */
  platform?: NodeJS.Platform;
  storageBackend?: StorageBackend;
  isPackaged?: boolean;
  takenAccelerators?: readonly string[];
  notificationsSupported?: boolean;
  /** The OS's preferred languages, most wanted first (`app.getPreferredSystemLanguages()`; default en-US). */
  systemLanguages?: readonly string[];
  /** Negative control: the sender identity every invoke claims, whatever the frame. */
  forgeSenderUrl?: string;
  /** Negative control: code appended to the preload (a deliberately weakened one). */
  weakenPreload?: string;
  /** Negative control: webPreferences laid over the ones main asks for (a weakened window). */
  weakenWebPreferences?: Record<string, unknown>;
  /** Benchmarks: a main-world script every page runs before its own (a timing probe). */
  instrument?: string;
  /** PEM certificates the machine trusts for `net` (the update tests' local feed). */
  trustedCertificates?: readonly string[];
  /** app.getVersion(): the installed version (the update tests relaunch "after the update"). */
  version?: string;
  /** macOS Info.plist URL schemes; default: electron-builder.yml's `protocols`, as the builder writes them. */
  bundleSchemes?: readonly string[];
  /** macOS: the app is launched by this link (open-url before ready). */
  openUrl?: string;
}

/** The schemes electron-builder writes into Info.plist (js-yaml comes with electron-builder). */
function builderSchemes(): string[] {
  const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
  const config = yaml.load(readFileSync(fileURLToPath(new URL('../../../electron-builder.yml', import.meta.url)), 'utf8')) as { protocols?: { schemes?: string[] }[] };
  return (config.protocols ?? []).flatMap((protocol) => protocol.schemes ?? []);
}

/** A moment of the launch: 'main-evaluated', 'ready', 'window-created', 'page-loaded', 'exited'. */
export interface LifecycleMark {
  mark: string;
  /** Wall clock (performance.timeOrigin + performance.now()), comparable with the page's. */
  at: number;
}

export class ElectronDouble {
  readonly platform: NodeJS.Platform;
  readonly app: AppDouble;
  /** Lines Electron itself would log (LOG(ERROR), console.error in its lib/): each one a sign of misuse; the fixture fails on any. */
  readonly electronLog: string[] = [];
  readonly ipcMain = new IpcMainDouble((line) => this.electronLog.push(line));
  readonly protocol: ProtocolDouble;
  readonly defaultSession = new SessionDouble();
  /** What electron-updater calls: net.request with session.fromPartition's sessions, autoUpdater's one event. */
  readonly net: NetDouble;
  readonly autoUpdater = new AutoUpdaterDouble();
  readonly globalShortcut: GlobalShortcutDouble;
  readonly powerMonitor = new PowerMonitorDouble();
  readonly nativeTheme = new NativeThemeDouble();
  readonly systemPreferences: SystemPreferencesDouble;
  readonly dialog: DialogDouble;
  readonly shell = new ShellDouble();
  readonly safeStorage: SafeStorageDouble;
  readonly windows = new Set<BrowserWindowDouble>();
  /** Every window main created, closed ones included. */
  readonly createdWindows: BrowserWindowDouble[] = [];
  readonly trays: TrayDouble[] = [];
  readonly notifications: NotificationDouble[] = [];
  /** The launch's life: marks in order, and a 'mark' event for each (benchmarks time boot phases from these). */
  readonly timeline: LifecycleMark[] = [];
  readonly lifecycle = new EventEmitter();
  /** What `import … from 'electron'` gives this launch. */
  readonly module: ElectronModule;
  /** Resolves with the first BrowserWindow main creates (the popup). */
  readonly firstWindow: Promise<BrowserWindowDouble>;

  constructor(options: DoubleOptions) {
    this.platform = options.platform ?? process.platform;
    this.systemPreferences = new SystemPreferencesDouble(this.platform);
    const isReady = () => this.app.isReady();
    this.net = new NetDouble({ isReady, trustedCertificates: () => options.trustedCertificates ?? [] });
    let windowCreated!: (window: BrowserWindowDouble) => void;
    this.firstWindow = new Promise((resolve) => (windowCreated = resolve));
    this.app = new AppDouble({
      userData: options.userData,
      argv: options.argv,
      isPackaged: options.isPackaged ?? true,
      name: 'Counter Tray',
      version: options.version ?? '0.1.0',
      platform: this.platform,
      systemLanguages: options.systemLanguages ?? ['en-US'],
      locks: options.locks,
      bundleSchemes: options.bundleSchemes ?? builderSchemes(),
      closeAllWindows: () => [...this.windows].every((window) => window.close()),
      destroyAllWindows: () => [...this.windows].forEach((window) => window.destroy()),
    });
    this.app.once('ready', () => this.mark('ready'));
    void this.app.exited.then(() => this.mark('exited'));
    this.protocol = new ProtocolDouble(isReady);
    this.globalShortcut = new GlobalShortcutDouble(isReady, this.platform, options.takenAccelerators ?? []);
    this.dialog = new DialogDouble(isReady, (value) => [...this.createdWindows].some((window) => window === value || window.seenByMain === value));
    this.safeStorage = new SafeStorageDouble(isReady, options.keyringKey, options.storageBackend ?? 'gnome_libsecret');
    const BrowserWindow = browserWindowClass({
      isReady,
      platform: this.platform,
      context: options.context,
      protocol: this.protocol,
      ipcMain: this.ipcMain,
      windows: this.windows,
      electronLog: (line) => this.electronLog.push(line),
      created: (window) => {
        this.createdWindows.push(window);
        this.mark('window-created');
        window.webContents.once('did-finish-load', () => this.mark('page-loaded'));
        windowCreated(window);
      },
      ...(options.forgeSenderUrl ? { forgeSenderUrl: options.forgeSenderUrl } : {}),
      ...(options.weakenPreload ? { weakenPreload: options.weakenPreload } : {}),
      ...(options.weakenWebPreferences ? { weakenWebPreferences: options.weakenWebPreferences } : {}),
      ...(options.instrument ? { instrument: options.instrument } : {}),
    });
    const implemented: ElectronModule = {
      app: appAsSeenByMain(this.app, this.platform),
      BrowserWindow,
      ipcMain: strict(this.ipcMain, 'ipcMain', { pinned: ['IpcMain'] }),
      protocol: strict(this.protocol, 'protocol', { pinned: ['Protocol'] }),
      session: sessionModule(isReady, this.defaultSession, this.net.fromPartition),
      globalShortcut: strict(this.globalShortcut, 'globalShortcut', { pinned: ['GlobalShortcut'] }),
      powerMonitor: strict(this.powerMonitor, 'powerMonitor', { pinned: ['PowerMonitor'] }),
      screen: screenDouble(isReady),
      nativeTheme: strict(this.nativeTheme, 'nativeTheme', { pinned: ['NativeTheme'] }),
      systemPreferences: systemPreferencesAsSeenByMain(this.systemPreferences, this.platform),
      nativeImage: nativeImageDouble,
      Menu: menuClass,
      Tray: trayClass(isReady, this.platform, this.trays),
      Notification: notificationClass(isReady, this.notifications, () => options.notificationsSupported ?? true, this.platform),
      safeStorage: strict(this.safeStorage, 'safeStorage', { pinned: ['SafeStorage'] }),
      dialog: strict(this.dialog, 'dialog', { pinned: ['Dialog'] }),
      shell: strict(this.shell, 'shell', { pinned: ['Shell'] }),
      net: strict(this.net, 'net', { pinned: ['Net'] }),
      autoUpdater: strict(this.autoUpdater, 'autoUpdater', { pinned: ['AutoUpdater'] }),
    };
    this.module = Object.fromEntries(ELECTRON_EXPORTS.map((name) => [name, implemented[name] ?? notImplemented(`electron.${name}`)]));
  }

  /** Records a moment of the launch (boot.ts marks 'main-evaluated'). */
  mark(mark: string): void {
    const entry = { mark, at: performance.timeOrigin + performance.now() };
    this.timeline.push(entry);
    this.lifecycle.emit('mark', entry);
  }

  /** The popup (the app's only window). */
  get window(): BrowserWindowDouble {
    const [window] = this.windows;
    if (!window) throw new Error('Electron double: the app has no window');
    return window;
  }

  get tray(): TrayDouble {
    const tray = this.trays.find((candidate) => !candidate.destroyed) ?? this.trays.at(-1);
    if (!tray) throw new Error('Electron double: the app created no tray');
    return tray;
  }
}
