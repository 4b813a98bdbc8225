// The app, minus Electron: runs the session (src-main/app/session.ts), builds the
// AppState the renderer sees and answers every invoke channel of the contract.
// The Electron shell and the browser e2e harness drive this same object.
import { PatchBodyV2 } from '../../src-shared/api/schemas';
import { DEFAULT_SETTINGS, type Settings } from '../../src-shared/domain/settings';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { ClickSource } from '../../src-shared/domain/activity';
import type { AppState, EventChannel, EventOf } from '../../src-shared/ipc/contract';
import type { CounterCore } from '../core/contract';
import { accountOwnerKey, pendingStoreForAccount } from './account-pending-store';
import { createActivityService, type EditField } from './activity/activity-service';
import { createFileRecordStorage, createMemoryRecordStorage, recordPathFor, type RecordStorage } from './activity/record-storage';
import { createIpcDispatcher, type Dispatch, type InvokeHandlers } from '../ipc/dispatch';
import { createCoalescer, systemClock } from './coalesce';
import { withAccountCounterSettings } from './demo-settings';
import { AppError, redact } from '../ipc/errors';
import type { AppControllerDeps, AppPlatform } from './ports';
import { validateServerUrl } from './server-url';
import { createSession } from './session';
import { diffAppState } from './state-delta';
import { applySettingsPatch } from './settings-rules';

export interface AppController {
  /**
   * Loads settings and the stored token and, if there is one, connects. Answers a one-time
   * notice (settings reset). The shell passes `awaitConnection: false` so the tray and the
   * shortcuts do not wait for a slow or unreachable server.
   */
  start(options?: { awaitConnection?: boolean }): Promise<{ notice?: string }>;
  /** Stops the core and the demo service; nothing keeps running afterwards. */
  stop(): Promise<void>;
  readonly handlers: InvokeHandlers;
  readonly dispatch: Dispatch;
  /**
   * The same dispatcher for actions outside the popup (tray, shortcut, command line), so
   * the activity record and the undo offer know where a click came from.
   */
  dispatchFrom(source: Exclude<ClickSource, 'popup' | 'undo'>): Dispatch;
  /** One-time notices for the user (the activity record was reset). */
  onNotice(listener: (title: string, body: string) => void): () => void;
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
  /** Removes every token this run has handled from a text (logs, error messages). */
  redact(text: string): string;
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

  const eventListeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const remoteListeners = new Set<(change: RemoteChange) => void>();
  const settingsListeners = new Set<(next: Settings, previous: Settings) => void>();
  const noticeListeners = new Set<(title: string, body: string) => void>();

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
  const coalescer = createCoalescer(() => emit('state:changed', publishDelta()), clock);
  const changed = () => coalescer.request();
  const redactText = (text: string) => redact(text, [...secrets]);
  const effectiveTimezone = () => settings.timezone ?? deps.systemTimezone();

  const activity = createActivityService({
    clock,
    timezone: effectiveTimezone,
    changed: () => changed(),
    notice: (message) => {
      log.warn(message);
      for (const listener of noticeListeners) listener('Counter Tray activity was reset', message);
    },
    warn: (message) => log.warn(redactText(message)),
  });
  /** Each account keeps its own record (named by a digest, never the token); the demo's stays in memory. */
  const recordStorageFor = (account?: { baseUrl: string; token: string }): RecordStorage =>
    account && deps.activityDir ? createFileRecordStorage(recordPathFor(deps.activityDir, accountOwnerKey(account.baseUrl, account.token))) : createMemoryRecordStorage();

  async function saveSettings(next: Settings): Promise<void> {
    const previous = settings;
    const toDisk = session.state().mode === 'demo' ? withAccountCounterSettings(next, persisted) : next;
    await deps.settings.save(toDisk);
    persisted = toDisk;
    settings = next;
    for (const listener of settingsListeners) listener(next, previous);
    changed();
  }

  const session = createSession({
    coreFactory: deps.coreFactory,
    vault: deps.vault,
    demo: deps.demo,
    clock,
    log,
    coreOptions: (baseUrl, token, mode) => {
      secrets.add(token);
      return {
        ...deps.coreOverrides,
        baseUrl,
        token,
        timezone: effectiveTimezone(),
        // Unsent changes belong to the account; demo changes must never replay there.
        ...(mode === 'account' && deps.pendingStore ? { store: pendingStoreForAccount(deps.pendingStore, accountOwnerKey(baseUrl, token)) } : {}),
      };
    },
    settings: () => settings,
    saveSettings,
    redact: redactText,
    changed: sessionChanged,
    remoteChange: (change) => {
      for (const listener of remoteListeners) listener(change);
    },
    coreChanged: (core, account) => void activity.attach(core, core ? recordStorageFor(account) : null),
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
    if (!core || session.state().status !== 'signedIn') throw new AppError('not-signed-in', 'Sign in first: Counter Tray is not connected to a server.');
    if (!core.snapshot().counters.some((c) => c.id === id)) {
      throw new AppError('unknown-counter', 'This counter is not (or no longer) shared with you.');
    }
    return core;
  }

  const handlersFor = (source: ClickSource): InvokeHandlers => ({
    // Brings the delta stream up to date first, so the answer is a base the next delta applies to.
    'state:get': () => publishDelta(),
    'counter:increment': ({ id, amount = 1 }) => {
      const core = requireCounter(id);
      activity.click(id, source, amount);
      core.increment(id, amount);
      return null;
    },
    'counter:decrement': ({ id, amount = 1 }) => {
      const core = requireCounter(id);
      activity.click(id, source, -amount);
      core.decrement(id, amount);
      return null;
    },
    'counter:undo': ({ id }) => {
      requireCounter(id);
      activity.undo(id);
      return null;
    },
    'activity:detail': ({ id }) => {
      requireCounter(id);
      return activity.detail(id);
    },
    'counter:dismissError': ({ id }) => {
      requireCounter(id).dismissError(id);
      return null;
    },
    'counter:update': async ({ id, patch }) => {
      const body = PatchBodyV2.safeParse(patch);
      if (!body.success) throw new AppError('invalid-payload', 'Change at least one field of the counter.');
      const core = requireCounter(id);
      const fields = (['name', 'value', 'startDate', 'endDate'] as const).filter((f): f is EditField => body.data[f] !== undefined);
      await activity.edit(id, fields, () => core.update(id, body.data), body.data.value);
      return null;
    },
    'session:connect': async ({ serverUrl, token }) => {
      secrets.add(token);
      await session.connect(validateServerUrl(serverUrl, settings.allowInsecureServer), token);
      return null;
    },
    'session:startDemo': async () => {
      await session.startDemo();
      return null;
    },
    'session:signOut': async () => {
      await session.signOut();
      return null;
    },
    'session:storeTokenWeakly': async () => {
      if (!settings.weakTokenStorage) await saveSettings({ ...settings, weakTokenStorage: true });
      await session.setWeakStorage(true);
      return null;
    },
    'settings:update': async (patch) => {
      const next = applySettingsPatch(settings, patch);
      const timezoneBefore = effectiveTimezone();
      await saveSettings(next);
      const core = session.core();
      if (core && effectiveTimezone() !== timezoneBefore) core.setTimezone(effectiveTimezone());
      if (patch.weakTokenStorage === false) await session.setWeakStorage(false);
      return next;
    },
    'window:hide': () => {
      deps.hideWindow?.();
      return null;
    },
  });
  const handlers = handlersFor('popup');

  function getState(): AppState {
    const dark = settings.theme === 'system' ? deps.theme.shouldUseDarkColors() : settings.theme === 'dark';
    const core = session.core();
    return {
      session: session.state(),
      core: core ? core.snapshot() : null,
      settings,
      shortcutFailures,
      theme: dark ? 'dark' : 'light',
      platform,
      systemTimezone: deps.systemTimezone(),
      activity: core ? activity.summary() : { today: {}, undo: null },
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
      settings = persisted = loaded.settings;
      if (loaded.notice) log.warn(loaded.notice);
      session.setEncryptionWeak(await deps.vault.isEncryptionWeak());
      themeUnsubscribe = deps.theme.onUpdated(changed);
      const stored = await deps.vault.load();
      if (stored) {
        secrets.add(stored.token);
        const resuming = session.resume(stored).catch((e: unknown) => log.error(`resume failed: ${redactText(String(e))}`));
        if (options.awaitConnection ?? true) await resuming;
      }
      changed();
      return loaded.notice ? { notice: loaded.notice } : {};
    },
    async stop() {
      coalescer.cancel();
      themeUnsubscribe?.();
      await session.stop();
      await activity.stop();
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
    notifyResume: () => session.notifyResume(),
    systemTimezoneChanged() {
      const core = session.core();
      if (core && settings.timezone === null) core.setTimezone(effectiveTimezone());
      changed();
    },
  };
}
