// Token hygiene. A whole session through the app controller and its IPC
// dispatcher — a mistyped token, onboarding, clicks on several counters, dropped and
// half-open connections, a server error, settings changes, a wake from sleep, and at
// last a revoked token and sign-out — against the reference service behind the fault
// proxy. Then every place the token could leak to is searched: every AppState emitted
// to the renderer, every IPC answer, every log line, everything written to the console,
// the settings file on disk and every error message. Zero hits, for both tokens.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHeadlessApp } from '../../dev-tools/headless/headless-app';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import { FaultProxy } from '../support/fault-proxy';
import { SHARED, USERS, fixtures, onCleanup, startService } from '../support/core-harness';

const TOKEN = 'ct_live_7f3a9c2e5b1d4e8f9a0b6c3d2e1f0a9b';
const MISTYPED = 'ct_live_mistyped_00112233445566778899';

afterEach(() => vi.restoreAllMocks());

describe('token hygiene', () => {
  it('a whole session leaves the token in no state, IPC answer, log line, console line, settings file or error message', async () => {
    const file = fixtures();
    file.users = file.users.map((user) => (user.id === USERS.ada.id ? { ...user, token: TOKEN } : user));
    const service = await startService({ fixtures: file });
    const proxy = await FaultProxy.start(service.port);
    onCleanup(() => proxy.close());
    const dir = await mkdtemp(join(tmpdir(), 'counter-tray-hygiene-'));
    onCleanup(() => rm(dir, { recursive: true, force: true }));

    const seen: string[] = [];
    const record = (where: string, value: unknown) => seen.push(`${where}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => record(`console.${method}`, args.map(String).join(' ')));
    }
    const logger = { info: (m: string) => record('log.info', m), warn: (m: string) => record('log.warn', m), error: (m: string) => record('log.error', m) };
    const app = createHeadlessApp({ settingsPath: join(dir, 'settings.json'), systemTimezone: 'Europe/Berlin', logger, coreOverrides: { requestTimeoutMs: 800, tuning: { reconnectBaseMs: 50, reconnectCapMs: 300, pingIntervalMs: 300, pongTimeoutMs: 300 } } });
    onCleanup(() => app.stop());
    const states: AppStateBody[] = [];
    app.controller.on('state:changed', (state) => {
      states.push(state);
      record('state:changed', state);
    });
    const invoke = async (channel: string, payload: unknown) => {
      const answer = await app.dispatch(channel, payload);
      record(`ipc ${channel}`, answer);
      return answer;
    };
    const untilState = (what: string, predicate: (state: AppStateBody) => boolean) =>
      new Promise<void>((resolve, reject) => {
        if (predicate(app.controller.getState())) return resolve();
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(app.controller.getState().core?.connection)}`)), 10_000);
        const off = app.controller.on('state:changed', (state) => {
          if (!predicate(state)) return;
          clearTimeout(timer);
          off();
          resolve();
        });
      });
    const live = (state: AppStateBody) => state.core?.connection.status === 'live';
    const inSync = (state: AppStateBody) =>
      state.core !== null && !state.core.counters.some((c) => c.pending) && SHARED.slice(0, 3).every((id) => state.core?.counters.find((c) => c.id === id)?.value === service.getCounter(id)?.value);

    record('start', await app.start());
    // Onboarding: a mistyped token first, then the right one.
    expect(await invoke('session:connect', { serverUrl: proxy.url, token: MISTYPED })).toMatchObject({ ok: false, error: { code: 'token-rejected' } });
    expect(await invoke('session:connect', { serverUrl: proxy.url, token: TOKEN })).toEqual({ ok: true, value: null });
    await untilState('live', live);
    expect(app.vault.peek()?.token, 'the token is in play (in the vault, where it belongs)').toBe(TOKEN);

    // Clicks, with reconnects in between.
    for (const id of SHARED.slice(0, 3)) {
      for (let i = 0; i < 3; i += 1) await invoke('counter:increment', { id });
      await invoke('counter:decrement', { id, amount: 2 });
    }
    proxy.dropAll();
    await invoke('counter:increment', { id: SHARED[0] });
    proxy.halfOpenAll();
    await invoke('counter:increment', { id: SHARED[1] });
    await untilState('clicks to land', inSync);
    await untilState('live again', live);

    // Errors the user sees: a name the server refuses, a counter that is not theirs, a bad request.
    expect(await invoke('counter:update', { id: SHARED[0], patch: { name: 'abc' } })).toMatchObject({ ok: false });
    expect(await invoke('counter:increment', { id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0fff' })).toMatchObject({ ok: false, error: { code: 'unknown-counter' } });
    expect(await invoke('session:connect', { serverUrl: 'ftp://127.0.0.1', token: TOKEN })).toMatchObject({ ok: false, error: { code: 'invalid-url' } });
    await invoke('settings:update', { theme: 'dark', pinned: [SHARED[0]] });
    await invoke('state:get', {});
    app.controller.notifyResume();
    await untilState('live after wake', live);

    // The token is revoked on the server while the app runs.
    service.revokeToken(TOKEN);
    await invoke('counter:increment', { id: SHARED[2] });
    await untilState('unauthorized', (state) => state.core === null || state.core.connection.status === 'unauthorized' || state.session.status === 'signedOut');
    await invoke('state:get', {});
    await invoke('session:signOut', {});
    await app.stop();

    expect(states.length).toBeGreaterThan(5);
    const files = await readdir(dir);
    for (const name of files) record(`file ${name}`, await readFile(join(dir, name), 'utf8'));
    expect(files).toContain('settings.json');

    const everything = seen.join('\n');
    const hits = seen.filter((line) => line.includes(TOKEN) || line.includes(MISTYPED));
    expect(hits, 'lines that carry a token').toEqual([]);
    // Partial leaks count too (a token cut short in a message, or printed without its prefix).
    for (const secret of [TOKEN, MISTYPED]) expect(everything).not.toContain(secret.slice(8, 28));
    expect(states.some((s) => s.core?.connection.status === 'unauthorized' || s.session.error?.code === 'token-rejected'), 'the revocation reached the UI').toBe(true);
    vi.restoreAllMocks();
    console.info(`[hardening:token] searched ${seen.length} items (${states.length} AppStates, ${seen.filter((l) => l.startsWith('ipc')).length} IPC answers, ${seen.filter((l) => l.startsWith('log')).length} log lines, ${files.length} files): 0 hits`);
  });
});
