// Demo mode: the reference service on loopback answers only the app; next to a real account the
// demo's token, server, settings and sign-out never touch the account's; and the simulated second
// user reaches the app the normal way (HTTP → service → WebSocket → core → remote change).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHeadlessApp } from '../../../../dev-tools/headless/headless-app';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { parseCommandLine, wantsDemo } from '../../../../src-main/desktop/command-line';
import { startDemoService } from '../../../../src-main/app/session/demo';
import type { DemoService } from '../../../../src-main/app/ports';
import { DEMO_COUNTER_IDS, DEMO_TOKEN, startCounterService } from '../../../../src-service/index';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { waitForState } from '../../../support/wait-for-state';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function demo(): Promise<DemoService> {
  const started = await startDemoService({ activity: false });
  cleanups.push(() => started.close());
  return started;
}

/** GET /v2/counters with any Host and Origin (fetch would not let a test set Host). */
function get(url: string, token: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: '/v2/counters?timezone=UTC', headers: { Authorization: `Bearer ${token}`, ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A WebSocket upgrade as a browser page makes it (it always sends its Origin). */
function upgrade(url: string, token: string, origin?: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v2/ws?timezone=UTC`, { headers: { Authorization: `Bearer ${token}` }, ...(origin ? { origin } : {}) });
    ws.on('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.on('error', () => undefined);
  });
}

describe('startDemoService', () => {
  it('starts the reference service on loopback with demo data its token can read, and closes it', async () => {
    const started = await startDemoService();
    try {
      expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${started.url}/v2/counters?timezone=UTC`, { headers: { Authorization: `Bearer ${started.token}`, Accept: 'application/json' } });
      expect(response.status).toBe(200);
      const counters = (await response.json()) as unknown[];
      expect(counters.length).toBeGreaterThan(0);
    } finally {
      await started.close();
    }
    await expect(fetch(`${started.url}/v2/counters`)).rejects.toThrow();
  });
});

describe('the demo answers only the app (issue 23, point 10)', () => {
  /** What another local process or a web page (DNS rebinding to 127.0.0.1, or a page on this machine) gets from a demo service. */
  async function reach(service: { url: string; token: string }) {
    const { port } = new URL(service.url);
    return {
      publishedToken: await get(service.url, DEMO_TOKEN),
      rebindingPage: await get(service.url, service.token, { Host: `rebind.attacker.example:${port}`, Origin: `http://rebind.attacker.example:${port}` }),
      rebindingHostOnly: await get(service.url, service.token, { Host: `rebind.attacker.example:${port}` }),
      localPage: await get(service.url, service.token, { Origin: 'http://127.0.0.1:3000' }),
      pageSocket: await upgrade(service.url, service.token, 'http://127.0.0.1:3000'),
      app: await get(service.url, service.token),
      appSocket: await upgrade(service.url, service.token),
    };
  }

  it('a token of its own per launch; Host must be 127.0.0.1:<port>; browser Origins are refused', async () => {
    const [one, two] = [await demo(), await demo()];
    expect(one.token).not.toBe(two.token);
    expect([one.token, two.token]).not.toContain(DEMO_TOKEN);
    expect(await reach(one)).toEqual({ publishedToken: 401, rebindingPage: 403, rebindingHostOnly: 403, localPage: 403, pageSocket: 403, app: 200, appSocket: 101 });
  });

  it('negative control: the 0.2 demo (published token, no guard) answers every one of them', async () => {
    // A clock a second further on each time it is read: seven requests in a row stay under the rate limit.
    let clock = Date.now();
    const service = await startCounterService({ port: 0, fixtures: 'demo', now: () => (clock += 1000) });
    cleanups.push(() => service.close());
    expect(await reach({ url: service.url, token: DEMO_TOKEN })).toEqual({ publishedToken: 200, rebindingPage: 200, rebindingHostOnly: 200, localPage: 200, pageSocket: 101, app: 200, appSocket: 101 });
  });
});

describe('demo mode beside a real account', () => {
  it('leaves the account’s stored token and server alone, also when signing out of the demo', async () => {
    const account = await startCounterService({ port: 0, fixtures: 'demo' });
    cleanups.push(() => account.close());
    const stored = { token: DEMO_TOKEN, origin: new URL(account.url).origin, storage: 'encrypted' as const };
    const app = createHeadlessApp({ systemTimezone: 'UTC', settings: { ...DEFAULT_SETTINGS, serverUrl: account.url }, storedToken: stored, demo: () => startDemoService({ activity: false }) });
    cleanups.push(() => app.stop());
    await app.start();
    expect(app.controller.getState().session).toMatchObject({ status: 'signedIn', mode: 'account' });

    expect(await app.dispatch('session:startDemo', {})).toEqual({ ok: true, value: null });
    const demo = app.controller.getState();
    expect(demo.session).toMatchObject({ status: 'signedIn', mode: 'demo', tokenStorage: 'none' });
    expect(demo.session.serverUrl).not.toBe(account.url);
    expect(demo.settings.serverUrl).toBe(account.url);
    expect(app.vault.peek()).toMatchObject(stored);

    expect(await app.dispatch('session:signOut', {})).toEqual({ ok: true, value: null });
    expect(app.controller.getState().session).toMatchObject({ status: 'signedOut', mode: 'account', serverUrl: account.url });
    expect(app.vault.peek()).toMatchObject(stored);

    // Signing out of the account itself still forgets its token.
    await app.dispatch('session:connect', { serverUrl: account.url, token: DEMO_TOKEN });
    await app.dispatch('session:signOut', {});
    expect(app.vault.peek()).toBeNull();
  });

  it('keeps pins, mutes, counter shortcuts and steps made in the demo out of the account’s settings file, and restores the account’s on leaving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-tray-demo-settings-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const settingsPath = join(dir, 'settings.json');
    const app = createHeadlessApp({ systemTimezone: 'UTC', settingsPath, demo: () => startDemoService({ activity: false }) });
    cleanups.push(() => app.stop());
    await app.start();
    const onDisk = () => JSON.parse(readFileSync(settingsPath, 'utf8')) as { pinned: string[]; theme: string; notifications: { mutedCounters: string[] }; shortcuts: { counters: Record<string, unknown> }; steps: Record<string, number> };
    await app.dispatch('settings:update', { pinned: ['account-counter'] });
    const changes: string[][] = [];
    app.controller.onSettingsChanged((next) => changes.push(next.pinned));

    await app.dispatch('session:startDemo', {});
    const coffees = DEMO_COUNTER_IDS.coffees;
    const answer = await app.dispatch('settings:update', {
      pinned: [coffees],
      theme: 'dark',
      notifications: { enabled: true, mutedCounters: [coffees] },
      shortcuts: { open: null, counters: { [coffees]: { increment: 'CommandOrControl+Alt+C' } } },
      steps: { [coffees]: 5 },
    });
    expect(answer).toMatchObject({ ok: true });
    // The demo shows what the user chose…
    expect(app.controller.getState().settings).toMatchObject({ pinned: [coffees], theme: 'dark', notifications: { mutedCounters: [coffees] }, steps: { [coffees]: 5 } });
    // …the account's file keeps its own per-counter settings, and takes the app-wide one.
    expect(onDisk()).toMatchObject({ pinned: ['account-counter'], theme: 'dark', notifications: { mutedCounters: [] }, shortcuts: { counters: {} } });
    expect(onDisk().steps).toEqual({});

    await app.dispatch('session:signOut', {});
    expect(app.controller.getState().settings).toMatchObject({ pinned: ['account-counter'], theme: 'dark', notifications: { mutedCounters: [] }, shortcuts: { counters: {} } });
    expect(app.controller.getState().settings.steps).toEqual({});
    expect(changes.at(-1)).toEqual(['account-counter']); // listeners (the shell's shortcut registrar) hear it
  });

  it('shows the simulated second user’s change as a remote change', async () => {
    const clock = new FakeClock();
    const app = createHeadlessApp({ systemTimezone: 'UTC', demo: () => startDemoService({ activity: { clock } }) });
    cleanups.push(() => app.stop());
    await app.start();
    const remote = new Promise((resolve) => app.controller.onRemoteChange(resolve));
    expect(await app.dispatch('session:startDemo', {})).toEqual({ ok: true, value: null });
    await waitForState(app, (s) => s.core?.connection.status === 'live');
    await clock.advance(8_000); // Alan's first step: a coffee
    expect(await remote).toMatchObject({ counterId: DEMO_COUNTER_IDS.coffees, to: 4 });
  });
});

describe('--demo on the command line (npm run demo)', () => {
  it('is recognised among Chromium’s switches and is not a counter action', () => {
    const argv = ['/opt/Counter Tray/counter-tray', '--no-sandbox', '.', '--demo'];
    expect(wantsDemo(argv)).toBe(true);
    expect(parseCommandLine(argv)).toEqual({ kind: 'none' });
    expect(wantsDemo(['/opt/Counter Tray/counter-tray', '--increment', 'demo'])).toBe(false);
  });
});
