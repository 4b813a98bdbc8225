// Which core runs, with which token, against which server. Every transition bumps a generation, so
// a late answer from a superseded attempt discards itself.
import { Emitter } from '../../../src-shared/events/emitter';
import type { SessionState } from '../../../src-shared/ipc/contract';
import type { CounterCore } from '../../core/contract';
import { describe } from '../../core/errors';
import { isTransient, startCore, startFailure } from './core-start';
import { createSessionCores } from './session-cores';
import { AppError, redactWords } from '../../ipc/errors';
import type { DemoService, StoredToken, TokenRecord } from '../ports';
import type { Session, SessionDeps } from './session-api';
import { originOf } from './server-url';
import { hostOf } from '../../../src-shared/i18n/error-words';
import { createLaunchRetry } from './launch-retry';
import { createTokenGate } from './token-gate';
import { words } from '../../../src-shared/i18n/messages';

export function createSession(deps: SessionDeps): Session {
  const gate = createTokenGate(deps.vault, deps.coreSetup);
  const cores = createSessionCores(deps.log);
  const changes = new Emitter<void>();
  cores.onCoreUpdated(() => changes.fire());
  let encryptionWeak = false;
  let state: SessionState = signedOut();
  let generation = 0;
  const retry = createLaunchRetry(deps.clock, deps.launchRetryMs);
  let stopped = false;

  function signedOut(error?: AppError): SessionState {
    return {
      status: 'signedOut', mode: 'account', serverUrl: deps.settings.current().serverUrl, tokenStorage: 'none', encryptionWeak,
      ...(error ? { error: problemOf(error) } : {}),
    };
  }

  const problemOf = (error: AppError) => ({ code: error.code, message: gate.redact(error.message), ...(error.words ? { words: redactWords(error.words, gate.redact) } : {}) });
  const asAppError = (error: unknown, fallback: AppError) => (error instanceof AppError ? error : fallback);
  const logFailure = (what: string, failure: AppError) => deps.log.warn(`${what}: ${gate.redact(failure.message)}${failure.detail ? ` (${gate.redact(failure.detail)})` : ''}`);

  function set(next: SessionState): void {
    state = next;
    changes.fire();
  }

  function begin(): number {
    retry.cancel();
    generation += 1;
    return generation;
  }
  const isCurrent = (gen: number) => gen === generation && !stopped;

  /** One core, kept and tried again while the server cannot be reached; a rejected token signs out and is forgotten. */
  async function resume(stored: StoredToken): Promise<void> {
    const gen = begin();
    await cores.dropConnecting();
    if (!isCurrent(gen)) return;
    gate.adoptStored(stored);
    const serverUrl = deps.settings.current().serverUrl;
    if (originOf(serverUrl) !== stored.origin) {
      // The settings name another server: the token stays stored, unused until the user signs in here.
      gate.use(null);
      const host = hostOf(serverUrl) ?? serverUrl;
      set(signedOut(new AppError('token-for-other-server', words('error.tokenForOtherServer', { host }), `token for ${stored.origin}, settings name ${serverUrl}`)));
      return;
    }
    const token: TokenRecord = { token: stored.token, origin: stored.origin, consents: { ...stored.consents } };
    gate.use(token);
    set({ status: 'connecting', mode: 'account', serverUrl, tokenStorage: stored.storage, encryptionWeak });
    let created: CounterCore;
    try {
      created = await deps.coreFactory(gate.optionsFor(serverUrl, token, 'account'));
    } catch (error) {
      return launchFailed(gen, null, error, serverUrl);
    }
    if (!isCurrent(gen)) return void (await created.stop());
    cores.setConnecting(created);
    changes.fire();
    await attempt(gen, created, serverUrl, stored);
  }

  /** A transient failure keeps the core and tries again later. */
  async function attempt(gen: number, launching: CounterCore, serverUrl: string, stored: StoredToken): Promise<void> {
    try {
      await launching.start();
    } catch (error) {
      if (isCurrent(gen) && cores.connecting() === launching) await launchFailed(gen, launching, error, serverUrl, stored);
      return;
    }
    if (!isCurrent(gen) || cores.connecting() !== launching) return;
    cores.setConnecting(null);
    await cores.replace(launching, { baseUrl: serverUrl, token: stored.token });
    retry.reset();
    set({ ...state, status: 'signedIn', error: undefined });
  }

  async function launchFailed(gen: number, launching: CounterCore | null, error: unknown, serverUrl: string, stored?: StoredToken): Promise<void> {
    const failure = error instanceof AppError ? error : startFailure(error, serverUrl);
    logFailure('launch connect failed', failure);
    if (launching && stored && (isTransient(failure) || failure.code === 'not-a-counter-server')) {
      retry.schedule(() => void attempt(gen, launching, serverUrl, stored));
      set({ ...state, error: problemOf(failure) });
      return;
    }
    await cores.dropConnecting();
    if (!isCurrent(gen)) return;
    await gate.forget({ consents: false });
    set(signedOut(failure));
  }

  /** "Retry now" (or a wake-up) while the launch's core waits for its next try. */
  function tryLaunchNow(): boolean {
    const launching = cores.connecting();
    const token = gate.inUse();
    if (!launching || !retry.waiting() || !token || state.mode !== 'account') return false;
    retry.cancel();
    void attempt(generation, launching, state.serverUrl, { ...token, storage: state.tokenStorage });
    return true;
  }

  async function connect(serverUrl: string, candidate: string): Promise<void> {
    const gen = begin();
    await cores.dropConnecting();
    const before = state;
    const core = cores.core();
    const record = gate.recordFor(serverUrl, candidate);
    const token = gate.inUse();
    if (core && state.mode === 'account' && state.status === 'signedIn' && state.serverUrl === serverUrl && token?.token === candidate && token.origin === record.origin) {
      // A second core for this account would share its ledger file.
      const tokenStorage = await gate.save(record);
      gate.use(record, tokenStorage);
      return set({ ...state, tokenStorage, error: undefined });
    }
    set({ ...state, status: 'connecting', serverUrl, error: undefined });
    let started: CounterCore;
    try {
      started = await startCore(deps.coreFactory, gate.optionsFor(serverUrl, record, 'account'));
    } catch (error) {
      if (isCurrent(gen)) {
        const failure = asAppError(error, new AppError('internal', 'Could not connect.'));
        logFailure('connect failed', failure);
        const problem = problemOf(failure);
        // A failed switch keeps the running session.
        set(cores.core() ? { ...before, error: problem } : { ...signedOut(), error: problem });
      }
      throw error;
    }
    if (!isCurrent(gen)) {
      await started.stop();
      throw new AppError('superseded', words('error.superseded'));
    }
    const tokenStorage = await gate.save(record);
    await cores.replace(started, { baseUrl: serverUrl, token: record.token });
    await cores.closeDemo();
    gate.use(record, tokenStorage);
    if (deps.settings.current().serverUrl !== serverUrl) await deps.settings.save({ ...deps.settings.current(), serverUrl });
    set({ status: 'signedIn', mode: 'account', serverUrl, tokenStorage, encryptionWeak });
  }

  async function startDemo(): Promise<void> {
    const gen = begin();
    await cores.dropConnecting();
    const before = state;
    set({ ...state, status: 'connecting', mode: 'demo', error: undefined });
    let service: DemoService;
    let started: CounterCore;
    try {
      service = await deps.demo().catch((e: unknown) => {
        throw new AppError('demo-unavailable', words('error.demoUnavailable'), describe(e));
      });
      started = await startCore(deps.coreFactory, gate.optionsFor(service.url, { token: service.token, origin: originOf(service.url) }, 'demo')).catch(async (e: unknown) => {
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
    await cores.replace(started);
    await cores.closeDemo();
    cores.setDemo(service);
    gate.use({ token: service.token, origin: originOf(service.url), consents: { plainHttp: false, weakStorage: false } });
    set({ status: 'signedIn', mode: 'demo', serverUrl: service.url, tokenStorage: 'none', encryptionWeak });
  }

  async function signOut(): Promise<void> {
    const leavingDemo = state.mode === 'demo';
    begin();
    await cores.dropConnecting();
    await cores.replace(null);
    await cores.closeDemo();
    // The demo never stored a token: leaving it must not forget the account's.
    if (leavingDemo) gate.use(null);
    else await gate.forget({ consents: true });
    set(signedOut());
  }

  async function setWeakStorage(allowed: boolean): Promise<void> {
    if (state.mode !== 'account') return;
    const token = gate.consentWeak(allowed);
    if (!token) return;
    const wanted = allowed ? state.tokenStorage === 'memory' : state.tokenStorage === 'weak';
    // Withdrawn consent forgets the stored copy but keeps this run signed in.
    if (wanted) {
      const tokenStorage = await gate.save(token);
      gate.use(token, tokenStorage);
      set({ ...state, tokenStorage });
    }
  }

  return {
    // The same object until the session changes.
    state: () => state,
    core: () => cores.core(),
    connectingCore: () => cores.connecting(),
    requireCounter(id) {
      const core = cores.core();
      if (!core || state.status !== 'signedIn') throw new AppError('not-signed-in', words('error.notSignedIn'));
      if (!core.snapshot().counters.some((c) => c.id === id)) throw new AppError('unknown-counter', words('counter.gone'));
      return core;
    },
    async load() {
      const loaded = await gate.load();
      encryptionWeak = await deps.vault.isEncryptionWeak();
      state = { ...state, encryptionWeak };
      return loaded;
    },
    resume,
    connect,
    boundOrigin: () => gate.boundOrigin(state.mode === 'account'),
    startDemo,
    signOut,
    setWeakStorage,
    notifyResume() {
      // The network may be back too; do not wait out the back-off.
      const core = cores.core();
      if (core) core.notifyResume();
      else tryLaunchNow();
    },
    retryNow() {
      // Skips a wait, never adds a core: the running one's backoff, or the launch's next try.
      const core = cores.core();
      if (core) core.retryNow();
      else if (!tryLaunchNow() && cores.connecting()) {
        // Should this try fail, the next does not wait out the back-off.
        retry.askedDuringTry();
        cores.connecting()?.retryNow();
      }
    },
    account: () => {
      const token = gate.inUse();
      return token && state.mode === 'account' && state.status !== 'signedOut' ? { serverUrl: state.serverUrl, token: token.token } : null;
    },
    redact: gate.redact,
    rememberToken: gate.remember,
    async stop() {
      begin();
      stopped = true;
      await cores.dropConnecting();
      await cores.replace(null);
      await cores.closeDemo();
    },
    onDidChange: changes.event,
    onCoreChanged: cores.onCoreChanged,
    onRemoteChange: cores.onRemoteChange,
  };
}
