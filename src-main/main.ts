// The main process's composition root, the only module that imports 'electron' at top level: every
// wire between Electron-free logic (app/, desktop/) and the adapters taking Electron objects (electron/).
import { app, BrowserWindow, dialog, globalShortcut, ipcMain, Menu, nativeImage, nativeTheme, Notification, powerMonitor, protocol, safeStorage, screen, session, shell, systemPreferences, Tray } from 'electron';
import type { NativeImage } from 'electron';
// electron-log/node, not /main: the main entry registers unchecked ipcMain handlers at import (electron/logging.ts).
import log from 'electron-log/node';
import { readFile, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { release, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realClock } from './core/contract';
import { createAppController, toAppPlatform } from './app/controller';
import { startDemoService } from './app/session/demo';
import { realCoreFactory } from './app/session/real-core';
import { createTextFile } from './app/storage/text-file';
import { createFileSettingsStore } from './app/settings/file-settings-store';
import { createActions } from './electron/actions';
import { createSecretFile } from './electron/files';
import { pendingFileName } from './app/offline/account-pending-store';
import { HIDDEN_FLAG, loginItemOf } from './electron/login-item';
import { serveAppPages } from './electron/app-protocol';
import { configureLogging } from './electron/logging';
import { createConsentDialog } from './electron/consent-dialog';
import { createSaveDialog } from './electron/save-dialog';
import { TEXT_LIMITS } from '../src-shared/text/server-text';
import { createOsNotifications } from './electron/os-notifications';
import { createPopup, POPUP_SIZE, popupMaterial } from './electron/popup';
import { accentColorSource } from './electron/accent-color';
import { createShortcutRegistrar } from './electron/shortcuts';
import { themeSource, watchSystem } from './electron/system';
import { bitmapImages, createTrayController } from './electron/tray';
import { deferUpdates } from './app/updates/deferred-updates';
import { hardenContents, hardenSession, popupWindowOptions } from './electron/window-security';
import { createDeltaSender, registerInvokeHandlers } from './ipc/main-wrapper';
import { APP_SCHEME } from './ipc/sender-check';
import { APP_INDEX_URL } from './desktop/app-assets';
import { EXIT, launchArguments, parseCommandLine, wantsDemo, type CliAnswer, type CommandLine } from './desktop/command-line';
import { createCliAnswers } from './desktop/cli-answers';
import { channelPlace, CLI_TIMING, openChannel, runClient } from './electron/cli-channel';
import { resolveLocale } from '../src-shared/i18n/locale';
import { createNotifier, refusalNotices } from './desktop/notifications';
import { publicWebPage } from '../src-shared/domain/server-address';
import { createSafeStorageVault } from './desktop/token-vault';
import { translatorFor } from '../src-shared/i18n/compile';
import type { Notice } from '../src-shared/i18n/notice';
import { launchMarkName, type LaunchMilestone } from './desktop/launch-milestones';

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

// ── The command line (docs/command-line.md): --increment/--decrement/--get/--json make this process a
// client of the running app's channel. It never takes the single-instance lock: nothing is handed over twice.
const commandLine = parseCommandLine(process.argv);
const cliPlace = () => channelPlace(process.platform, app.getPath('userData'), userInfo(), tmpdir());
if (commandLine.kind === 'cli' || commandLine.kind === 'usage') void callRunningApp(commandLine).then((code) => app.exit(code), () => app.exit(EXIT.unavailable));
else if (!app.requestSingleInstanceLock()) {
  // A second launch hands its argv to the running instance and leaves.
  app.quit();
} else {
  // A tray app: closing the popup (the only window) must not quit.
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

/** Asks the running app, starting it (detached, without a popup) when nobody listens; prints its answer. */
async function callRunningApp(line: Extract<CommandLine, { kind: 'cli' | 'usage' }>): Promise<number> {
  const i18n = translatorFor(resolveLocale('system', app.getPreferredSystemLanguages()));
  const launch = () => spawn(process.execPath, [...launchArguments(process.argv.slice(1)), HIDDEN_FLAG], { detached: true, stdio: 'ignore' }).unref();
  const answer: CliAnswer =
    line.kind === 'usage'
      ? { code: EXIT.usage, stdout: '', stderr: `${i18n.say(line.words) ?? ''}\n${i18n.t('cli.usage')}` }
      : await runClient(line.request, { path: cliPlace().path, launch, ...CLI_TIMING, unavailable: i18n.t('cli.unavailable') });
  // Written before the exit: pipes are asynchronous on macOS.
  await new Promise((resolve) => process.stdout.write(answer.stdout, resolve));
  await new Promise((resolve) => process.stderr.write(answer.stderr && `${answer.stderr}\n`, resolve));
  return answer.code;
}

async function run(): Promise<void> {
  markLaunch('ready');
  if (platform === 'darwin') app.dock?.hide();
  const userData = app.getPath('userData');

  serveAppPages(protocol, rendererRoot);
  hardenSession(session.defaultSession, devServerOrigin);

  let quitting = false;
  const material = popupMaterial({ platform: process.platform, osRelease: release(), dark: nativeTheme.shouldUseDarkColors });
  const popup = createPopup({
    createWindow: (options) => new BrowserWindow(options),
    windowOptions: popupWindowOptions(preloadPath, POPUP_SIZE, process.platform, material.options),
    url: devServerOrigin ? `${devServerOrigin}/` : APP_INDEX_URL,
    screen,
    platform,
    isQuitting: () => quitting,
  });
  hardenContents(popup.window.webContents, (message) => log.warn(message));
  markLaunch('window-created');

  const notifications = (onClick: (counterId: string | undefined) => void) =>
    createOsNotifications({ isSupported: () => Notification.isSupported(), create: (options) => new Notification(options), onClick });
  const logger = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) };
  const systemTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
  const updateNotifications = notifications(() => void actions.tray({ kind: 'openSettings' }));
  // Built after the first paint (deferred-updates.ts): the feed settings, version rules and electron-updater are not on the launch's path.
  const updates = deferUpdates(async () => {
    const [{ createUpdates }, { createWhatsNewStore }] = await Promise.all([import('./electron/update-wiring'), import('./app/updates/whats-new')]);
    return createUpdates({
      facts: { platform, isPackaged: app.isPackaged, env: process.env, execPath: process.execPath, appStore: process.mas === true, windowsStore: process.windowsStore === true },
      resourcesPath: process.resourcesPath,
      readText: (path) => readFile(path, 'utf8').catch(() => null),
      // Loaded only for a copy that updates itself. CommonJS: its classes hang off the default export.
      createUpdater: async () => {
        const { default: updater } = await import('electron-updater');
        return platform === 'win32' ? new updater.NsisUpdater() : platform === 'darwin' ? new updater.MacUpdater() : new updater.AppImageUpdater();
      },
      // The relaunched copy must get the single-instance lock while this one is still exiting.
      beforeInstall: () => app.releaseSingleInstanceLock(),
      running: app.getVersion(),
      mode: () => controller.settings().updates.mode,
      clock: realClock,
      random: Math.random,
      whatsNew: createWhatsNewStore(createTextFile(join(userData, 'update-notes.json')), (m) => log.warn(m)),
      notify: (notice) => {
        const i18n = controller.translator();
        updateNotifications.deliver({ title: notice.title(i18n), body: notice.body(i18n) });
      },
      clean: (text, max) => controller.redact(text, max),
      log: logger,
      restart: () => void quit({ install: true }),
    });
  });

  const controller = createAppController({
    coreFactory: realCoreFactory,
    // Not electron-store: it registers an unchecked ipcMain listener.
    settings: createFileSettingsStore(join(userData, 'settings.json')),
    vault: createSafeStorageVault({ safeStorage, platform, file: createSecretFile(join(userData, 'token.json')), log: (m) => log.warn(m) }),
    // Asked here, never taken from the popup. No parent window: a sheet on the popup would hide with it on blur.
    consent: createConsentDialog((options) => dialog.showMessageBox(options), () => controller.translator(), (m) => log.warn(m)),
    saveFile: createSaveDialog((options) => dialog.showSaveDialog(options), (path, text) => writeFile(path, text, 'utf8'), () => controller.translator()),
    demo: () => startDemoService({ onError: (message) => log.warn(message) }),
    platform,
    systemTimezone,
    systemLanguages: () => app.getPreferredSystemLanguages(),
    theme: themeSource(nativeTheme),
    logger,
    pendingFiles: { forOwner: (owner) => createTextFile(join(userData, pendingFileName(owner))), legacy: createTextFile(join(userData, 'pending.json')) },
    lastKnownFile: createTextFile(join(userData, 'last-known-counters.json')),
    appVersion: app.getVersion(),
    windowMaterial: material.material,
    accent: accentColorSource(platform, systemPreferences),
    quit: () => app.quit(),
    // publicWebPage() refuses any origin but the public site's.
    openPublicPage: (path) => void shell.openExternal(publicWebPage(path)).catch((error: unknown) => log.warn('open link failed', error)),
    activityDir: userData,
    hideWindow: () => popup.hide(),
    updates,
  });
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
  const deliverNotice = (notice: Notice) => {
    const i18n = controller.translator();
    osNotifications.deliver({ title: i18n.t(notice.title), body: notice.body(i18n) });
  };
  const shortcuts = createShortcutRegistrar(globalShortcut, (action) => void actions.shortcut(action), (failures) => controller.setShortcutFailures(failures), platform);
  const loginItem = loginItemOf(platform, (s) => app.setLoginItemSettings(s), (message, error) => log.warn(message, error));

  controller.on('state:delta', createDeltaSender(() => (popup.window.isDestroyed() ? null : popup.window.webContents)));
  let lastState = controller.getState();
  controller.on('state:changed', (state) => {
    tray.update(state);
    // The popup says it itself when it is open; otherwise the OS does.
    if (!popup.isVisible()) for (const notice of refusalNotices(lastState, state, translatorFor(state.locale))) osNotifications.deliver(notice);
    lastState = state;
    notifier.connectionChanged(state.core?.connection.status ?? 'idle');
  });
  controller.onRemoteChange((change) => notifier.remoteChange(change));
  controller.onNotice(deliverNotice);
  controller.onAnnouncement((announcement) => notifier.announce(announcement));
  controller.onSettingsChanged((next, previous) => {
    if (JSON.stringify(next.shortcuts) !== JSON.stringify(previous.shortcuts)) shortcuts.apply(next.shortcuts);
    if (next.launchAtLogin !== previous.launchAtLogin) void loginItem(next.launchAtLogin);
    if (next.theme !== previous.theme) nativeTheme.themeSource = next.theme;
    if (next.updates.mode !== previous.updates.mode) updates.modeChanged();
  });
  const closeIpc = registerInvokeHandlers(ipcMain, controller.dispatch, { trustedWebContentsIds: () => new Set([popup.webContentsId()]), ...(devServerOrigin ? { devServerOrigin } : {}) }, (channel, reason) =>
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
    },
    onClockCheck: () => controller.checkDay(),
    onTimezoneChange: () => {
      notifier.beginResync();
      controller.systemTimezoneChanged();
    },
  });
  // A plain launch shows the popup; the command line's launcher (--hidden), racing a start, does not.
  app.on('second-instance', (_event, argv) => {
    const line = parseCommandLine(argv);
    if (line.kind === 'open' || (line.kind === 'none' && !argv.includes(HIDDEN_FLAG))) openPopup(false);
  });

  /** The one way out: every unsent click written, then, for "Restart to update", the installer. */
  async function quit(options: { install?: boolean } = {}): Promise<void> {
    if (quitting) return;
    quitting = true;
    updates.stop();
    shortcuts.unregisterAll();
    notifier.dispose();
    stopWatching();
    closeIpc();
    await controller.stop().catch((error: unknown) => log.warn('stop failed', error));
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

  // Tray and shortcuts never wait for the server; the command line's channel waits for the counters itself.
  const { notices } = await controller.start({ awaitConnection: false });
  const settings = controller.settings();
  nativeTheme.themeSource = settings.theme;
  shortcuts.apply(settings.shortcuts);
  if (settings.launchAtLogin) void loginItem(true);
  notices.forEach(deliverNotice);
  tray.update(controller.getState());
  markLaunch('page-load-started');
  const startUpdates = () => void updates.start().catch((error: unknown) => log.warn('updates did not start', error));
  // A page that fails to load leaves the tray working.
  popup.load().then(
    () => {
      markLaunch('page-loaded');
      startUpdates();
    },
    (error: unknown) => {
      log.error('the popup page did not load', error);
      startUpdates();
    },
  );

  if (wantsDemo(process.argv)) {
    // For this run only; the stored token stays.
    const demo = await controller.dispatch('session:startDemo', {});
    if (!demo.ok) log.warn(`demo failed to start: ${demo.error.message}`);
    openPopup(false);
  } else if (commandLine.kind === 'open') openPopup(false);
  else if (!process.argv.includes(HIDDEN_FLAG) && controller.getState().session.status === 'signedOut') openPopup(false); // first run: onboarding

  // ── The command line's channel (docs/command-line.md): opened last, off the launch's path.
  const answerCommandLine = createCliAnswers({ controller, move: actions.commandLine, alert: actions.commandLineRefused, clock: realClock, waitMs: CLI_TIMING.settleMs });
  const malformed = (): CliAnswer => ({ code: EXIT.usage, stdout: '', stderr: controller.translator().t('cli.malformed') });
  const channel = await openChannel(cliPlace(), { answer: answerCommandLine, malformed }).catch((error: unknown) => log.warn('the command line channel did not open', error));
  if (channel) app.on('will-quit', () => void channel.close());
}
