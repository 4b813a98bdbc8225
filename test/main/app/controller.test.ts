import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp, type HeadlessAppOptions } from '../../../dev-tools/headless/headless-app';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import type { AppState } from '../../../src-shared/ipc/contract';
import { COFFEE_ID, TRIP_ID, counter, fakeCoreFactory, flushMicrotasks, type FakeServer } from '../../support/app-fakes';
import { FakeClock } from '../../../dev-tools/support/fake-clock';

const TOKEN = 'ada-secret-token-0123456789';
const URL_OK = 'http://127.0.0.1:8787';
const ORIGIN_OK = URL_OK;
const STORED = { token: TOKEN, origin: ORIGIN_OK, storage: 'encrypted' as const };

function server(overrides: Partial<FakeServer> = {}): FakeServer {
  return { url: URL_OK, tokens: new Set([TOKEN]), reachable: true, counters: [counter(COFFEE_ID, 'Coffees today', 3), counter(TRIP_ID, 'Until the trip', 120)], ...overrides };
}

const apps: HeadlessApp[] = [];
function app(srv: FakeServer, options: Partial<HeadlessAppOptions> = {}) {
  const cores = fakeCoreFactory(srv);
  const clock = new FakeClock();
  const demoClosed: string[] = [];
  const headless = createHeadlessApp({
    coreFactory: cores.factory,
    clock,
    systemTimezone: 'Europe/Berlin',
    demo: async () => ({ url: `${URL_OK}/demo`, token: 'demo-token-ada', close: async () => void demoClosed.push('closed') }),
    ...options,
  });
  apps.push(headless);
  const states: AppState[] = [];
  headless.controller.on('state:changed', (s) => states.push(s));
  return { ...headless, cores, clock, states, demoClosed };
}

afterEach(async () => {
  for (const a of apps.splice(0)) await a.stop();
});

describe('session:connect', () => {
  it('issue 22: connecting again to the account that runs keeps its one core (a second would share its ledger file)', async () => {
    const a = app(server());
    await a.start();
    expect(await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN })).toEqual({ ok: true, value: null });
    expect(await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN })).toEqual({ ok: true, value: null });
    expect(a.cores.cores).toHaveLength(1);
    expect(a.cores.last()?.stopped).toBe(false);
    expect(a.controller.getState().session.status).toBe('signedIn');
    // Another token is another account: a core of its own, the previous one stopped.
    const other = 'alan-secret-token-0123456789';
    const srv = server({ tokens: new Set([TOKEN, other]) });
    const b = app(srv);
    await b.start();
    await b.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    await b.dispatch('session:connect', { serverUrl: URL_OK, token: other });
    expect(b.cores.cores).toHaveLength(2);
    expect(b.cores.cores[0]?.stopped).toBe(true);
  });

  it('refuses what is not a URL and non-http schemes; plain http to another host only after main asked the user', async () => {
    const a = app(server(), { consent: { ask: async () => false } });
    await a.start();
    expect(await a.dispatch('session:connect', { serverUrl: 'not a server', token: TOKEN })).toMatchObject({ ok: false, error: { code: 'invalid-url' } });
    expect(await a.dispatch('session:connect', { serverUrl: 'file:///etc/passwd', token: TOKEN })).toMatchObject({ ok: false, error: { code: 'invalid-url' } });
    expect(await a.dispatch('session:connect', { serverUrl: 'http://counters.example.com', token: TOKEN })).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(a.consentQuestions()).toEqual([{ kind: 'plain-http', to: 'http://counters.example.com' }]);
    expect(a.cores.cores).toHaveLength(0);
  });

  it('adds https:// to an address typed without a scheme, as the popup does', async () => {
    const a = app(server({ url: 'https://counters.example.org' }));
    await a.start();
    expect(await a.dispatch('session:connect', { serverUrl: 'counters.example.org', token: TOKEN })).toEqual({ ok: true, value: null });
    expect(a.controller.getState().session).toMatchObject({ status: 'signedIn', serverUrl: 'https://counters.example.org' });
  });

  it('allows plain http to a non-loopback host once the user confirmed it in main\'s dialog', async () => {
    const a = app(server({ url: 'http://192.168.1.20:8787' }));
    await a.start();
    expect(await a.dispatch('session:connect', { serverUrl: 'http://192.168.1.20:8787/', token: TOKEN })).toEqual({ ok: true, value: null });
    expect(a.consentQuestions()).toEqual([{ kind: 'plain-http', to: 'http://192.168.1.20:8787' }]);
    expect(a.controller.getState().session).toMatchObject({ status: 'signedIn', serverUrl: 'http://192.168.1.20:8787' });
    expect(a.vault.peek()).toEqual({ token: TOKEN, origin: 'http://192.168.1.20:8787', storage: 'encrypted', consents: { plainHttp: true, weakStorage: false } });
    // Replacing the token for the same server asks nothing again.
    expect(await a.dispatch('session:connect', { serverUrl: 'http://192.168.1.20:8787', token: TOKEN })).toEqual({ ok: true, value: null });
    expect(a.consentQuestions()).toHaveLength(1);
  });

  it('answers token-rejected for a bad token, without the token anywhere', async () => {
    const srv = server({ echoTokenInErrors: true });
    const a = app(srv);
    await a.start();
    const wrong = 'wrong-token-that-is-long';
    const result = await a.dispatch('session:connect', { serverUrl: URL_OK, token: wrong });
    expect(result).toMatchObject({ ok: false, error: { code: 'token-rejected' } });
    expect(JSON.stringify(result)).not.toContain(wrong);
    const state = a.controller.getState();
    expect(state.session).toMatchObject({ status: 'signedOut', error: { code: 'token-rejected' } });
    expect(JSON.stringify(state)).not.toContain(wrong);
    expect(a.cores.last()?.stopped).toBe(true);
    expect(a.vault.peek()).toBeNull();
  });

  it('answers server-unreachable when nothing listens', async () => {
    const a = app(server({ reachable: false }));
    await a.start();
    expect(await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN })).toMatchObject({ ok: false, error: { code: 'server-unreachable', message: expect.stringContaining('127.0.0.1:8787') } });
  });

  it('signs in, stores the token encrypted, and publishes the core snapshot', async () => {
    const a = app(server());
    await a.start();
    expect(await a.dispatch('session:connect', { serverUrl: `${URL_OK}/`, token: TOKEN })).toEqual({ ok: true, value: null });
    const state = a.controller.getState();
    expect(state.session).toEqual({ status: 'signedIn', mode: 'account', serverUrl: URL_OK, tokenStorage: 'encrypted', encryptionWeak: false });
    expect(state.core?.counters.map((c) => c.name)).toEqual(['Coffees today', 'Until the trip']);
    expect(state.settings.serverUrl).toBe(URL_OK);
    expect(a.vault.peek()).toEqual({ token: TOKEN, origin: ORIGIN_OK, storage: 'encrypted', consents: { plainHttp: false, weakStorage: false } });
    expect(a.consentQuestions()).toEqual([{ kind: 'change-server', to: ORIGIN_OK, from: null }]);
    expect(a.cores.last()?.options).toMatchObject({ baseUrl: URL_OK, token: TOKEN, timezone: 'Europe/Berlin' });
    expect(JSON.stringify(state)).not.toContain(TOKEN);
  });

  it('keeps the token in memory only when encryption is weak, until the user opts in', async () => {
    const a = app(server(), { encryptionWeak: true });
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    expect(a.controller.getState().session).toMatchObject({ tokenStorage: 'memory', encryptionWeak: true });
    expect(a.vault.peek()).toBeNull();
    expect(await a.dispatch('session:storeTokenWeakly', {})).toEqual({ ok: true, value: null });
    expect(a.consentQuestions().at(-1)).toEqual({ kind: 'weak-storage' });
    expect(a.controller.getState().session.tokenStorage).toBe('weak');
    expect(a.vault.peek()).toEqual({ token: TOKEN, origin: ORIGIN_OK, storage: 'weak', consents: { plainHttp: false, weakStorage: true } });
  });

  it('keeps the token in memory when the user says no in main\'s weak-storage dialog', async () => {
    const a = app(server(), { encryptionWeak: true, consent: { ask: async (q) => q.kind !== 'weak-storage' } });
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    expect(await a.dispatch('session:storeTokenWeakly', {})).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(a.controller.getState().session.tokenStorage).toBe('memory');
    expect(a.vault.peek()).toBeNull();
  });

  it('a failed switch keeps the running session', async () => {
    const a = app(server());
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    const first = a.cores.last();
    expect(await a.dispatch('session:connect', { serverUrl: URL_OK, token: 'another-wrong-token' })).toMatchObject({ ok: false });
    expect(a.controller.getState().session).toMatchObject({ status: 'signedIn', error: { code: 'token-rejected' } });
    expect(first?.stopped).toBe(false);
  });
});

describe('launch with a stored token', () => {
  it('connects with it on start', async () => {
    const a = app(server(), { storedToken: STORED, settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK } });
    await a.start();
    expect(a.controller.getState().session).toMatchObject({ status: 'signedIn', mode: 'account', tokenStorage: 'encrypted' });
  });

  it('signs out and forgets a token the server rejects (revoked)', async () => {
    const a = app(server({ tokens: new Set() }), { storedToken: STORED, settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK } });
    await a.start();
    expect(a.controller.getState().session).toMatchObject({ status: 'signedOut', error: { code: 'token-rejected' } });
    expect(a.vault.peek()).toBeNull();
  });

  it('retries with back-off while the server is unreachable, and at once on resume, always with the same core', async () => {
    const srv = server({ reachable: false });
    const a = app(srv, { storedToken: STORED, settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK } });
    await a.start();
    const starts = () => a.cores.cores.flatMap((core) => core.calls.filter((call) => call === 'start')).length;
    expect(a.controller.getState().session).toMatchObject({ status: 'connecting', error: { code: 'server-unreachable' } });
    await a.clock.advance(2_000);
    expect(starts()).toBe(2);
    await a.clock.advance(4_999);
    expect(starts()).toBe(2);
    srv.reachable = true;
    a.controller.notifyResume();
    await flushMicrotasks();
    expect(starts()).toBe(3);
    expect(a.cores.cores).toHaveLength(1); // one core per account, its ledger kept throughout
    expect(a.controller.getState().session).toMatchObject({ status: 'signedIn' });
    expect(a.clock.pending).toBeLessThanOrEqual(2); // at most the state-coalescing timer and the day watch
  });
});

describe('counters and settings', () => {
  async function signedIn(options: Partial<HeadlessAppOptions> = {}) {
    const a = app(server(), options);
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    return a;
  }

  it('increments and decrements through the core, refuses unknown counters and signed-out calls', async () => {
    const a = await signedIn();
    expect(await a.dispatch('counter:increment', { id: COFFEE_ID })).toEqual({ ok: true, value: null });
    expect(await a.dispatch('counter:decrement', { id: COFFEE_ID, amount: 2 })).toEqual({ ok: true, value: null });
    expect(a.cores.last()?.calls).toContain(`increment ${COFFEE_ID} 1`);
    expect(a.cores.last()?.calls).toContain(`decrement ${COFFEE_ID} 2`);
    expect(a.controller.getState().core?.counters[0]?.value).toBe(2);
    expect(await a.dispatch('counter:increment', { id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0bff' })).toMatchObject({ ok: false, error: { code: 'unknown-counter' } });
    await a.dispatch('session:signOut', {});
    expect(await a.dispatch('counter:increment', { id: COFFEE_ID })).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
  });

  it('answers "could not confirm" through the core; an unknown choice, counter or extra field is refused', async () => {
    const a = await signedIn();
    const core = a.cores.last()!;
    core.publish({ ...core.snapshot(), counters: core.snapshot().counters.map((c) => (c.id === COFFEE_ID ? { ...c, error: { kind: 'unconfirmed' as const, message: 'Could not confirm +1', amount: 1 } } : c)) });
    expect(await a.dispatch('counter:resolveUnconfirmed', { id: COFFEE_ID, choice: 'maybe' })).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    expect(await a.dispatch('counter:resolveUnconfirmed', { id: COFFEE_ID, choice: 'resend' })).toEqual({ ok: true, value: null });
    expect(core.calls).toContain(`resolveUnconfirmed ${COFFEE_ID} resend`);
    expect(core.snapshot().counters.find((c) => c.id === COFFEE_ID)?.error).toBeUndefined();
    expect(await a.dispatch('counter:resolveUnconfirmed', { id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0bff', choice: 'keep' })).toMatchObject({ ok: false, error: { code: 'unknown-counter' } });
    expect(await a.dispatch('counter:resolveUnconfirmed', { id: COFFEE_ID, choice: 'keep', all: true })).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });

  it('dismisses a counter\'s "refused" flag through the core; unknown counters and extra fields are refused', async () => {
    const a = await signedIn();
    const core = a.cores.last()!;
    core.publish({ ...core.snapshot(), counters: core.snapshot().counters.map((c) => (c.id === COFFEE_ID ? { ...c, error: { kind: 'rejected' as const, message: 'Refused' } } : c)) });
    expect(await a.dispatch('counter:dismissError', { id: COFFEE_ID })).toEqual({ ok: true, value: null });
    expect(core.calls).toContain(`dismissError ${COFFEE_ID}`);
    expect(core.snapshot().counters.find((c) => c.id === COFFEE_ID)?.error).toBeUndefined();
    expect(await a.dispatch('counter:dismissError', { id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0bff' })).toMatchObject({ ok: false, error: { code: 'unknown-counter' } });
    expect(await a.dispatch('counter:dismissError', { id: COFFEE_ID, all: true })).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });

  it('updates a counter, passing the server message through on refusal', async () => {
    const a = await signedIn();
    expect(await a.dispatch('counter:update', { id: COFFEE_ID, patch: { name: 'Teas today' } })).toEqual({ ok: true, value: null });
    expect(await a.dispatch('counter:update', { id: COFFEE_ID, patch: { name: 'Tea' } })).toEqual({ ok: false, error: { code: 'badRequest', message: 'Name must be 5 to 40 characters' } });
    expect(await a.dispatch('counter:update', { id: COFFEE_ID, patch: {} })).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });

  it('validates shortcuts, time zones and server URLs before saving', async () => {
    const a = await signedIn();
    expect(await a.dispatch('settings:update', { shortcuts: { open: 'Ctrl+Shift+Banana', counters: {} } })).toMatchObject({ ok: false, error: { code: 'invalid-shortcut' } });
    expect(
      await a.dispatch('settings:update', { shortcuts: { open: 'Ctrl+Shift+K', counters: { [COFFEE_ID]: { increment: 'shift+control+k' } } } }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-shortcut', message: expect.stringContaining('twice') } });
    expect(await a.dispatch('settings:update', { timezone: 'Mars/Olympus' })).toMatchObject({ ok: false, error: { code: 'invalid-settings' } });
    // Where the token goes is not a setting: the contract refuses the field outright.
    expect(await a.dispatch('settings:update', { serverUrl: 'http://evil.example.com' })).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    expect(a.controller.getState().settings.shortcuts.open).toBeNull();

    const ok = await a.dispatch('settings:update', { timezone: 'Pacific/Kiritimati', pinned: [COFFEE_ID] });
    expect(ok).toMatchObject({ ok: true, value: { timezone: 'Pacific/Kiritimati', pinned: [COFFEE_ID] } });
    expect(a.cores.last()?.calls).toContain('setTimezone Pacific/Kiritimati');
  });

  it('follows a system time zone change only without an override', async () => {
    const a = await signedIn();
    a.setSystemTimezone('Asia/Tokyo');
    expect(a.cores.last()?.calls).toContain('setTimezone Asia/Tokyo');
    await a.dispatch('settings:update', { timezone: 'Europe/Paris' });
    a.setSystemTimezone('America/New_York');
    expect(a.cores.last()?.calls).not.toContain('setTimezone America/New_York');
    expect(a.controller.getState().systemTimezone).toBe('America/New_York');
  });

  it('resolves the theme from settings and the OS', async () => {
    const a = await signedIn({ dark: false });
    expect(a.controller.getState().theme).toBe('light');
    a.setSystemDark(true);
    expect(a.controller.getState().theme).toBe('dark');
    await a.dispatch('settings:update', { theme: 'light' });
    expect(a.controller.getState().theme).toBe('light');
  });

  it('signs out: stops the core, forgets the token', async () => {
    const a = await signedIn();
    expect(await a.dispatch('session:signOut', {})).toEqual({ ok: true, value: null });
    expect(a.cores.last()?.stopped).toBe(true);
    expect(a.vault.peek()).toBeNull();
    expect(a.controller.getState()).toMatchObject({ session: { status: 'signedOut', tokenStorage: 'none' }, core: null });
  });

  it('forwards remote changes, keeps focus requests in the state, each numbered anew, asks the window to hide and keeps the popup’s pin', async () => {
    const a = await signedIn();
    const changes: unknown[] = [];
    a.controller.onRemoteChange((c) => changes.push(c));
    a.cores.last()?.emitRemote({ counterId: COFFEE_ID, name: 'Coffees today', from: 3, to: 4 });
    expect(a.controller.getState().ask).toBeNull();
    a.controller.focusCounter(COFFEE_ID);
    expect(changes).toEqual([{ counterId: COFFEE_ID, name: 'Coffees today', from: 3, to: 4 }]);
    expect(a.controller.getState().ask).toEqual({ kind: 'focusCounter', id: COFFEE_ID, seq: 1 });
    a.controller.openSettings();
    a.controller.focusCounter(COFFEE_ID);
    expect(a.controller.getState().ask).toEqual({ kind: 'focusCounter', id: COFFEE_ID, seq: 3 });
    await a.dispatch('window:hide', {});
    expect(a.hideRequests()).toBe(1);
    // The popup's pin is main's state: a page that mounts again still shows it pressed.
    expect(a.controller.getState().keepOpen).toBeUndefined();
    await a.dispatch('window:keepOpen', { keep: true });
    expect(a.controller.getState().keepOpen).toBe(true);
    await a.dispatch('window:keepOpen', { keep: false });
    expect(a.controller.getState().keepOpen).toBeUndefined();
  });
});

describe('demo mode', () => {
  it('starts the demo service, never stores its token, and closes it on sign-out', async () => {
    const srv = server({ tokens: new Set([TOKEN, 'demo-token-ada']) });
    const a = app(srv);
    await a.start();
    expect(await a.dispatch('session:startDemo', {})).toEqual({ ok: true, value: null });
    expect(a.controller.getState().session).toMatchObject({ status: 'signedIn', mode: 'demo', tokenStorage: 'none' });
    expect(a.vault.peek()).toBeNull();
    await a.dispatch('session:signOut', {});
    expect(a.demoClosed).toEqual(['closed']);
  });

  it('reports demo-unavailable when the service cannot start', async () => {
    const a = app(server(), { demo: async () => Promise.reject(new Error('EADDRINUSE')) });
    await a.start();
    expect(await a.dispatch('session:startDemo', {})).toMatchObject({ ok: false, error: { code: 'demo-unavailable', words: { key: 'error.demoUnavailable' } } });
    expect(a.controller.getState().session.status).toBe('signedOut');
  });
});

describe('state:changed', () => {
  it('coalesces a burst of snapshots into one emit per microtask batch and at most one per 16 ms', async () => {
    const a = app(server());
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    await flushMicrotasks();
    a.states.length = 0;
    const core = a.cores.last();
    for (let i = 0; i < 100; i += 1) core?.increment(COFFEE_ID);
    await flushMicrotasks();
    // The previous emit was at the same instant (manual clock): the burst waits for the frame.
    await a.clock.advance(16);
    expect(a.states).toHaveLength(1);
    expect(a.states[0]?.core?.counters[0]?.value).toBe(103);
    for (let i = 0; i < 10; i += 1) core?.increment(COFFEE_ID);
    await a.clock.advance(15);
    expect(a.states).toHaveLength(1);
    await a.clock.advance(1);
    expect(a.states).toHaveLength(2);
    expect(a.states[1]?.core?.counters[0]?.value).toBe(113);
  });

  it('issue 49: a wall clock set back a day holds no push back (the 16 ms run on the monotonic clock)', async () => {
    const a = app(server());
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    await a.clock.advance(100);
    a.states.length = 0;
    const core = a.cores.last();
    core?.increment(COFFEE_ID);
    await flushMicrotasks();
    expect(a.states).toHaveLength(1);
    a.clock.stepWall(-86_400_000);
    core?.increment(COFFEE_ID);
    await a.clock.advance(16);
    expect(a.states).toHaveLength(2);
    expect(a.states[1]?.core?.counters[0]?.value).toBe(5);
  });

  it('emits nothing after stop', async () => {
    const a = app(server());
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    await a.clock.advance(100);
    const count = a.states.length;
    await a.stop();
    a.setSystemDark(true);
    await a.clock.advance(100);
    expect(a.states).toHaveLength(count);
  });
});

describe('start without waiting for the server', () => {
  it('answers once settings are loaded; the connection completes in the background', async () => {
    let release = () => undefined as void;
    const startGate = new Promise<void>((resolve) => (release = resolve));
    const a = app(server({ startGate }), { storedToken: STORED, settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK } });
    await a.start({ awaitConnection: false });
    expect(a.controller.getState().session.status).toBe('connecting');
    release();
    await flushMicrotasks();
    expect(a.controller.getState().session.status).toBe('signedIn');
  });
});

describe('the popup loading while the controller starts', () => {
  it('what the popup asks waits for the start: it never sees the defaults before the saved settings', async () => {
    let release = () => undefined as void;
    const startGate = new Promise<void>((resolve) => (release = resolve));
    const a = app(server({ startGate }), { storedToken: STORED, settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK, theme: 'dark', language: 'de' } });
    const started = a.start({ awaitConnection: true });
    let answered = false;
    const asked = a.dispatch('state:get', {}).then((answer) => ((answered = true), answer));
    // Control: the same question past the door, answered at once, is the defaults the page must not paint.
    expect((await a.controller.handlers['state:get']({})).settings).toMatchObject({ theme: 'system', language: 'system' });
    await flushMicrotasks();
    expect(answered).toBe(false);
    release();
    await started;
    expect(await asked).toMatchObject({ ok: true, value: { settings: { theme: 'dark', language: 'de' }, session: { status: 'signedIn' } } });
  });
});

describe('switching accounts', () => {
  it('keeps showing the running list while the new token is checked, but refuses changes meanwhile', async () => {
    let release = () => undefined as void;
    const srv = server({ tokens: new Set([TOKEN, 'second-token-long']) });
    const a = app(srv);
    await a.start();
    await a.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
    srv.startGate = new Promise<void>((resolve) => (release = resolve));
    const switching = a.dispatch('session:connect', { serverUrl: URL_OK, token: 'second-token-long' });
    await flushMicrotasks();
    expect(a.controller.getState().session.status).toBe('connecting');
    expect(a.controller.getState().core?.counters).toHaveLength(2);
    expect(await a.dispatch('counter:increment', { id: COFFEE_ID })).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    release();
    expect(await switching).toEqual({ ok: true, value: null });
    expect(a.cores.cores[0]?.stopped).toBe(true);
    expect(a.cores.last()?.options.token).toBe('second-token-long');
  });
});
