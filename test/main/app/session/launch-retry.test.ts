// "Retry now" while the launch cannot reach the server: a press between tries tries at once; a
// press while a try is under way is kept, so a try that fails (it began while the server was still
// away) is followed at once by another, instead of the back-off's next delay (2, 5, 15, 30 s …).
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../../dev-tools/headless/headless-app';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { createLaunchRetry } from '../../../../src-main/app/session/launch-retry';
import { COFFEE_ID, counter, fakeCoreFactory, flushMicrotasks, type FakeServer } from '../../../support/app-fakes';

const TOKEN = 'ada-secret-token-0123456789';
const URL_OK = 'http://127.0.0.1:8787';

const apps: HeadlessApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
});

function launch(server: FakeServer) {
  const clock = new FakeClock();
  const cores = fakeCoreFactory(server);
  const app = createHeadlessApp({
    coreFactory: cores.factory,
    clock,
    settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK },
    storedToken: { token: TOKEN, origin: new URL(URL_OK).origin, storage: 'encrypted' },
  });
  apps.push(app);
  return { app, clock, cores };
}

/** A server that is away, and a way to hold the next try's start until the test lets it go on. */
function awayServer() {
  const server: FakeServer = { url: URL_OK, tokens: new Set([TOKEN]), reachable: false, counters: [counter(COFFEE_ID, 'Coffees today', 3)] };
  const hold = () => {
    let release = () => undefined as void;
    server.startGate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      server.startGate = undefined;
      release();
    };
  };
  return { server, hold };
}

const starts = (cores: ReturnType<typeof fakeCoreFactory>) => cores.last()?.calls.filter((call) => call === 'start').length ?? 0;

describe('Retry now while the launch is offline', () => {
  it('pressed while a try is under way: that try fails, the next goes at once, not after the back-off', async () => {
    const { server, hold } = awayServer();
    const { app, clock, cores } = launch(server);
    await app.start();
    expect(app.controller.getState().session.status).toBe('connecting');
    expect(starts(cores)).toBe(1);

    // The second try starts (2 s later) and is held as if the answer were slow.
    const release = hold();
    await clock.advance(2_000);
    expect(starts(cores)).toBe(2);
    // The server comes back and the user presses Retry now while that try is still under way.
    expect(await app.dispatch('session:retryNow', {})).toEqual({ ok: true, value: null });
    // The try began while the server was away: it fails.
    release();
    await flushMicrotasks();
    server.reachable = true;
    await clock.advance(0);
    await flushMicrotasks();

    expect(starts(cores)).toBe(3);
    expect(app.controller.getState().session.status).toBe('signedIn');
  });

  it('negative control: without the press, the try after a failed one waits the back-off (5 s)', async () => {
    const { server, hold } = awayServer();
    const { app, clock, cores } = launch(server);
    await app.start();
    const release = hold();
    await clock.advance(2_000);
    release();
    await flushMicrotasks();
    server.reachable = true;
    await clock.advance(4_999);
    await flushMicrotasks();
    expect(starts(cores)).toBe(2);
    expect(app.controller.getState().session.status).toBe('connecting');
    await clock.advance(1);
    await flushMicrotasks();
    expect(app.controller.getState().session.status).toBe('signedIn');
  });
});

describe('the launch back-off', () => {
  it('a press during a try makes the next delay 0 once, and keeps its place in 2, 5, 15, 30, 60 s', async () => {
    const clock = new FakeClock();
    const retry = createLaunchRetry(clock);
    const delays: number[] = [];
    const measure = async () => {
      const from = clock.now();
      let ran = false;
      retry.schedule(() => (ran = true));
      await clock.advance(0);
      while (!ran) await clock.advance(1);
      delays.push(clock.now() - from);
    };
    await measure();
    retry.askedDuringTry();
    await measure();
    await measure();
    retry.askedDuringTry();
    retry.cancel(); // a new launch, or the press's own try: the press is used up
    await measure();
    expect(delays).toEqual([2_000, 0, 5_000, 15_000]);
  });

  it('takes other delays where a test must be the only one to reconnect; the last repeats', async () => {
    const clock = new FakeClock();
    const retry = createLaunchRetry(clock, [600_000]);
    let runs = 0;
    retry.schedule(() => (runs += 1));
    await clock.advance(599_999);
    expect(runs).toBe(0);
    await clock.advance(1);
    retry.schedule(() => (runs += 1));
    await clock.advance(600_000);
    expect(runs).toBe(2);
  });
});
