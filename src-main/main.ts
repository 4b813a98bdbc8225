// The main process's composition root, the only module that imports 'electron' at top level: every
// wire between Electron-free logic (app/, desktop/) and the adapters taking Electron objects (electron/).
import { app, BrowserWindow, dialog, globalShortcut, ipcMain, Menu, nativeImage, nativeTheme, Notification, powerMonitor, protocol, safeStorage, screen, session, shell, systemPreferences, Tray } from 'electron';
import type { NativeImage } from 'electron';
// electron-log/node, not /main: the main entry registers unchecked ipcMain handlers at import (electron/logging.ts).
import log from 'electron-log/node';
import { release, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realClock } from './core/contract';
import { createAppController, toAppPlatform } from './app/controller';
import { createActions } from './electron/actions';
import { electronPorts } from './electron/controller-ports';
import { HIDDEN_FLAG, loginItemOf } from './electron/login-item';
import { serveAppPages } from './electron/app-protocol';
import { configureLogging } from './electron/logging';
import { TEXT_LIMITS } from '../src-shared/text/server-text';
import { createOsNotifications } from './electron/os-notifications';
import { createPopup, POPUP_SIZE, popupMaterial } from './electron/popup';
import { createMiniWindow, MINI_SIZE } from './electron/mini-window';
import { createTextFile } from './app/storage/text-file';
import { createShortcutRegistrar } from './electron/shortcuts';
import { watchSystem } from './electron/system';
import { bitmapImages, createTrayController } from './electron/tray';
import { deferUpdates } from './app/updates/deferred-updates';
import { hardenContents, hardenSession, popupWindowOptions } from './electron/window-security';
import { createDeltaSender, registerInvokeHandlers } from './ipc/main-wrapper';
import { APP_SCHEME } from './ipc/sender-check';
import { APP_INDEX_URL } from './desktop/app-assets';
import { EXIT, parseCommandLine, wantsDemo, type CommandLine } from './desktop/command-line';
import { createCliAnswers } from './desktop/cli-answers';
import { callRunningApp, channelPlace, CLI_TIMING, openChannel } from './electron/cli-channel';
import { createNotifier, refusalNotices } from './desktop/notifications';
import { translatorFor } from '../src-shared/i18n/compile';
import type { Notice } from '../src-shared/i18n/notice';
import { launchMarkName, type LaunchMilestone } from './desktop/launch-milestones';
import { createLinkInbox, createLinks, linkInArgv, protocolClientArgs } from './desktop/links';
import { createReminders } from './desktop/reminders';

const here = dirname(fileURLToPath(import.meta.url)); // dist/main
const rendererRoot = join(here, '..', 'renderer');
const preloadPath = join(here, 'preload.cjs');
// Unpackaged development only: the Vite dev server. A packaged app never loads http.
const devServerOrigin = !app.isPackaged && process.env.COUNTER_TRAY_DEV_SERVER ? new URL(process.env.COUNTER_TRAY_DEV_SERVER).origin : undefined;
const platform = toAppPlatform(process.platform);
/** Performance marks: a profile shows them, the boot bench reads them. */
const markLaunch = (milestone: LaunchMilestone) => performance.mark(launchMarkName(milestone));

// Tests point the profile elsewhere. Unpackaged only: in a packaged app an environment variable must
// not swap in a profile (a token bound to another server) another process prepared.
if (!app.isPackaged && process.env.COUNTER_TRAY_USER_DATA) app.setPath('userData', process.env.COUNTER_TRAY_USER_DATA);
// Nothing secret exists to log before the controller; afterwards its sanitizer runs on every line.
let sanitizeLog = (text: string) => text;
configureLogging(log, { logsDir: () => app.getPath('logs'), redact: (text) => sanitizeLog(text) });
// Wayland: global shortcuts through the XDG portal (electron/electron#45171); `--increment` stays the fallback.
if (platform === 'linux') app.commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal');
if (platform === 'win32') app.setAppUserModelId('app.counttogether.countertray');
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

// A launch by a link is the link alone: a web page must not smuggle in a flag (not even the command line's).
const launchLink = linkInArgv(process.argv);
// macOS sends links as open-url, which can come before ready: kept, in order, until run() follows them.
const linkInbox = createLinkInbox(launchLink);

// ── The command line (docs/command-line.md): --increment/--decrement/--get/--json make this process a
// client of the running app's channel. It never takes the single-instance lock: nothing is handed over twice.
const commandLine: CommandLine = launchLink ? { kind: 'none' } : parseCommandLine(process.argv);
const cliPlace = () => channelPlace(process.platform, app.getPath('userData'), userInfo(), tmpdir());
if (commandLine.kind === 'cli' || commandLine.kind === 'usage') {
  const caller = { path: cliPlace().path, execPath: process.execPath, argv: process.argv, systemLanguages: app.getPreferredSystemLanguages(), hiddenFlag: HIDDEN_FLAG };
  void callRunningApp(commandLine, caller).then((code) => app.exit(code), () => app.exit(EXIT.unavailable));
} else if (!app.requestSingleInstanceLock()) {
  // A second launch hands its argv to the running instance and leaves.
  app.quit();
} else {
  const protocolClient = protocolClientArgs(platform, process.defaultApp === true, process.execPath, process.argv);
  if (protocolClient) app.setAsDefaultProtocolClient(...protocolClient);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    linkInbox.push(url);
  });
  // A tray app: closing the popup or the mini window must not quit.
  app.on('window-all-closed', () => undefined);
  app
    .whenReady()
    .then(run)
    .catch((error: unknown) => {
      log.error('startup failed', error);
      app.exit(1);
    });
}
markLaunch('main-evaluated');

async function run(): Promise<void> {
  markLaunch('ready');
  if (platform === 'darwin') app.dock?.hide();
  const userData = app.getPath('userData');
  serveAppPages(protocol, rendererRoot);
  hardenSession(session.defaultSession, devServerOrigin);

  let quitting = false;
  const material = popupMaterial({ platform: process.platform, osRelease: release(), dark: nativeTheme.shouldUseDarkColors });
  const url = devServerOrigin ? `${devServerOrigin}/` : APP_INDEX_URL;
  const popup = createPopup({ createWindow: (options) => new BrowserWindow(options), windowOptions: popupWindowOptions(preloadPath, POPUP_SIZE, process.platform, material.options), url, screen, platform, isQuitting: () => quitting });
  hardenContents(popup.window.webContents, (message) => log.warn(message));
  markLaunch('window-created');
  const mini = createMiniWindow({ createWindow: (options) => new BrowserWindow(options), windowOptions: popupWindowOptions(preloadPath, MINI_SIZE, process.platform, material.options), url, screen, file: createTextFile(join(userData, 'mini-window.json')), log: (m) => log.warn(m), isQuitting: () => quitting });

  const notifications = (onClick: (counterId: string | undefined) => void) =>
    createOsNotifications({ isSupported: () => Notification.isSupported(), create: (options) => new Notification(options), onClick });
  const logger = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) };
  const systemTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
  const openSettings = () => void actions.tray({ kind: 'openSettings' });
  const updateNotifications = notifications(openSettings);
  // Built after the first paint (deferred-updates.ts): the feed settings, version rules and electron-updater are not on the launch's path.
  const updates = deferUpdates(async () =>
    (await import('./electron/update-wiring')).createAppUpdates(app, {
      platform,
      userData,
      mode: () => controller.settings().updates.mode,
      notify: (notice) => {
        const i18n = controller.translator();
        updateNotifications.deliver({ title: notice.title(i18n), body: notice.body(i18n) });
      },
      clean: (text, max) => controller.redact(text, max),
      log: logger,
      restart: () => void quit({ install: true }),
    }),
  );

  const controller = createAppController(
    electronPorts(
      { app, dialog, safeStorage, nativeTheme, systemPreferences, shell },
      { userData, platform, logger, translator: () => controller.translator(), systemTimezone, windowMaterial: material.material, hideWindow: () => popup.hide(), updates, windows: { keepOpen: popup.setKeepOpen, mini: (open) => void mini.setOpen(open) } },
    ),
  );
  sanitizeLog = (text) => controller.redact(text, TEXT_LIMITS.log);

  const trayBounds = () => tray.tray.getBounds();
  const openPopup = (fromTray: boolean) => void popup.show({ kind: fromTray ? 'tray' : 'other', trayBounds: trayBounds() });
  const osNotifications = notifications((counterId) => actions.notificationClicked(counterId));
  const actions = createActions({
    controller,
    openPopup,
    togglePopup: () => void popup.toggle({ kind: 'other', trayBounds: trayBounds() }),
    alert: (title, body) => osNotifications.deliver({ title, body }),
    quit: () => void quit(),
  });
  const tray = createTrayController<Menu, NativeImage>({
    createTray: (image) => new Tray(image),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    createImage: bitmapImages((buffer, options) => nativeImage.createFromBitmap(buffer, options)),
    platform,
    onAction: (action) => void actions.tray(action),
    onClick: (bounds) => void popup.toggle({ kind: 'tray', trayBounds: bounds }),
    scaleFactor: () => screen.getPrimaryDisplay().scaleFactor,
  });

  const notifier = createNotifier({
    clock: realClock,
    deliver: (n) => osNotifications.deliver(n),
    preferences: () => controller.settings().notifications,
    i18n: () => controller.translator(),
  });
  const reminders = createReminders({
    clock: realClock,
    timezone: () => controller.settings().timezone ?? systemTimezone(),
    settings: () => controller.settings(),
    state: () => controller.getState(),
    recordsRead: () => controller.recordsRead(),
    file: createTextFile(join(userData, 'reminders.json')),
    i18n: () => controller.translator(),
    deliver: (notice) => osNotifications.deliver(notice),
    add: (id) => void controller.dispatchFrom('reminder')('counter:increment', { id }),
    warn: (message) => log.warn(message),
  });
  const deliverNotice = (notice: Notice) => {
    const i18n = controller.translator();
    osNotifications.deliver({ title: i18n.t(notice.title), body: notice.body(i18n) });
  };
  const shortcuts = createShortcutRegistrar(globalShortcut, (action) => void actions.shortcut(action), (failures) => controller.setShortcutFailures(failures), platform);
  const loginItem = loginItemOf(platform, (s) => app.setLoginItemSettings(s), (message, error) => log.warn(message, error));

  controller.on('state:delta', createDeltaSender(() => (popup.window.isDestroyed() ? null : popup.window.webContents)));
  controller.on('state:delta', createDeltaSender(mini.contents));
  let lastState = controller.getState();
  controller.on('state:changed', (state) => {
    tray.update(state);
    // The popup says it itself when it is open; otherwise the OS does.
    if (!popup.isVisible()) for (const notice of refusalNotices(lastState, state, translatorFor(state.locale))) osNotifications.deliver(notice);
    lastState = state;
    notifier.connectionChanged(state.core?.connection.status ?? 'idle');
    reminders.stateChanged(state);
  });
  controller.onRemoteChange((change) => notifier.remoteChange(change));
  controller.onNotice(deliverNotice);
  controller.onAnnouncement((announcement) => notifier.announce(announcement));
  controller.onSettingsChanged((next, previous) => {
    if (JSON.stringify(next.shortcuts) !== JSON.stringify(previous.shortcuts)) shortcuts.apply(next.shortcuts);
    if (next.launchAtLogin !== previous.launchAtLogin) void loginItem(next.launchAtLogin);
    if (next.theme !== previous.theme) nativeTheme.themeSource = next.theme;
    if (next.updates.mode !== previous.updates.mode) updates.modeChanged();
    reminders.settingsChanged(next, previous);
  });
  const closeIpc = registerInvokeHandlers(ipcMain, controller.dispatch, { trustedWebContentsIds: () => new Set([popup.webContentsId(), ...mini.webContentsIds()]), ...(devServerOrigin ? { devServerOrigin } : {}) }, (channel, reason) =>
    log.warn(`IPC ${channel} refused: ${reason}`),
  );
  const stopWatching = watchSystem({
    powerMonitor,
    clock: realClock,
    readTimezone: systemTimezone,
    readLanguages: () => app.getPreferredSystemLanguages(),
    onLanguagesChange: () => controller.systemLanguagesChanged(),
    onResume: () => {
      notifier.beginResync();
      controller.notifyResume();
      reminders.check(); // one missed while asleep, if its day is not over
    },
    onClockCheck: () => {
      controller.checkDay();
      reminders.check();
    },
    onTimezoneChange: () => {
      notifier.beginResync();
      controller.systemTimezoneChanged();
      reminders.check();
    },
  });
  // A link's argv is the link alone; a plain launch shows the popup; the command line's launcher (--hidden), racing a start, does not.
  app.on('second-instance', (_event, argv) => {
    const link = linkInArgv(argv);
    const line = link ? null : parseCommandLine(argv);
    if (link) linkInbox.push(link);
    else if (line?.kind === 'open' || (line?.kind === 'none' && !argv.includes(HIDDEN_FLAG))) openPopup(false);
  });

  /** The one way out: every unsent click written, then, for "Restart to update", the installer. */
  async function quit(options: { install?: boolean } = {}): Promise<void> {
    if (quitting) return;
    quitting = true;
    updates.stop();
    shortcuts.unregisterAll();
    notifier.dispose();
    const remindersSaved = reminders.stop();
    stopWatching();
    closeIpc();
    await controller.stop().catch((error: unknown) => log.warn('stop failed', error));
    await Promise.all([mini.flush(), remindersSaved]);
    tray.destroy();
    // electron-updater quits the app itself once its installer is running.
    if (await updates.beforeExit(options.install === true)) return;
    app.quit();
  }
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    void quit();
  });

  markLaunch('page-load-started');
  // A page that fails to load leaves the tray working.
  const pageLoaded = popup.load().then(
    () => (markLaunch('page-loaded'), true),
    (error: unknown) => (log.error('the popup page did not load', error), false),
  );

  // Tray and shortcuts never wait for the server, the command line's channel waits for the counters itself; a link needs them first.
  const { notices } = await controller.start({ awaitConnection: launchLink !== undefined });
  const settings = controller.settings();
  nativeTheme.themeSource = settings.theme;
  shortcuts.apply(settings.shortcuts);
  if (settings.launchAtLogin) void loginItem(true);
  notices.forEach(deliverNotice);
  void reminders.start();
  tray.update(controller.getState());
  // Once the page has loaded, in the mode the settings name; the mini window back if it was open at the last quit.
  void pageLoaded
    .then((loaded) => {
      if (loaded) void mini.reopen();
      return updates.start();
    })
    .catch((error: unknown) => log.warn('updates did not start', error));

  // Links: followed once the counters are known, the ones that came before in order.
  const links = createLinks({ controller, openPopup: () => openPopup(false), notify: ({ opensSettings, undo, ...notice }) => osNotifications.deliver({ ...notice, ...(undo ? { actions: [undo] } : {}), ...(opensSettings ? { onClick: openSettings } : {}) }) });
  linkInbox.open((url) => void links.follow(url));

  if (wantsDemo(process.argv)) {
    // For this run only; the stored token stays.
    const demo = await controller.dispatch('session:startDemo', {});
    if (!demo.ok) log.warn(`demo failed to start: ${demo.error.message}`);
    openPopup(false);
  } else if (commandLine.kind === 'open') openPopup(false);
  else if (!process.argv.includes(HIDDEN_FLAG) && controller.getState().session.status === 'signedOut') openPopup(false); // first run: onboarding

  // ── The command line's channel (docs/command-line.md): opened last, off the launch's path.
  const answers = createCliAnswers({ controller, move: actions.commandLine, alert: actions.commandLineRefused, clock: realClock, waitMs: CLI_TIMING.settleMs });
  const channel = await openChannel(cliPlace(), answers).catch((error: unknown) => void log.warn('the command line channel did not open', error));
  if (channel) app.on('will-quit', () => void channel.close());
}
