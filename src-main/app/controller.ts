// The app, minus Electron: main.ts and the harnesses drive this same object.
import type { ClickSource } from '../../src-shared/domain/activity';
import { Emitter, type Event } from '../../src-shared/events/emitter';
import { english, translatorFor } from '../../src-shared/i18n/compile';
import { stateLocale } from '../../src-shared/i18n/locale';
import type { Notice } from '../../src-shared/i18n/notice';
import type { AppState, AppStateBody } from '../../src-shared/ipc/contract';
import { afterReady, createIpcDispatcher, type Dispatch, type InvokeHandlers } from '../ipc/dispatch';
import { coreAfterRecords, createAccountData } from './account/account-data';
import type { Announcement } from './goals/goals-service';
import { createInvokeHandlers } from './invoke-handlers';
import { accountOwnerKey, createOwnClickWiring } from './offline/account-pending-store';
import { sealFor } from './offline/click-file-codec';
import { createLastKnownCache, createOfflineCounters } from './offline/offline-counters';
import type { AppController, AppControllerDeps, AppEvent, AppEvents, AppPlatform } from './ports';
import { TEXT_LIMITS } from '../../src-shared/text/server-text';
import { createSession } from './session/session';
import { createAppSettings } from './settings/app-settings';
import { settingsAtLaunch } from './settings/settings-rules';
import { realClock } from '../core/contract';
import { DayWatch } from '../core/midnight';
import { createStatePublisher } from './state/state-publisher';
/** Nothing recorded without a core: one object, so the popup's delta sees it unchanged. */
const NO_ACTIVITY: AppState['activity'] = { today: {}, undo: null };
const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function toAppPlatform(platform: string): AppPlatform {
  return platform === 'darwin' || platform === 'win32' || platform === 'linux' ? platform : 'other';
}

export function createAppController(deps: AppControllerDeps): AppController {
  const clock = deps.clock ?? realClock;
  const log = deps.logger ?? silentLogger;
  const platform = toAppPlatform(deps.platform);
  const settings = createAppSettings(deps.settings);
  /** The parts only main tells: shortcuts the OS refused, the OS's languages, what the popup is asked to show. */
  const view = { shortcutFailures: [] as AppState['shortcutFailures'], systemLanguages: deps.systemLanguages(), ask: null as AppState['ask'], keepOpen: false, cue: undefined as AppState['cue'] };
  const effectiveTimezone = () => settings.current().timezone ?? deps.systemTimezone();
  const publisher = createStatePublisher(() => getState(), clock);
  const changed = publisher.changed;
  const days = new DayWatch(clock, effectiveTimezone);
  days.onDayChanged(() => changed());
  const subscriptions: (() => void)[] = [];

  const notices = new Emitter<Notice>();
  const announcements = new Emitter<Announcement>();
  /** The log reads English; the user reads the language of the moment. */
  const logNotice = (notice: Notice) => log.warn(`${english().t(notice.title)}: ${notice.body(english())}`);
  const notify = (notice: Notice) => {
    logNotice(notice);
    notices.fire(notice);
  };

  const clicks = createOwnClickWiring({ pendingFiles: deps.pendingFiles, notify, nameOf: (id) => session.redact(offline.nameOf(id) ?? id, TEXT_LIMITS.name) });
  const session = createSession({
    coreFactory: coreAfterRecords(deps.coreFactory, () => accountData.prepare()),
    vault: deps.vault,
    demo: deps.demo,
    clock,
    log,
    settings,
    launchRetryMs: deps.launchRetryMs,
    coreSetup: (account) => ({
      // What the core set aside or corrected is worth a log line.
      log: (message: string) => log.warn(session.redact(message)),
      ...deps.coreOverrides,
      timezone: effectiveTimezone(),
      days,
      ...(account ? clicks.storeFor(sealFor(accountOwnerKey(account.baseUrl, account.token), account.token, account.legacyClicks)) : {}),
    }),
  });
  const redact = session.redact;
  const warn = (message: string) => log.warn(redact(message));
  const offline = createOfflineCounters({
    // Server text read back from a file another program may have written: sanitized again.
    cache: deps.lastKnownFile ? createLastKnownCache(deps.lastKnownFile, clock, (m) => log.warn(m), redact) : null,
    session,
    changed,
  });
  const accountData = createAccountData({
    clock,
    timezone: effectiveTimezone,
    changed,
    dataDir: deps.activityDir,
    ...(deps.activityFiles ? { activityFiles: deps.activityFiles } : {}),
    counters: () => session.core()?.snapshot().counters ?? [],
    listed: () => session.core()?.snapshot().connection.status === 'live',
    requireCounter: (id) => session.requireCounter(id),
    notice: notify,
    warn,
    announce: (announcement) => {
      if (announcement.kind === 'goalReached') cue('chime');
      announcements.fire({ ...announcement, name: redact(announcement.name, TEXT_LIMITS.name) });
    },
  });
  const { organise, counterReset } = accountData;

  session.onDidChange(() => {
    settings.followMode(session.state().mode);
    changed();
  });
  // Others' changes sound only when asked, and never for a counter muted on its edit page.
  session.onRemoteChange(({ counterId }) => {
    const { sounds, notifications } = settings.current();
    if (sounds.others && !notifications.mutedCounters.includes(counterId)) cue('click');
  });
  session.onCoreChanged(({ core, account }) => {
    clicks.watch(core);
    accountData.attach(core, account);
  });
  settings.onChanged(() => changed());
  let loggedConnection: string | undefined;
  publisher.onWillPublish(() => {
    offline.remember();
    // Activity, counters or the zone may have moved a goal or brought a milestone.
    void accountData.loaded()?.goals.recheck();
    organise.observe();
    // The popup says "Offline"; the core's detail goes to the log.
    const message = session.core()?.snapshot().connection.message;
    if (message !== loggedConnection) {
      loggedConnection = message;
      if (message) log.info(`connection: ${redact(message)}`);
    }
  });

  /** The same object until the choice or the OS's languages change. */
  let shownLocale: { key: string; locale: AppState['locale'] } | undefined;
  const locale = (key = `${settings.current().language}|${view.systemLanguages.join(',')}`) =>
    (shownLocale = shownLocale?.key === key ? shownLocale : { key, locale: stateLocale(settings.current().language, view.systemLanguages) }).locale;
  /** As its owners hold it now; names and refusals were sanitized as they entered the core, shown as they are. */
  function getState(): AppStateBody {
    const current = settings.current();
    const dark = current.theme === 'system' ? deps.theme.shouldUseDarkColors() : current.theme === 'dark';
    const core = session.core();
    const records = accountData.loaded();
    const accentColor = deps.accent?.current() ?? null;
    const shown = core ? { ...core.snapshot(), counters: offline.coreCounters(core) } : null;
    const updates = deps.updates?.state();
    return {
      session: session.state(),
      core: shown,
      lastKnown: offline.shown(),
      ...(deps.appVersion ? { appVersion: deps.appVersion } : {}),
      ...(deps.windowMaterial ? { windowMaterial: deps.windowMaterial } : {}),
      ...(accentColor ? { accentColor } : {}),
      settings: current,
      shortcutFailures: view.shortcutFailures,
      theme: dark ? 'dark' : 'light',
      platform,
      systemTimezone: deps.systemTimezone(),
      locale: locale(),
      ask: view.ask,
      ...(view.keepOpen ? { keepOpen: true } : {}),
      ...(view.cue ? { cue: view.cue } : {}),
      activity: core && records ? records.activity.summary() : NO_ACTIVITY,
      ...(updates ? { updates } : {}),
      ...(shown && records ? { extras: records.goals.view(), resetUndo: counterReset.offer(shown.counters) } : {}),
      ...(shown ? { organise: organise.view() } : {}),
    };
  }

  const handlersFor = (source: ClickSource): InvokeHandlers =>
    createInvokeHandlers(
      {
        publishDelta: publisher.publishDelta,
        offline,
        records: accountData.required,
        session,
        durable: clicks.durable,
        settings,
        effectiveTimezone,
        formatsLocale: () => locale().formats,
        platform,
        // Live, or last known while a launch connects: shortcuts may be set for these.
        knownCounterIds: () => new Set([...(session.core()?.snapshot().counters ?? []), ...(offline.shown()?.counters ?? [])].map((c) => c.id)),
        consent: deps.consent,
        organise,
        counterReset,
        saveFile: deps.saveFile,
        openFile: deps.openFile,
        clock,
        warn,
        shownCounters: () => getState().core?.counters ?? [],
        openPublicPage: deps.openPublicPage,
        quit: deps.quit,
        hideWindow: deps.hideWindow,
        keepOpen: (keep) => {
          view.keepOpen = keep;
          deps.windows?.keepOpen(keep);
          changed();
        },
        mini: (open) => deps.windows?.mini(open),
        updates: deps.updates,
        cue,
      },
      source,
    );
  const handlers = handlersFor('popup');
  const dispatcherOptions = {
    redact,
    onUnexpectedError: (channel: string, error: unknown) => log.error(`IPC ${channel} failed: ${redact(error instanceof Error ? error.message : String(error))}`),
  };
  // The popup loads while the controller starts: what it asks waits for the settings, token and last-known counters.
  let started = () => {};
  const dispatch = afterReady(new Promise<void>((resolve) => (started = resolve)), createIpcDispatcher(handlers, dispatcherOptions));
  const dispatchers = new Map<ClickSource, Dispatch>();
  const dispatchFrom = (source: Exclude<ClickSource, 'popup' | 'undo'>): Dispatch => {
    let found = dispatchers.get(source);
    if (!found) dispatchers.set(source, (found = createIpcDispatcher(handlersFor(source), dispatcherOptions)));
    return found;
  };
  const events: { [E in AppEvent]: Event<AppEvents[E]> } = {
    'state:changed': publisher.onState,
    'state:delta': publisher.onDelta,
  };
  /** Numbered like an ask; raised only while sounds are on. */
  function cue(sound: NonNullable<AppState['cue']>['sound']): void {
    if (!settings.current().sounds.on) return;
    view.cue = { sound, seq: (view.cue?.seq ?? 0) + 1 };
    changed();
  }
  /** Numbered anew (`Ask.seq`): the popup acts on it once, whenever it mounts. */
  const ask = (next: { kind: 'focusCounter'; id: string } | { kind: 'openSettings' }) => {
    view.ask = { ...next, seq: (view.ask?.seq ?? 0) + 1 };
    changed();
  };

  async function start(options: { awaitConnection?: boolean }): Promise<{ notices: Notice[] }> {
    // The stored token is known (and redacted) before anything that may quote it is read.
    const vaultLoad = await session.load();
    const stored = vaultLoad.stored;
    // Untrusted input: the rules of a user edit apply; plain http to another machine only with the vault's consent.
    const launch = await settingsAtLaunch(deps.settings, stored?.consents.plainHttp ? stored.origin : null, platform);
    const launchNotices = launch.notices;
    settings.loaded(launch.settings);
    days.check(); // in the zone the settings name
    const cacheNotice = (await offline.load()).notice;
    if (cacheNotice) launchNotices.push(cacheNotice);
    launchNotices.forEach(logNotice);
    subscriptions.push(deps.theme.onUpdated(changed));
    if (deps.accent) subscriptions.push(deps.accent.onChanged(changed));
    if (deps.updates) subscriptions.push(deps.updates.onChange(() => changed()));
    if (stored) {
      const resuming = session.resume(stored).catch((e: unknown) => log.error(`resume failed: ${redact(String(e))}`));
      if (options.awaitConnection ?? true) await resuming;
    }
    changed();
    if (vaultLoad.notice) notify({ title: 'notice.tokenNotUsedTitle', body: vaultLoad.notice });
    return { notices: launchNotices };
  }

  return {
    handlers,
    dispatch,
    dispatchFrom,
    getState,
    recordsRead: () => accountData.loaded()?.read() ?? Promise.resolve(),
    settings: () => settings.current(),
    redact,
    start: (options = {}) => start(options).finally(started),
    async stop() {
      publisher.cancel();
      offline.remember();
      subscriptions.splice(0).forEach((unsubscribe) => unsubscribe());
      await session.stop();
      days.stop();
      clicks.watch(null);
      await offline.flush();
      await accountData.stop();
    },
    on: (event, listener) => events[event](listener),
    onRemoteChange: session.onRemoteChange,
    onNotice: notices.event,
    onAnnouncement: announcements.event,
    onSettingsChanged: (listener) => settings.onChanged(({ next, previous }) => listener(next, previous)),
    focusCounter: (id) => ask({ kind: 'focusCounter', id }),
    openSettings: () => ask({ kind: 'openSettings' }),
    setShortcutFailures(failures) {
      view.shortcutFailures = failures;
      changed();
    },
    translator: () => translatorFor(locale()),
    notifyResume: () => {
      days.check(); // today's figures at once, before the server answers
      session.notifyResume();
      // A sleeping machine's timers run late: a milestone morning may have come meanwhile.
      void accountData.loaded()?.goals.recheck();
    },
    checkDay: () => days.check(),
    systemLanguagesChanged() {
      view.systemLanguages = deps.systemLanguages();
      changed();
    },
    systemTimezoneChanged() {
      const core = session.core();
      if (core && settings.current().timezone === null) core.setTimezone(effectiveTimezone());
      changed();
    },
  };
}
