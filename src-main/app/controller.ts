// The app, minus Electron: owns the session (signed out / connecting / signed in,
// account or demo), runs the sync core with the stored token and settings, builds
// the AppState the renderer sees and answers every invoke channel of the contract.
// The Electron shell and the browser e2e harness drive this same object.
import { PatchBodyV2 } from '../../src-shared/api/schemas';
import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../../src-shared/domain/settings';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { AppState, EventChannel, EventOf, SessionState } from '../../src-shared/ipc/contract';
import type { CoreOptions, CounterCore } from '../core/contract';
import { createIpcDispatcher, type Dispatch, type InvokeHandlers } from '../ipc/dispatch';
import { validateShortcutMap } from '../shell/shortcuts';
import { createCoalescer, systemClock } from './coalesce';
import { isTransient, startCore } from './core-session';
import { AppError, redact } from './errors';
import type { AppControllerDeps, AppPlatform, DemoService, StoredToken } from './ports';
import { validateServerUrl } from './server-url';

export interface AppController {
  /** Loads settings and the stored token and, if there is one, connects. Answers a one-time notice (settings reset). */
  start(): Promise<{ notice?: string }>;
  /** Stops the core and the demo service; nothing keeps running afterwards. */
  stop(): Promise<void>;
  readonly handlers: InvokeHandlers;
  readonly dispatch: Dispatch;
  getState(): AppState;
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void;
  onRemoteChange(listener: (change: RemoteChange) => void): () => void;
  onSettingsChanged(listener: (next: Settings, previous: Settings) => void): () => void;
  /** Asks the popup to show one counter (notification click, shortcut, --open). */
  focusCounter(id: string): void;
  setShortcutFailures(failures: AppState['shortcutFailures']): void;
  notifyResume(): void;
  systemTimezoneChanged(): void;
  /** Removes every token this run has handled from a text (logs, error messages). */
  redact(text: string): string;
}

const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];
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
  let encryptionWeak = false;
  let session: SessionState = signedOut(DEFAULT_SETTINGS.serverUrl);
  let core: CounterCore | null = null;
  let coreUnsubscribes: (() => void)[] = [];
  let token: string | null = null;
  let demo: DemoService | null = null;
  /** Bumped by every session change; async work from an older generation discards itself. */
  let generation = 0;
  let retryTimer: unknown;
  let retryAttempt = 0;
  let shortcutFailures: AppState['shortcutFailures'] = [];
  let stopped = false;
  let themeUnsubscribe: (() => void) | undefined;

  const eventListeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const remoteListeners = new Set<(change: RemoteChange) => void>();
  const settingsListeners = new Set<(next: Settings, previous: Settings) => void>();

  const emit = <E extends EventChannel>(event: E, payload: EventOf<E>) => {
    for (const listener of eventListeners.get(event) ?? []) (listener as (p: EventOf<E>) => void)(payload);
  };
  const coalescer = createCoalescer(() => emit('state:changed', getState()), clock);
  const changed = () => coalescer.request();
  const redactText = (text: string) => redact(text, [...secrets]);

  function signedOut(serverUrl: string, error?: AppError): SessionState {
    return {
      status: 'signedOut', mode: 'account', serverUrl, tokenStorage: 'none', encryptionWeak,
      ...(error ? { error: { code: error.code, message: redactText(error.message) } } : {}),
    };
  }

  function effectiveTimezone(): string {
    return settings.timezone ?? deps.systemTimezone();
  }

  function coreOptions(baseUrl: string, secret: string, mode: 'account' | 'demo'): CoreOptions {
    secrets.add(secret);
    return {
      ...deps.coreOverrides,
      baseUrl,
      token: secret,
      timezone: effectiveTimezone(),
      // Unsent changes belong to the account; demo changes must never replay there.
      ...(mode === 'account' && deps.pendingStore ? { store: deps.pendingStore } : {}),
    };
  }

  async function replaceCore(next: CounterCore | null): Promise<void> {
    const previous = core;
    for (const unsubscribe of coreUnsubscribes) unsubscribe();
    coreUnsubscribes = [];
    core = next;
    if (next) {
      coreUnsubscribes = [
        next.subscribe(() => changed()),
        next.onRemoteChange((change) => {
          for (const listener of remoteListeners) listener(change);
        }),
      ];
    }
    if (previous && previous !== next) await previous.stop().catch((e: unknown) => log.warn(`core stop failed: ${describe(e)}`));
  }

  async function closeDemo(): Promise<void> {
    const running = demo;
    demo = null;
    if (running) await running.close().catch((e: unknown) => log.warn(`demo service close failed: ${describe(e)}`));
  }

  function cancelRetry(): void {
    if (retryTimer !== undefined) clock.clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  /** Launch path: a stored token. Transient failures retry with back-off; a rejected token signs out. */
  async function resumeStored(stored: StoredToken): Promise<void> {
    const gen = ++generation;
    cancelRetry();
    token = stored.token;
    secrets.add(stored.token);
    session = { status: 'connecting', mode: 'account', serverUrl: settings.serverUrl, tokenStorage: stored.storage, encryptionWeak };
    changed();
    try {
      const started = await startCore(deps.coreFactory, coreOptions(settings.serverUrl, stored.token, 'account'));
      if (gen !== generation || stopped) return void (await started.stop());
      await replaceCore(started);
      retryAttempt = 0;
      session = { ...session, status: 'signedIn', error: undefined };
    } catch (error) {
      if (gen !== generation || stopped) return;
      const failure = error instanceof AppError ? error : new AppError('internal', 'Could not start syncing.');
      log.warn(`launch connect failed: ${redactText(failure.message)}`);
      if (failure.code === 'token-rejected' || !isTransient(failure) && failure.code !== 'not-a-counter-server') {
        token = null;
        await deps.vault.clear();
        session = signedOut(settings.serverUrl, failure);
      } else {
        session = { ...session, error: { code: failure.code, message: redactText(failure.message) } };
        const delay = RETRY_DELAYS_MS[Math.min(retryAttempt, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
        retryAttempt += 1;
        retryTimer = clock.setTimeout(() => {
          retryTimer = undefined;
          void resumeStored(stored);
        }, delay);
      }
    }
    changed();
  }

  function requireCore(): CounterCore {
    if (!core || session.status !== 'signedIn') throw new AppError('not-signed-in', 'Sign in first: Counter Tray is not connected to a server.');
    return core;
  }

  function requireCounter(id: string): CounterCore {
    const running = requireCore();
    if (!running.snapshot().counters.some((c) => c.id === id)) {
      throw new AppError('unknown-counter', 'This counter is not (or no longer) shared with you.');
    }
    return running;
  }

  async function saveSettings(next: Settings): Promise<void> {
    const previous = settings;
    await deps.settings.save(next);
    settings = next;
    for (const listener of settingsListeners) listener(next, previous);
    changed();
  }

  function validateSettings(patch: SettingsPatch): Settings {
    const merged = Settings.safeParse({ ...settings, ...definedOnly(patch) });
    if (!merged.success) {
      const issue = merged.error.issues[0];
      throw new AppError('invalid-settings', `Setting ${issue?.path.join('.') ?? ''} is not valid: ${issue?.message ?? 'unknown problem'}`);
    }
    const next = merged.data;
    if (patch.serverUrl !== undefined || patch.allowInsecureServer !== undefined) {
      next.serverUrl = validateServerUrl(next.serverUrl, next.allowInsecureServer);
    }
    if (next.timezone !== null && !isKnownTimezone(next.timezone)) {
      throw new AppError('invalid-settings', `“${next.timezone}” is not a time zone this system knows (e.g. Europe/Berlin).`);
    }
    const shortcutProblems = validateShortcutMap(next.shortcuts);
    if (shortcutProblems.length > 0) throw new AppError('invalid-shortcut', shortcutProblems.join(' '));
    return next;
  }

  const handlers: InvokeHandlers = {
    'state:get': () => getState(),

    'counter:increment': ({ id, amount }) => {
      requireCounter(id).increment(id, amount);
      return null;
    },

    'counter:decrement': ({ id, amount }) => {
      requireCounter(id).decrement(id, amount);
      return null;
    },

    'counter:update': async ({ id, patch }) => {
      const body = PatchBodyV2.safeParse(patch);
      if (!body.success) throw new AppError('invalid-payload', 'Change at least one field of the counter.');
      await requireCounter(id).update(id, body.data);
      return null;
    },

    'session:connect': async ({ serverUrl, token: candidate }) => {
      const url = validateServerUrl(serverUrl, settings.allowInsecureServer);
      const gen = ++generation;
      cancelRetry();
      const before = session;
      session = { ...session, status: 'connecting', serverUrl: url, error: undefined };
      changed();
      let started: CounterCore;
      try {
        started = await startCore(deps.coreFactory, coreOptions(url, candidate, 'account'));
      } catch (error) {
        if (gen === generation) {
          const failure = error instanceof AppError ? error : new AppError('internal', 'Could not connect.');
          const problem = { code: failure.code, message: redactText(failure.message) };
          // A failed switch keeps a running session; otherwise the user is signed out.
          session = core ? { ...before, error: problem } : { ...signedOut(settings.serverUrl), error: problem };
          changed();
        }
        throw error;
      }
      if (gen !== generation || stopped) {
        await started.stop();
        throw new AppError('superseded', 'Another sign-in replaced this one.');
      }
      const tokenStorage = await deps.vault.save(candidate, { allowWeak: settings.weakTokenStorage });
      await replaceCore(started);
      await closeDemo();
      token = candidate;
      if (settings.serverUrl !== url) await saveSettings({ ...settings, serverUrl: url });
      session = { status: 'signedIn', mode: 'account', serverUrl: url, tokenStorage, encryptionWeak };
      changed();
      return null;
    },

    'session:startDemo': async () => {
      const gen = ++generation;
      cancelRetry();
      const before = session;
      session = { ...session, status: 'connecting', mode: 'demo', error: undefined };
      changed();
      let service: DemoService;
      let started: CounterCore;
      try {
        service = await deps.demo().catch((e: unknown) => {
          throw new AppError('demo-unavailable', `The demo could not start: ${describe(e)}`);
        });
        started = await startCore(deps.coreFactory, coreOptions(service.url, service.token, 'demo')).catch(async (e: unknown) => {
          await service.close();
          throw e;
        });
      } catch (error) {
        if (gen === generation) {
          const failure = error instanceof AppError ? error : new AppError('demo-unavailable', 'The demo could not start.');
          session = { ...before, error: { code: failure.code, message: redactText(failure.message) } };
          changed();
        }
        throw error;
      }
      if (gen !== generation || stopped) {
        await started.stop();
        await service.close();
        throw new AppError('superseded', 'Another sign-in replaced the demo.');
      }
      await replaceCore(started);
      await closeDemo();
      demo = service;
      token = service.token;
      session = { status: 'signedIn', mode: 'demo', serverUrl: service.url, tokenStorage: 'none', encryptionWeak };
      changed();
      return null;
    },

    'session:signOut': async () => {
      generation += 1;
      cancelRetry();
      await replaceCore(null);
      await closeDemo();
      token = null;
      await deps.vault.clear();
      session = signedOut(settings.serverUrl);
      changed();
      return null;
    },

    'session:storeTokenWeakly': async () => {
      if (!settings.weakTokenStorage) await saveSettings({ ...settings, weakTokenStorage: true });
      if (session.mode === 'account' && token && session.tokenStorage === 'memory') {
        session = { ...session, tokenStorage: await deps.vault.save(token, { allowWeak: true }) };
        changed();
      }
      return null;
    },

    'settings:update': async (patch) => {
      const next = validateSettings(patch);
      const timezoneBefore = effectiveTimezone();
      await saveSettings(next);
      if (core && effectiveTimezone() !== timezoneBefore) core.setTimezone(effectiveTimezone());
      if (patch.weakTokenStorage === false && session.tokenStorage === 'weak' && token) {
        // Withdrawn consent: forget the weakly stored copy, keep the session for this run.
        session = { ...session, tokenStorage: await deps.vault.save(token, { allowWeak: false }) };
        changed();
      }
      return next;
    },

    'window:hide': () => {
      deps.hideWindow?.();
      return null;
    },
  };

  function getState(): AppState {
    const dark = settings.theme === 'system' ? deps.theme.shouldUseDarkColors() : settings.theme === 'dark';
    return {
      session: { ...session, encryptionWeak },
      core: core ? core.snapshot() : null,
      settings,
      shortcutFailures,
      theme: dark ? 'dark' : 'light',
      platform,
      systemTimezone: deps.systemTimezone(),
    };
  }

  const dispatch = createIpcDispatcher(handlers, {
    redact: redactText,
    onUnexpectedError: (channel, error) => log.error(`IPC ${channel} failed: ${redactText(describe(error))}`),
  });

  return {
    handlers,
    dispatch,
    getState,
    redact: redactText,

    async start() {
      const loaded = await deps.settings.load();
      settings = loaded.settings;
      if (loaded.notice) log.warn(loaded.notice);
      encryptionWeak = await deps.vault.isEncryptionWeak();
      session = signedOut(settings.serverUrl);
      themeUnsubscribe = deps.theme.onUpdated(changed);
      const stored = await deps.vault.load();
      if (stored) await resumeStored(stored);
      changed();
      return loaded.notice ? { notice: loaded.notice } : {};
    },

    async stop() {
      stopped = true;
      generation += 1;
      cancelRetry();
      coalescer.cancel();
      themeUnsubscribe?.();
      await replaceCore(null);
      await closeDemo();
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

    onSettingsChanged(listener) {
      settingsListeners.add(listener);
      return () => void settingsListeners.delete(listener);
    },

    focusCounter(id) {
      emit('ui:focusCounter', { id });
    },

    setShortcutFailures(failures) {
      shortcutFailures = failures;
      changed();
    },

    notifyResume() {
      if (core) core.notifyResume();
      else if (retryTimer !== undefined && token && session.mode === 'account') {
        // Back from sleep: the network may be back too; do not wait out the back-off.
        cancelRetry();
        void resumeStored({ token, storage: session.tokenStorage });
      }
    },

    systemTimezoneChanged() {
      if (core && settings.timezone === null) core.setTimezone(effectiveTimezone());
      changed();
    },
  };
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
