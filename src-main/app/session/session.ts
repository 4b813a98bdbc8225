// The session: which core runs, with which token, against which server, and what
// the user sees about it (signed out / connecting / signed in, account or demo).
// Every transition bumps a generation so late answers from a superseded attempt
// (a slow connect, a retry timer) discard themselves instead of winning.
// A token is always held with the origin it was entered for (BoundToken): a core is
// only ever started for that origin, so no settings change can send it elsewhere. What the
// user consented to (plain http, weak storage) belongs to that token alone (issue 23): a
// stored record's consent never carries over to a new token.
// One core per account at a time (issue 22): a launch that cannot reach the server keeps
// its one core (its ledger takes the clicks made meanwhile) and tries again with the same
// core; "Retry now" nudges that core, it never builds a second. A core is stopped (and has
// written its last) before another core for the same account starts.
// Above ~300 lines on purpose: every transition (launch and its tries, connect, demo, sign
// out, stop) shares the one generation counter and the one core slot; split, each part
// would need all of that state, and the rule "one core per account" would live in two files.
import type { Settings } from '../../../src-shared/domain/settings';
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import type { SessionState } from '../../../src-shared/ipc/contract';
import type { Clock, CoreOptions, CounterCore } from '../../core/contract';
import { isTransient, startCore, startFailure } from './core-session';
import { AppError, redactWords } from '../../ipc/errors';
import type { BoundToken, CoreFactory, DemoService, Logger, StoredToken, TokenRecord, TokenVault } from '../ports';
import { originOf, parseServerUrl } from './server-url';
import { words } from '../../../src-shared/i18n/messages';

const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export interface SessionDeps {
  coreFactory: CoreFactory;
  vault: TokenVault;
  demo: () => Promise<DemoService>;
  clock: Clock;
  log: Logger;
  /** Must refuse (throw) a token whose origin is not baseUrl's. */
  coreOptions(baseUrl: string, token: BoundToken, mode: 'account' | 'demo'): CoreOptions;
  settings(): Settings;
  saveSettings(next: Settings): Promise<void>;
  redact(text: string): string;
  changed(): void;
  remoteChange(change: RemoteChange): void;
  /** The running core was replaced (null: none). `account` names whose it is; absent for the demo. */
  coreChanged?(core: CounterCore | null, account?: { baseUrl: string; token: string }): void;
}

export interface Session {
  state(): SessionState;
  core(): CounterCore | null;
  /** The account's core while a launch is still connecting (no list yet): its ledger takes the clicks made meanwhile. */
  connectingCore(): CounterCore | null;
  setEncryptionWeak(weak: boolean): void;
  resume(stored: StoredToken): Promise<void>;
  connect(serverUrl: string, token: string): Promise<void>;
  /** The origin the account's token is bound to (stored or in use), if any. */
  boundOrigin(): string | null;
  startDemo(): Promise<void>;
  signOut(): Promise<void>;
  /** The user chose "store with weak protection" in main's dialog (or withdrew it). */
  setWeakStorage(allowed: boolean): Promise<void>;
  notifyResume(): void;
  /** "Retry now": reach the server at once instead of waiting for the next attempt. */
  retryNow(): void;
  /** The account this session is (or is becoming) signed in to; null for the demo or signed out. */
  account(): { serverUrl: string; token: string } | null;
  stop(): Promise<void>;
}

export function createSession(deps: SessionDeps): Session {
  let encryptionWeak = false;
  let state: SessionState = signedOut();
  let core: CounterCore | null = null;
  /** The launch's core until its first sync succeeds (then it becomes `core`). */
  let connecting: CounterCore | null = null;
  let coreUnsubscribes: (() => void)[] = [];
  let token: TokenRecord | null = null;
  /** The vault's token, also while signed out because the settings name another server. */
  let storedOrigin: string | null = null;
  /** The token the user accepted weak protection for (main's dialog this run, or the stored record's consent). */
  let weakConsentFor: string | null = null;
  let demo: DemoService | null = null;
  let generation = 0;
  let retryTimer: unknown;
  let retryAttempt = 0;
  let stopped = false;

  function signedOut(error?: AppError): SessionState {
    return {
      status: 'signedOut', mode: 'account', serverUrl: deps.settings().serverUrl, tokenStorage: 'none', encryptionWeak,
      ...(error ? { error: problemOf(error) } : {}),
    };
  }

  const problemOf = (error: AppError) => ({ code: error.code, message: deps.redact(error.message), ...(error.words ? { words: redactWords(error.words, deps.redact) } : {}) });
  const asAppError = (error: unknown, fallback: AppError) => (error instanceof AppError ? error : fallback);

  function set(next: SessionState): void {
    state = next;
    deps.changed();
  }

  async function replaceCore(next: CounterCore | null, account?: { baseUrl: string; token: string }): Promise<void> {
    const previous = core;
    for (const unsubscribe of coreUnsubscribes) unsubscribe();
    core = next;
    if (previous !== next) deps.coreChanged?.(next, account);
    coreUnsubscribes = next ? [next.subscribe(() => deps.changed()), next.onRemoteChange((change) => deps.remoteChange(change))] : [];
    if (previous && previous !== next) await previous.stop().catch((e: unknown) => deps.log.warn(`core stop failed: ${describe(e)}`));
  }

  async function closeDemo(): Promise<void> {
    const running = demo;
    demo = null;
    if (running) await running.close().catch((e: unknown) => deps.log.warn(`demo service close failed: ${describe(e)}`));
  }

  function cancelRetry(): void {
    if (retryTimer !== undefined) deps.clock.clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  /** Starts a new generation: any attempt still in flight becomes stale. */
  function begin(): number {
    cancelRetry();
    generation += 1;
    return generation;
  }
  const isCurrent = (gen: number) => gen === generation && !stopped;

  /** Stops the launch's core (it writes its ledger one last time) before anything else may start one. */
  async function dropConnecting(): Promise<void> {
    const previous = connecting;
    connecting = null;
    if (previous) await previous.stop().catch((e: unknown) => deps.log.warn(`core stop failed: ${describe(e)}`));
  }

  /**
   * Launch path: one core for the account, kept while the server cannot be reached (its
   * ledger takes the clicks made meanwhile) and started again after a back-off; a
   * rejected token signs out and is forgotten.
   */
  async function resume(stored: StoredToken): Promise<void> {
    const gen = begin();
    await dropConnecting();
    if (!isCurrent(gen)) return;
    storedOrigin = stored.origin;
    weakConsentFor = stored.consents.weakStorage ? stored.token : null;
    const serverUrl = deps.settings().serverUrl;
    if (originOf(serverUrl) !== stored.origin) {
      // The settings name another server than the token was entered for: the token stays
      // where it is (nothing lost), and is not used until the user signs in to this server.
      token = null;
      const host = hostOfOrigin(originOf(serverUrl) || serverUrl);
      set(signedOut(new AppError('token-for-other-server', words('error.tokenForOtherServer', { host }), `token for ${stored.origin}, settings name ${serverUrl}`)));
      return;
    }
    token = { token: stored.token, origin: stored.origin, consents: { ...stored.consents } };
    set({ status: 'connecting', mode: 'account', serverUrl, tokenStorage: stored.storage, encryptionWeak });
    let created: CounterCore;
    try {
      created = await deps.coreFactory(deps.coreOptions(serverUrl, token, 'account'));
    } catch (error) {
      return launchFailed(gen, null, error, serverUrl);
    }
    if (!isCurrent(gen)) return void (await created.stop());
    connecting = created;
    deps.changed();
    await attempt(gen, created, serverUrl, stored);
  }

  /** One try of the launch's core; a transient failure keeps the core and tries again later. */
  async function attempt(gen: number, launching: CounterCore, serverUrl: string, stored: StoredToken): Promise<void> {
    try {
      await launching.start();
    } catch (error) {
      if (isCurrent(gen) && connecting === launching) await launchFailed(gen, launching, error, serverUrl, stored);
      return;
    }
    if (!isCurrent(gen) || connecting !== launching) return;
    connecting = null;
    await replaceCore(launching, { baseUrl: serverUrl, token: stored.token });
    retryAttempt = 0;
    set({ ...state, status: 'signedIn', error: undefined });
  }

  async function launchFailed(gen: number, launching: CounterCore | null, error: unknown, serverUrl: string, stored?: StoredToken): Promise<void> {
    const failure = error instanceof AppError ? error : startFailure(error, serverUrl);
    deps.log.warn(`launch connect failed: ${deps.redact(failure.message)}${failure.detail ? ` (${deps.redact(failure.detail)})` : ''}`);
    if (launching && stored && (isTransient(failure) || failure.code === 'not-a-counter-server')) {
      const delay = RETRY_DELAYS_MS[Math.min(retryAttempt, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
      retryAttempt += 1;
      retryTimer = deps.clock.setTimeout(() => {
        retryTimer = undefined;
        void attempt(gen, launching, serverUrl, stored);
      }, delay);
      set({ ...state, error: problemOf(failure) });
      return;
    }
    await dropConnecting();
    if (!isCurrent(gen)) return;
    token = null;
    storedOrigin = null;
    await deps.vault.clear();
    set(signedOut(failure));
  }

  /** "Retry now" (or a wake-up) while the launch's core waits for its next try: try now, with that same core. */
  function tryLaunchNow(): boolean {
    const launching = connecting;
    if (!launching || retryTimer === undefined || !token || state.mode !== 'account') return false;
    cancelRetry();
    void attempt(generation, launching, state.serverUrl, { ...token, storage: state.tokenStorage });
    return true;
  }

  async function connect(serverUrl: string, candidate: string): Promise<void> {
    const gen = begin();
    await dropConnecting();
    const before = state;
    const bound: BoundToken = { token: candidate, origin: originOf(serverUrl) };
    // Reaching here over plain http to another machine took the user's yes (invoke-handlers.ts confirmServer).
    const record: TokenRecord = { ...bound, consents: { plainHttp: parseServerUrl(serverUrl).plainHttp, weakStorage: weakConsentFor === candidate } };
    if (core && state.mode === 'account' && state.status === 'signedIn' && state.serverUrl === serverUrl && token?.token === candidate && token.origin === bound.origin) {
      // The account this core already runs for: a second core would share its ledger file.
      const tokenStorage = await deps.vault.save(record);
      token = record;
      storedOrigin = tokenStorage === 'memory' ? null : bound.origin;
      return set({ ...state, tokenStorage, error: undefined });
    }
    set({ ...state, status: 'connecting', serverUrl, error: undefined });
    let started: CounterCore;
    try {
      started = await startCore(deps.coreFactory, deps.coreOptions(serverUrl, bound, 'account'));
    } catch (error) {
      if (isCurrent(gen)) {
        const failure = asAppError(error, new AppError('internal', 'Could not connect.'));
        deps.log.warn(`connect failed: ${deps.redact(failure.message)}${failure.detail ? ` (${deps.redact(failure.detail)})` : ''}`);
        const problem = problemOf(failure);
        // A failed switch keeps the running session; otherwise the user stays signed out.
        set(core ? { ...before, error: problem } : { ...signedOut(), error: problem });
      }
      throw error;
    }
    if (!isCurrent(gen)) {
      await started.stop();
      throw new AppError('superseded', words('error.superseded'));
    }
    const tokenStorage = await deps.vault.save(record);
    await replaceCore(started, { baseUrl: serverUrl, token: bound.token });
    await closeDemo();
    token = record;
    storedOrigin = tokenStorage === 'memory' ? null : bound.origin;
    if (deps.settings().serverUrl !== serverUrl) await deps.saveSettings({ ...deps.settings(), serverUrl });
    set({ status: 'signedIn', mode: 'account', serverUrl, tokenStorage, encryptionWeak });
  }

  async function startDemo(): Promise<void> {
    const gen = begin();
    await dropConnecting();
    const before = state;
    set({ ...state, status: 'connecting', mode: 'demo', error: undefined });
    let service: DemoService;
    let started: CounterCore;
    try {
      service = await deps.demo().catch((e: unknown) => {
        throw new AppError('demo-unavailable', words('error.demoUnavailable'), describe(e));
      });
      started = await startCore(deps.coreFactory, deps.coreOptions(service.url, { token: service.token, origin: originOf(service.url) }, 'demo')).catch(async (e: unknown) => {
        await service.close();
        throw e;
      });
    } catch (error) {
      if (isCurrent(gen)) set({ ...before, error: problemOf(asAppError(error, new AppError('demo-unavailable', words('error.demoUnavailable')))) });
      throw error;
    }
    if (!isCurrent(gen)) {
      await started.stop();
      await service.close();
      throw new AppError('superseded', words('error.superseded'));
    }
    await replaceCore(started);
    await closeDemo();
    demo = service;
    token = { token: service.token, origin: originOf(service.url), consents: { plainHttp: false, weakStorage: false } };
    set({ status: 'signedIn', mode: 'demo', serverUrl: service.url, tokenStorage: 'none', encryptionWeak });
  }

  async function signOut(): Promise<void> {
    const leavingDemo = state.mode === 'demo';
    begin();
    await dropConnecting();
    await replaceCore(null);
    await closeDemo();
    token = null;
    // The demo never stored a token: leaving it must not forget the account's.
    if (!leavingDemo) {
      await deps.vault.clear();
      storedOrigin = null;
      weakConsentFor = null;
    }
    set(signedOut());
  }

  async function setWeakStorage(allowed: boolean): Promise<void> {
    if (state.mode !== 'account' || !token) return;
    weakConsentFor = allowed ? token.token : null;
    token = { ...token, consents: { ...token.consents, weakStorage: allowed } };
    const wanted = allowed ? state.tokenStorage === 'memory' : state.tokenStorage === 'weak';
    // Withdrawn consent forgets the stored copy but keeps this run signed in.
    if (wanted) {
      const tokenStorage = await deps.vault.save(token);
      storedOrigin = tokenStorage === 'memory' ? null : token.origin;
      set({ ...state, tokenStorage });
    }
  }

  return {
    state: () => ({ ...state, encryptionWeak }),
    // The running core, also while a switch to another account is being checked (its list stays visible).
    core: () => core,
    connectingCore: () => connecting,
    setEncryptionWeak(weak) {
      encryptionWeak = weak;
      state = { ...state, encryptionWeak };
    },
    resume,
    connect,
    boundOrigin: () => (token && state.mode === 'account' ? token.origin : storedOrigin),
    startDemo,
    signOut,
    setWeakStorage,
    notifyResume() {
      // Back from sleep: the network may be back too; do not wait out the back-off.
      if (core) core.notifyResume();
      else tryLaunchNow();
    },
    retryNow() {
      // Skips a wait, never adds a core: the running one's backoff, or the launch's next try.
      if (core) core.retryNow();
      else if (!tryLaunchNow()) connecting?.retryNow();
    },
    account: () => (token && state.mode === 'account' && state.status !== 'signedOut' ? { serverUrl: state.serverUrl, token: token.token } : null),
    async stop() {
      begin();
      stopped = true;
      await dropConnecting();
      await replaceCore(null);
      await closeDemo();
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "counters.example.org:8443" from an origin, for words about it (the origin itself when it is not one). */
function hostOfOrigin(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}
