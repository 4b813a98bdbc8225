// Demo mode next to a real account: the demo's token, server and sign-out never touch
// the account's stored token or server setting; and the demo's simulated second user
// reaches the app the normal way (HTTP → service → WebSocket → core → remote change).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../../src-main/app/session/demo';
import { createHeadlessApp } from '../../../../dev-tools/headless/headless-app';
import { parseCommandLine, wantsDemo } from '../../../../src-main/desktop/command-line';
import { DEMO_COUNTER_IDS, DEMO_TOKEN, startCounterService } from '../../../../src-service/index';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { waitForState } from '../../../support/wait-for-state';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
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

  it('keeps pins, mutes and counter shortcuts made in the demo out of the account’s settings file, and restores the account’s on leaving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-tray-demo-settings-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const settingsPath = join(dir, 'settings.json');
    const app = createHeadlessApp({ systemTimezone: 'UTC', settingsPath, demo: () => startDemoService({ activity: false }) });
    cleanups.push(() => app.stop());
    await app.start();
    const onDisk = () => JSON.parse(readFileSync(settingsPath, 'utf8')) as { pinned: string[]; theme: string; notifications: { mutedCounters: string[] }; shortcuts: { counters: Record<string, unknown> } };
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
    });
    expect(answer).toMatchObject({ ok: true });
    // The demo shows what the user chose…
    expect(app.controller.getState().settings).toMatchObject({ pinned: [coffees], theme: 'dark', notifications: { mutedCounters: [coffees] } });
    // …the account's file keeps its own per-counter settings, and takes the app-wide one.
    expect(onDisk()).toMatchObject({ pinned: ['account-counter'], theme: 'dark', notifications: { mutedCounters: [] }, shortcuts: { counters: {} } });

    await app.dispatch('session:signOut', {});
    expect(app.controller.getState().settings).toMatchObject({ pinned: ['account-counter'], theme: 'dark', notifications: { mutedCounters: [] }, shortcuts: { counters: {} } });
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
    expect(parseCommandLine(argv)).toBeNull();
    expect(wantsDemo(['/opt/Counter Tray/counter-tray', '--increment', 'demo'])).toBe(false);
  });
});
