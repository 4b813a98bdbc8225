// The app, minus Electron: runs the session (src-main/app/session.ts), builds the
// AppState the renderer sees and answers every invoke channel of the contract.
// The Electron shell and the browser e2e harness drive this same object.
import { DEFAULT_SETTINGS, type Settings } from '../../src-shared/domain/settings';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { ClickSource } from '../../src-shared/domain/activity';
import type { AppState, EventChannel, EventOf } from '../../src-shared/ipc/contract';
import type { CounterCore } from '../core/contract';
import { accountOwnerKey } from './offline/account-pending-store';
import { sealFor } from './offline/click-file-codec';
import { createAccountData } from './account/account-data';
import { createIpcDispatcher, type Dispatch, type InvokeHandlers } from '../ipc/dispatch';
import { createCoalescer } from './state/coalesce';
import { realClock as systemClock } from '../core/contract';
import { withAccountCounterSettings } from './session/demo-settings';
import { AppError } from '../ipc/errors';
import type { AppControllerDeps, AppPlatform } from './ports';
import { createSanitizer, TEXT_LIMITS } from './server-text';
import { isPublicServer } from '../../src-shared/domain/server-address';
import { createLastKnownCache } from './offline/last-known';
import { createOfflineCounters } from './offline/offline-counters';
import { createInvokeHandlers, type InvokeHandlerContext } from './invoke-handlers';
import { createOwnClickWiring } from './offline/own-clicks';
import { originOf } from './session/server-url';
import { createSession } from './session/session';
import { diffAppState } from './state/state-delta';
import { checkLoadedSettings } from './settings/settings-rules';
import { stateLocale } from '../../src-shared/i18n/locale';
import { words } from '../../src-shared/i18n/messages';
import { english, translatorFor } from '../../src-shared/i18n/compile';
import { sentences, type Notice } from '../../src-shared/i18n/notice';
import type { Translator } from '../../src-shared/i18n/translator';
import type { ExtrasAnnouncement } from './goals/extras-service';

export interface AppController {
  /**
   * Loads settings and the stored token and, if there is one, connects. Answers a one-time
   * notices (settings reset). The shell passes `awaitConnection: false` so the tray and the
   * shortcuts do not wait for a slow or unreachable server.
   */
  start(options?: { awaitConnection?: boolean }): Promise<{ notices: Notice[] }>;
  /** Stops the core and the demo service; nothing keeps running afterwards. */
  stop(): Promise<void>;
  readonly handlers: InvokeHandlers;
  readonly dispatch: Dispatch;
  /**
   * The same dispatcher for actions outside the popup (tray, shortcut, command line), so
   * the activity record and the undo offer know where a click came from.
   */
  dispatchFrom(source: Exclude<ClickSource, 'popup' | 'undo'>): Dispatch;
  /** One-time notices for the user (the activity record was reset), said in the language of the moment they are shown. */
  onNotice(listener: (notice: Notice) => void): () => void;
  /** The app's language now (Settings → Language, else the OS's): what main's tray, notifications and dialogs say. */
  translator(): Translator;
  /** A goal reached or a milestone today (issue 28), once each; names already sanitized. */
  onAnnouncement(listener: (announcement: ExtrasAnnouncement) => void): () => void;
  getState(): AppState;
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void;
  onRemoteChange(listener: (change: RemoteChange) => void): () => void;
  onSettingsChanged(listener: (next: Settings, previous: Settings) => void): () => void;
  /** Asks the popup to show one counter (notification click, shortcut, --open). */
  focusCounter(id: string): void;
  /** Asks the popup to show its settings screen (the tray menu's "Settings…"). */
  openSettings(): void;
  setShortcutFailures(failures: AppState['shortcutFailures']): void;
  notifyResume(): void;
  systemTimezoneChanged(): void;
  /** The OS's preferred languages may have changed (polled): a "system" language follows them. */
  systemLanguagesChanged(): void;
  /**
   * The one sanitizer (src-shared/text/server-text.ts) with every token this run has seen:
   * for logs (pass TEXT_LIMITS.log) and main's own messages that may quote a server. Server
   * text itself was sanitized where it entered, in the core.
   */
  redact(text: string, maxLength?: number): string;
}

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function toAppPlatform(platform: string): AppPlatform {
  return platform === 'darwin' || platform === 'win32' || platform === 'linux' ? platform : 'other';
}

export function createAppController(deps: AppControllerDeps): AppController {
  const clock = deps.clock ?? systemClock;
  const log = deps.logger ?? silentLogger;
  const platform = toAppPlatform(deps.platform);
  const secrets = new Set<string>();
  let settings: Settings = DEFAULT_SETTINGS;
  /** What is on disk: differs from `settings` in per-counter fields while the demo runs. */
  let persisted: Settings = DEFAULT_SETTINGS;
  let inDemo = false;
  let shortcutFailures: AppState['shortcutFailures'] = [];
  let themeUnsubscribe: (() => void) | undefined;
  let updatesUnsubscribe: (() => void) | undefined;

  const eventListeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const remoteListeners = new Set<(change: RemoteChange) => void>();
  const settingsListeners = new Set<(next: Settings, previous: Settings) => void>();
  const noticeListeners = new Set<(notice: Notice) => void>();
  /** The log reads English (support reads one language); the user reads the language of the moment. */
  const logNotice = (notice: Notice) => log.warn(`${english().t(notice.title)}: ${notice.body(english())}`);
  const notify = (notice: Notice) => {
    logNotice(notice);
    for (const listener of noticeListeners) listener(notice);
  };
  const announcementListeners = new Set<(announcement: ExtrasAnnouncement) => void>();

  const emit = <E extends EventChannel>(event: E, payload: EventOf<E>) => {
    for (const listener of eventListeners.get(event) ?? []) (listener as (p: EventOf<E>) => void)(payload);
  };
  // The popup gets deltas against the state it was last sent (state:delta), numbered so
  // it can tell a gap; state:changed still carries the whole state for main-side listeners.
  let revision = 0;
  let lastSent: AppState | null = null;
  /** Sends what changed since the last delta, if anything; answers the state as sent. */
  const publishDelta = (): AppState => {
    const next = getState();
    const body = diffAppState(lastSent, next);
    if (body) {
      revision += 1;
      lastSent = next;
      emit('state:delta', { from: revision - 1, to: revision, ...body });
    }
    return { ...(lastSent ?? next), revision };
  };
  let loggedConnection: string | undefined;
  const coalescer = createCoalescer(() => {
    offline.remember();
    // Activity, counters or the zone may have moved a goal or brought a milestone.
    extras.recheck();
    // The popup says "Offline" in plain words; the core's detail (socket errors, HTTP statuses) goes here.
    const message = session.core()?.snapshot().connection.message;
    if (message !== loggedConnection) {
      loggedConnection = message;
      if (message) log.info(`connection: ${redactText(message)}`);
    }
    emit('state:changed', publishDelta());
  }, clock);
  const changed = () => coalescer.request();
  const redactText = createSanitizer(() => secrets);
  const effectiveTimezone = () => settings.timezone ?? deps.systemTimezone();
  /** The OS's preferred languages, read at start and when main's poll finds them changed (not at every state). */
  let systemLanguages = deps.systemLanguages();
  const locale = () => stateLocale(settings.language, systemLanguages);

  const coreCounters = () => session.core()?.snapshot().counters ?? [];
  const accountData = createAccountData({
    clock,
    timezone: effectiveTimezone,
    changed: () => changed(),
    dataDir: deps.activityDir,
    ...(deps.activityFiles ? { activityFiles: deps.activityFiles } : {}),
    counters: coreCounters,
    requireCounter: (id) => requireCounter(id),
    notice: notify,
    warn: (message) => log.warn(redactText(message)),
    // Counter names come from the server and end up in OS notifications.
    announce: (announcement) => {
      const clean = { ...announcement, name: redactText(announcement.name, TEXT_LIMITS.name) };
      for (const listener of announcementListeners) listener(clean);
    },
  });
  const { activity, extras, counterReset } = accountData;

  async function saveSettings(next: Settings): Promise<void> {
    const previous = settings;
    const toDisk = session.state().mode === 'demo' ? withAccountCounterSettings(next, persisted) : next;
    await deps.settings.save(toDisk);
    persisted = toDisk;
    settings = next;
    for (const listener of settingsListeners) listener(next, previous);
    changed();
  }

  /** The token whose 0.2 files (clicks without a MAC) this launch accepts: set only when the vault was upgraded now. */
  let legacyClicksToken: string | null = null;
  const clickSeal = (owner: string, token: string) => sealFor(owner, token, token === legacyClicksToken);
  const offline = createOfflineCounters({
    // Its names and refusals are server text read back from a file another program may have written: sanitized again.
    cache: deps.lastKnownFile ? createLastKnownCache(deps.lastKnownFile, clock, (m) => log.warn(m), redactText) : null,
    session: () => session,
    requireCounter: (id) => requireCounter(id),
    changed: () => changed(),
  });
  const clicks = createOwnClickWiring({ pendingFiles: deps.pendingFiles, notify, nameOf: (id) => redactText(offline.nameOf(id) ?? id, TEXT_LIMITS.name) });

  const session = createSession({
    coreFactory: deps.coreFactory,
    vault: deps.vault,
    demo: deps.demo,
    clock,
    log,
    coreOptions: (baseUrl, bound, mode) => {
      secrets.add(bound.token);
      // The last gate before a token leaves the process: it goes to its own origin or nowhere.
      if (originOf(baseUrl) === '' || originOf(baseUrl) !== bound.origin) {
        throw new AppError('internal', `Refused to use a token entered for ${bound.origin} with ${originOf(baseUrl) || 'an invalid address'}.`);
      }
      return {
        // What the core set aside or corrected (an unreadable list item, a day value the server put right) is worth a log line.
        log: (message: string) => log.warn(redactText(message)),
        ...deps.coreOverrides,
        baseUrl,
        token: bound.token,
        timezone: effectiveTimezone(),
        // Unsent changes belong to the account (and carry MACs under its key); demo changes must never replay there.
        ...(mode === 'account' ? clicks.storeFor(clickSeal(accountOwnerKey(baseUrl, bound.token), bound.token)) : {}),
      };
    },
    settings: () => settings,
    saveSettings,
    redact: redactText,
    changed: sessionChanged,
    // Counter names were sanitized where they entered (the core's parsing), like every server text in the snapshot.
    remoteChange: (change) => {
      for (const listener of remoteListeners) listener(change);
    },
    coreChanged: (core, account) => {
      clicks.watch(core);
      accountData.attach(core, account);
    },
  });

  /** Leaving the demo brings the account's per-counter settings back (see demo-settings.ts). */
  function sessionChanged(): void {
    const demoNow = session.state().mode === 'demo';
    if (inDemo && !demoNow) {
      const previous = settings;
      settings = withAccountCounterSettings(settings, persisted);
      for (const listener of settingsListeners) listener(settings, previous);
    }
    inDemo = demoNow;
    changed();
  }

  function requireCounter(id: string): CounterCore {
    const core = session.core();
    if (!core || session.state().status !== 'signedIn') throw new AppError('not-signed-in', words('error.notSignedIn'));
    if (!core.snapshot().counters.some((c) => c.id === id)) {
      throw new AppError('unknown-counter', words('counter.gone'));
    }
    return core;
  }
  const handlerContext: InvokeHandlerContext = {
    publishDelta,
    offline,
    activity,
    session,
    requireCounter,
    durable: clicks.durable,
    rememberSecret: (token) => secrets.add(token),
    settings: () => settings,
    saveSettings,
    effectiveTimezone,
    platform,
    // Counters the popup shows now (live, or last known while a launch connects): shortcuts may be set for these.
    knownCounterIds: () => new Set([...(session.core()?.snapshot().counters ?? []), ...(offline.shown()?.counters ?? [])].map((c) => c.id)),
    consent: deps.consent,
    extras,
    counterReset,
    saveFile: deps.saveFile,
    clock,
    warn: (message) => log.warn(redactText(message)),
    shownCounters: () => getState().core?.counters ?? [],
    openPublicPage: deps.openPublicPage,
    quit: deps.quit,
    hideWindow: deps.hideWindow,
    updates: deps.updates,
  };
  const handlersFor = (source: ClickSource): InvokeHandlers => createInvokeHandlers(handlerContext, source);
  const handlers = handlersFor('popup');

  function getState(): AppState {
    const dark = settings.theme === 'system' ? deps.theme.shouldUseDarkColors() : settings.theme === 'dark';
    const core = session.core();
    const sessionState = session.state();
    // Names and refusals were sanitized as they entered the core (issue 23): shown as they are.
    const shown = core ? { ...core.snapshot(), counters: offline.coreCounters(core) } : null;
    return {
      session: sessionState,
      core: shown,
      lastKnown: offline.shown(),
      ...(deps.appVersion ? { appVersion: deps.appVersion } : {}),
      ...(deps.windowMaterial ? { windowMaterial: deps.windowMaterial } : {}),
      publicServer: sessionState.mode === 'account' && isPublicServer(sessionState.serverUrl),
      settings,
      shortcutFailures,
      theme: dark ? 'dark' : 'light',
      platform,
      systemTimezone: deps.systemTimezone(),
      locale: locale(),
      activity: core ? activity.summary() : { today: {}, undo: null },
      ...(deps.updates ? { updates: deps.updates.state() } : {}),
      ...(shown ? { extras: extras.view(), resetUndo: counterReset.offer(shown.counters) } : {}),
    };
  }

  const dispatcherOptions = {
    redact: redactText,
    onUnexpectedError: (channel: string, error: unknown) => log.error(`IPC ${channel} failed: ${redactText(error instanceof Error ? error.message : String(error))}`),
  };
  const dispatch = createIpcDispatcher(handlers, dispatcherOptions);
  const dispatchers = new Map<ClickSource, Dispatch>();
  const dispatchFrom = (source: Exclude<ClickSource, 'popup' | 'undo'>): Dispatch => {
    let found = dispatchers.get(source);
    if (!found) dispatchers.set(source, (found = createIpcDispatcher(handlersFor(source), dispatcherOptions)));
    return found;
  };

  return {
    handlers,
    dispatch,
    dispatchFrom,
    getState,
    redact: redactText,
    async start(options = {}) {
      const loaded = await deps.settings.load();
      const vaultLoad = await deps.vault.load();
      const stored = vaultLoad.stored;
      // Known before anything is read that may quote it (the last-known file below).
      if (stored) secrets.add(stored.token);
      legacyClicksToken = vaultLoad.upgraded && stored ? stored.token : null;
      // The file is untrusted input (any process of this user can write it): the rules of a user edit apply.
      // Plain http to another machine survives only with the consent the vault's authenticated record holds.
      const checked = checkLoadedSettings(loaded.settings, stored?.consents.plainHttp ? stored.origin : null, platform);
      const notices: Notice[] = [];
      if (loaded.notice) notices.push({ title: 'notice.settingsTitle', body: loaded.notice });
      if (checked.problems.length > 0) {
        const reset = await deps.settings.quarantine(checked.settings, sentences((i18n) => i18n.t('notice.settingsRules'), ...checked.problems));
        notices.push({ title: 'notice.settingsTitle', body: reset });
      }
      settings = persisted = checked.settings;
      const cacheNotice = (await offline.load()).notice;
      if (cacheNotice) notices.push(cacheNotice);
      notices.forEach(logNotice);
      session.setEncryptionWeak(await deps.vault.isEncryptionWeak());
      themeUnsubscribe = deps.theme.onUpdated(changed);
      updatesUnsubscribe = deps.updates?.onChange(changed);
      if (stored) {
        const resuming = session.resume(stored).catch((e: unknown) => log.error(`resume failed: ${redactText(String(e))}`));
        if (options.awaitConnection ?? true) await resuming;
      }
      changed();
      if (vaultLoad.notice) notify({ title: 'notice.tokenNotUsedTitle', body: vaultLoad.notice });
      return { notices };
    },
    async stop() {
      coalescer.cancel();
      offline.remember();
      themeUnsubscribe?.();
      updatesUnsubscribe?.();
      await session.stop();
      clicks.watch(null);
      await offline.flush();
      await accountData.stop();
    },
    on(event, listener) {
      const set = eventListeners.get(event) ?? new Set();
      eventListeners.set(event, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
    onRemoteChange(listener) {
      remoteListeners.add(listener);
      return () => void remoteListeners.delete(listener);
    },
    onNotice(listener) {
      noticeListeners.add(listener);
      return () => void noticeListeners.delete(listener);
    },
    onAnnouncement(listener) {
      announcementListeners.add(listener);
      return () => void announcementListeners.delete(listener);
    },
    onSettingsChanged(listener) {
      settingsListeners.add(listener);
      return () => void settingsListeners.delete(listener);
    },
    focusCounter(id) {
      emit('ui:focusCounter', { id });
    },
    openSettings() {
      emit('ui:openSettings', {});
    },
    setShortcutFailures(failures) {
      shortcutFailures = failures;
      changed();
    },
    translator: () => translatorFor(locale()),
    notifyResume: () => {
      session.notifyResume();
      // A sleeping machine's timers run late: a milestone morning may have come meanwhile.
      extras.recheck();
    },
    // The state says the language; a push only when it changed (state-delta compares).
    systemLanguagesChanged() {
      systemLanguages = deps.systemLanguages();
      changed();
    },
    systemTimezoneChanged() {
      const core = session.core();
      if (core && settings.timezone === null) core.setTimezone(effectiveTimezone());
      changed();
    },
  };
}
