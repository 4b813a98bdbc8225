// One launch's `electron` module: the modules main.ts uses, each a double, and every other
// name Electron's main process exports as a stub that throws naming itself. Also the
// test's view of that launch: what the OS shows (tray, notifications, shortcuts, windows)
// and the user's and OS's actions.
import type { BrowserContext } from '@playwright/test';
import { ELECTRON_EXPORTS } from '../hooks.mjs';
import { AppDouble } from './app';
import { browserWindowClass, type BrowserWindowDouble } from './browser-window';
import { DialogDouble } from './dialog';
import { IpcMainDouble } from './ipc-main';
import { notificationClass, type NotificationDouble } from './notification';
import { ProtocolDouble, SessionDouble } from './protocol';
import type { ElectronModule } from './registry';
import { SafeStorageDouble, type StorageBackend } from './safe-storage';
import { ShellDouble } from './shell';
import { notImplemented, strict } from './strict';
import { GlobalShortcutDouble, NativeThemeDouble, PowerMonitorDouble, screenDouble } from './system';
import { MenuDouble, nativeImageDouble, trayClass, type TrayDouble } from './tray';
import { AutoUpdaterDouble, NetDouble, partitionSessions } from './net';

export interface DoubleOptions {
  userData: string;
  argv: readonly string[];
  /** A Chromium context per launch (one session), created on the first window. */
  context(): Promise<BrowserContext>;
  locks: Map<string, AppDouble>;
  keyringKey: Buffer;
  storageBackend?: StorageBackend;
  isPackaged?: boolean;
  takenAccelerators?: readonly string[];
  notificationsSupported?: boolean;
  /** Negative control: the sender identity every invoke claims, whatever the frame. */
  forgeSenderUrl?: string;
  /** Negative control: code appended to the preload (a deliberately weakened one). */
  weakenPreload?: string;
  /** Benchmarks: a main-world script every page runs before its own (a timing probe). */
  instrument?: string;
  /** PEM certificates the machine trusts for `net` (the update tests' local feed). */
  trustedCertificates?: readonly string[];
  /** app.getVersion(): the installed version (the update tests relaunch "after the update"). */
  version?: string;
}

export class ElectronDouble {
  readonly app: AppDouble;
  readonly ipcMain = new IpcMainDouble();
  readonly protocol: ProtocolDouble;
  readonly session: { defaultSession: SessionDouble; fromPartition: ReturnType<typeof partitionSessions> };
  /** What electron-updater calls (issue 26): net.request, its session, autoUpdater's one event. */
  readonly net: NetDouble;
  readonly autoUpdater = new AutoUpdaterDouble();
  readonly globalShortcut: GlobalShortcutDouble;
  readonly powerMonitor: PowerMonitorDouble;
  readonly nativeTheme = new NativeThemeDouble();
  readonly dialog = new DialogDouble();
  readonly shell = new ShellDouble();
  readonly safeStorage: SafeStorageDouble;
  readonly windows = new Set<BrowserWindowDouble>();
  /** Every window main created, closed ones included. */
  readonly createdWindows: BrowserWindowDouble[] = [];
  readonly trays: TrayDouble[] = [];
  readonly notifications: NotificationDouble[] = [];
  /** What `import … from 'electron'` gives this launch. */
  readonly module: ElectronModule;
  /** Resolves with the first BrowserWindow main creates (the popup). */
  readonly firstWindow: Promise<BrowserWindowDouble>;

  constructor(options: DoubleOptions) {
    const isReady = () => this.app.isReady();
    this.session = { defaultSession: new SessionDouble(), fromPartition: partitionSessions(isReady) };
    this.net = new NetDouble({ isReady, trustedCertificates: () => options.trustedCertificates ?? [] });
    let windowCreated!: (window: BrowserWindowDouble) => void;
    this.firstWindow = new Promise((resolve) => (windowCreated = resolve));
    this.app = new AppDouble({
      userData: options.userData,
      argv: options.argv,
      isPackaged: options.isPackaged ?? true,
      name: 'Counter Tray',
      version: options.version ?? '0.1.0',
      locks: options.locks,
      closeAllWindows: () => [...this.windows].every((window) => window.close()),
      destroyAllWindows: () => [...this.windows].forEach((window) => window.destroy()),
    });
    this.protocol = new ProtocolDouble(isReady);
    this.globalShortcut = new GlobalShortcutDouble(isReady, new Set(options.takenAccelerators ?? []));
    this.powerMonitor = new PowerMonitorDouble(isReady);
    this.safeStorage = new SafeStorageDouble(isReady, options.keyringKey, options.storageBackend ?? 'gnome_libsecret');
    const BrowserWindow = browserWindowClass({
      isReady,
      context: options.context,
      protocol: this.protocol,
      ipcMain: this.ipcMain,
      windows: this.windows,
      created: (window) => {
        this.createdWindows.push(window);
        windowCreated(window);
      },
      ...(options.forgeSenderUrl ? { forgeSenderUrl: options.forgeSenderUrl } : {}),
      ...(options.weakenPreload ? { weakenPreload: options.weakenPreload } : {}),
      ...(options.instrument ? { instrument: options.instrument } : {}),
    });
    const implemented: ElectronModule = {
      app: strict(this.app, 'app'),
      BrowserWindow,
      ipcMain: strict(this.ipcMain, 'ipcMain'),
      protocol: strict(this.protocol, 'protocol'),
      session: strict(this.session, 'session'),
      globalShortcut: strict(this.globalShortcut, 'globalShortcut'),
      powerMonitor: strict(this.powerMonitor, 'powerMonitor'),
      screen: strict(screenDouble(isReady), 'screen'),
      nativeTheme: strict(this.nativeTheme, 'nativeTheme'),
      nativeImage: strict(nativeImageDouble, 'nativeImage'),
      Menu: MenuDouble,
      Tray: trayClass(isReady, this.trays),
      Notification: notificationClass(this.notifications, () => options.notificationsSupported ?? true),
      safeStorage: strict(this.safeStorage, 'safeStorage'),
      dialog: strict(this.dialog, 'dialog'),
      shell: strict(this.shell, 'shell'),
      net: strict(this.net, 'net'),
      autoUpdater: strict(this.autoUpdater, 'autoUpdater'),
    };
    this.module = Object.fromEntries(ELECTRON_EXPORTS.map((name) => [name, implemented[name] ?? notImplemented(`electron.${name}`)]));
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
