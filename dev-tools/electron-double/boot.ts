// Boots the real build output (dist/main/main.js, which loads dist/main/preload.cjs and
// dist/renderer through its own protocol handler) with only Electron replaced by the
// Electron double. In-process: each launch imports main.js afresh (its own module graph,
// its own double), so a relaunch or a second instance is a new "process" as far as the
// app can tell. A DesktopMachine holds what outlives a launch: the profile folder, the
// keyring key, the single-instance locks.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AppDouble } from './double/app';
import { ElectronDouble, type DoubleOptions } from './double/electron-double';
import { addLaunch, setCurrentLaunch } from './double/registry';

const ROOT = new URL('../../', import.meta.url);
export const MAIN_JS = new URL('dist/main/main.js', ROOT);

let hooksRegistered = false;
function registerHooks(): void {
  if (hooksRegistered) return;
  register(new URL('./hooks.mjs', import.meta.url));
  hooksRegistered = true;
}

/** Node caches CommonJS modules by file, whatever the import URL: drop electron-log's so each launch evaluates it afresh. */
function forgetCommonJsDependencies(): void {
  const cache = createRequire(import.meta.url).cache;
  for (const key of Object.keys(cache)) if (key.includes('/node_modules/electron-log/')) delete cache[key];
}

export type LaunchOptions = Pick<DoubleOptions, 'storageBackend' | 'isPackaged' | 'takenAccelerators' | 'notificationsSupported' | 'systemLanguages' | 'forgeSenderUrl' | 'weakenPreload' | 'weakenWebPreferences' | 'instrument' | 'version'> & {
  /** Negative controls: a weakened build of main.js to run instead (test/electron-double/updates/weak-build.ts): each update-safety rule shown to be what stops an install. */
  mainJs?: URL;
};

let nextLaunch = 1;

/** One Chromium context per launch (Electron's default session). Pages have no network: each window routes its own app:// requests, anything else (a window.open page, say) is refused. */
async function openContext(browser: Browser): Promise<BrowserContext> {
  // Each window's page takes its window's size (page-host.ts).
  const context = await browser.newContext();
  await context.route('**/*', (route) => route.abort('blockedbyclient'));
  return context;
}

export class Launch {
  private constructor(
    readonly id: string,
    readonly electron: ElectronDouble,
  ) {}

  static async start(machine: DesktopMachine, args: readonly string[], options: LaunchOptions): Promise<Launch> {
    registerHooks();
    const id = String(nextLaunch++);
    let context: Promise<BrowserContext> | undefined;
    // Electron's argv: the executable, the app folder, then the user's arguments.
    const argv = [process.execPath, '.', ...args];
    const { mainJs = MAIN_JS, ...doubleOptions } = options;
    const electron = new ElectronDouble({
      ...doubleOptions,
      trustedCertificates: machine.trustedCertificates,
      userData: machine.userData,
      argv,
      context: () => (context ??= openContext(machine.browser)),
      locks: machine.locks,
      keyringKey: machine.keyringKey,
    });
    const launch = new Launch(id, electron);
    addLaunch(id, electron.module);
    setCurrentLaunch(id);
    forgetCommonJsDependencies();
    const primary = machine.primary();
    // Each Electron process has its own process.argv; in-process launches share one. A launch sees its
    // own while main.js is evaluated (the command line is read there); the running app keeps its own after.
    const primaryArgv = process.argv;
    process.argv = argv;
    // Electron's process.resourcesPath: the packaged app's resources folder (app-update.yml, package-type).
    (process as { resourcesPath?: string }).resourcesPath = machine.resourcesPath;
    try {
      await import(`${mainJs.href}?electron-double-launch=${id}`);
    } finally {
      setCurrentLaunch(primary?.id ?? id);
      if (primary) process.argv = primaryArgv;
    }
    electron.mark('main-evaluated');
    // Electron emits 'ready' once the main script has run (unless it quit first).
    electron.app.emitReady();
    // Its windows go with it. The double stays registered: a late callback of an exited launch finds it, not a crash.
    void electron.app.exited.then(async () => (await context)?.close().catch(() => undefined));
    machine.launches.push(launch);
    return launch;
  }

  get app(): AppDouble {
    return this.electron.app;
  }

  get exited(): Promise<number> {
    return this.electron.app.exited;
  }

  get running(): boolean {
    return this.electron.app.exitCode === undefined;
  }

  /** The popup's Chromium page, once main has created the window. */
  async popup(): Promise<Page> {
    return (await this.electron.firstWindow).page();
  }

  /** The OS asks the app to quit (logout, Cmd+Q): app.quit(), then wait for the exit. */
  async quit(): Promise<number> {
    this.electron.app.quit();
    return this.exited;
  }
}

export class DesktopMachine {
  readonly userData: string;
  /** The installed app's resources folder (process.resourcesPath): empty unless a test puts electron-builder's files there. */
  readonly resourcesPath: string;
  /** Certificates this machine's trust store holds, for `net` (PEM). */
  readonly trustedCertificates: string[] = [];
  readonly keyringKey = randomBytes(32);
  readonly locks = new Map<string, AppDouble>();
  readonly launches: Launch[] = [];
  private readonly root: string;
  private readonly argv = process.argv;

  constructor(readonly browser: Browser) {
    this.root = mkdtempSync(join(tmpdir(), 'counter-tray-double-'));
    this.userData = join(this.root, 'Counter Tray');
    this.resourcesPath = join(this.root, 'resources');
    mkdirSync(this.resourcesPath);
  }

  /** Starts dist/main/main.js as `counter-tray <args>`. */
  launch(args: readonly string[] = [], options: LaunchOptions = {}): Promise<Launch> {
    return Launch.start(this, args, options);
  }

  primary(): Launch | undefined {
    return this.launches.find((launch) => launch.running && launch.app.hasSingleInstanceLock());
  }

  /** Ends every launch still running as the OS would at logout (app.quit(), so main stops its core), then app.exit(). */
  async close(): Promise<void> {
    await Promise.all(this.launches.filter((launch) => launch.running).map((launch) => quitOrExit(launch)));
    process.argv = this.argv;
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** main's before-quit path stops the core and its sockets; exit(0) if it does not finish (an in-process launch cannot be killed). */
async function quitOrExit(launch: Launch, graceMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  launch.app.quit();
  await Promise.race([launch.exited, late]);
  clearTimeout(timer);
  if (launch.running) launch.app.exit(0);
  await launch.exited;
}
