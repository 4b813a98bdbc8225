// What the app answers a command line, with the real core against the reference service: what
// reached the server is read from its request log; each exit code has the case that earns it.
import { describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../dev-tools/headless/headless-app';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { realClock } from '../../../src-main/core/contract';
import { createCliAnswers } from '../../../src-main/desktop/cli-answers';
import type { CliRequest } from '../../../src-main/desktop/command-line';
import { createActions } from '../../../src-main/electron/actions';
import { DEMO_COUNTER_IDS, DEMO_TOKEN, demoFixtures, type CounterService } from '../../../src-service/index';
import { FAST, onCleanup, startService } from '../../support/core-harness';
import { waitForState } from '../../support/wait-for-state';

const service = () => startService({ fixtures: demoFixtures() });

async function app(svc?: CounterService, options: { waitMs?: number; clock?: FakeClock } = {}) {
  const headless: HeadlessApp = createHeadlessApp({ systemTimezone: 'UTC', coreOverrides: { tuning: FAST } });
  onCleanup(() => headless.stop());
  await headless.start();
  if (svc) expect(await headless.dispatch('session:connect', { serverUrl: svc.url, token: DEMO_TOKEN })).toEqual({ ok: true, value: null });
  const alerts: string[] = [];
  const actions = createActions({ controller: headless.controller, openPopup: () => undefined, togglePopup: () => undefined, alert: (t, b) => alerts.push(`${t}: ${b}`), quit: () => undefined });
  const { answer } = createCliAnswers({ controller: headless.controller, move: actions.commandLine, alert: actions.commandLineRefused, clock: options.clock ?? realClock, waitMs: options.waitMs ?? 5_000 });
  return { headless, alerts, ask: (request: CliRequest) => answer(request) };
}

const posts = (svc: CounterService) => svc.requestLog.filter((e) => e.method === 'POST').map((e) => `${e.path.split('/').slice(-2).join('/')} ${e.status}`);

describe('the command line against the running app', () => {
  it('--increment --by 25 lands once on the server and answers the value the popup shows; --get and --json read it', async () => {
    const svc = await service();
    const { headless, ask } = await app(svc);
    expect(await ask({ action: 'increment', counter: 'coffees today', by: 25 })).toEqual({ code: 0, stdout: '28\n', stderr: '' });
    expect(posts(svc)).toEqual(['increment/25 200']);
    expect(svc.getCounter(DEMO_COUNTER_IDS.coffees)?.value).toBe(28);
    expect(headless.controller.getState().activity.undo).toMatchObject({ counterId: DEMO_COUNTER_IDS.coffees, amount: 25, source: 'commandLine' });

    expect(await ask({ action: 'get', counter: DEMO_COUNTER_IDS.coffees })).toEqual({ code: 0, stdout: '28\n', stderr: '' });
    const list = await ask({ action: 'list' });
    expect(list.code).toBe(0);
    const parsed = JSON.parse(list.stdout) as { live: boolean; counters: { id: string; name: string; type: string; value: number; today: number }[] };
    expect(parsed.live).toBe(true);
    expect(parsed.counters.find((c) => c.id === DEMO_COUNTER_IDS.coffees)).toEqual({ id: DEMO_COUNTER_IDS.coffees, name: 'Coffees today', type: 'UpDown', value: 28, today: 25 });
    expect(parsed.counters).toHaveLength(headless.controller.getState().core?.counters.length ?? -1);
  });

  it('--increment moves by the counter’s step (main applies it, as for the popup), --by overrides it', async () => {
    const svc = await service();
    const { headless, ask } = await app(svc);
    expect(await headless.dispatch('settings:update', { steps: { [DEMO_COUNTER_IDS.coffees]: 5 } })).toMatchObject({ ok: true });
    expect(await ask({ action: 'increment', counter: 'coffees today' })).toMatchObject({ code: 0, stdout: '8\n' });
    expect(await ask({ action: 'decrement', counter: 'coffees today', by: 2 })).toMatchObject({ code: 0, stdout: '6\n' });
    expect(posts(svc)).toEqual(['increment/5 200', 'decrement/2 200']);
  });

  it('a name that matches two counters is refused (2), naming both; nothing is sent', async () => {
    const svc = await service();
    const { ask, alerts } = await app(svc);
    const answer = await ask({ action: 'increment', counter: 'Co' });
    expect(answer).toEqual({ code: 2, stdout: '', stderr: '“Co” matches 2 counters (Coffees today, Cookies left); use its id.' });
    expect(alerts).toEqual([`Could not increment: ${answer.stderr}`]);
    expect(await ask({ action: 'get', counter: 'Beers' })).toMatchObject({ code: 2, stderr: 'No counter called “Beers”.' });
    expect(posts(svc)).toEqual([]);
  });

  it('a direction the server refuses is 4: first from its answer, then before anything is sent', async () => {
    const svc = await service();
    const { ask } = await app(svc);
    expect(await ask({ action: 'decrement', counter: 'Push-ups this week', by: 5 })).toEqual({ code: 4, stdout: '', stderr: 'Push-ups this week only counts up; the −1 was not made.' });
    const sent = posts(svc);
    expect(sent).toEqual([expect.stringMatching(/^decrement\/5 400$/)]);
    expect(await ask({ action: 'decrement', counter: 'Push-ups this week' })).toMatchObject({ code: 4, stderr: 'Push-ups this week only counts up.' });
    expect(posts(svc)).toEqual(sent);
  });

  it('not signed in is 3, in the app’s language', async () => {
    const { headless, ask, alerts } = await app();
    expect(await ask({ action: 'increment', counter: 'Coffees today' })).toEqual({ code: 3, stdout: '', stderr: 'Counter Tray is not signed in.' });
    expect(alerts).toEqual(['Could not increment: Counter Tray is not signed in.']);
    await headless.dispatch('settings:update', { language: 'de' });
    expect(await ask({ action: 'get', counter: 'Coffees today' })).toMatchObject({ code: 3, stderr: 'Counter Tray ist nicht angemeldet.' });
  });

  it('with the service stopped the click is queued (5) and sent once when it is back', async () => {
    const svc = await service();
    const { headless, ask } = await app(svc);
    await svc.suspend();
    await waitForState(headless, (s) => s.core?.connection.status !== 'live');
    const answer = await ask({ action: 'increment', counter: 'Coffees today', by: 3 });
    expect(answer).toEqual({ code: 5, stdout: '', stderr: 'Counter Tray is offline: the change to Coffees today is saved and is sent when it is back online.' });
    expect(await ask({ action: 'get', counter: 'Coffees today' })).toEqual({ code: 5, stdout: '6\n', stderr: 'Counter Tray is offline: these are the last values it knows.' });
    await svc.resume();
    await waitForState(headless, (s) => s.core?.counters.find((c) => c.id === DEMO_COUNTER_IDS.coffees)?.pending === false && s.core.connection.status === 'live');
    expect(svc.getCounter(DEMO_COUNTER_IDS.coffees)?.value).toBe(6);
    expect(posts(svc).filter((p) => p.endsWith('200'))).toEqual(['increment/3 200']);
  });
});

describe('an answer the wire has not given', () => {
  it('is "not confirmed" (5) when the wait ends first, never "done"', async () => {
    const svc = await service();
    const clock = new FakeClock(0);
    const { headless, ask } = await app(svc, { clock, waitMs: 1_000 });
    await svc.suspend({ abrupt: true });
    // Live as far as the app knows until its socket notices: the click waits on the wire.
    const pending = ask({ action: 'increment', counter: 'Coffees today' });
    await waitForState(headless, (s) => s.core?.counters.find((c) => c.id === DEMO_COUNTER_IDS.coffees)?.waiting !== undefined);
    await clock.advance(1_000);
    expect((await pending).code).toBe(5);
    expect(svc.getCounter(DEMO_COUNTER_IDS.coffees)?.value).toBe(3);
  });
});
