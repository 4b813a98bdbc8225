// Goals, milestones and resets with the whole app layer and the real core against the
// reference service: goals counted from the activity record and announced once across a
// restart, milestones on their local morning with 0 requests, through the app's notification
// path (desktop/notifications.ts);
// reset and start again through PATCH, and their undo when another member changed the
// counter meanwhile; goals kept per account and apart from the demo.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../../src-main/app/session/demo';
import { createHeadlessApp, type HeadlessApp } from '../../../../dev-tools/headless/headless-app';
import { createNotifier, type CounterNotification } from '../../../../src-main/desktop/notifications';
import type { CounterService } from '../../../../src-service/index';
import { DEMO_COUNTER_IDS } from '../../../../src-service/index';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import type { AppStateBody } from '../../../../src-shared/ipc/contract';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { realClock } from '../../../../src-main/core/contract';
import { FROM_DATE, SHARED, TO_DATE, USERS, onCleanup, startService } from '../../../support/core-harness';
import { waitForState } from '../../../support/wait-for-state';

const COUNTER = SHARED[0] as string; // value 100, shared with Alan
const NO_PING = { pingIntervalMs: 1e12 };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'counter-tray-goals-app-'));
  dirs.push(dir);
  return dir;
};

interface Launched {
  app: HeadlessApp;
  /** What the OS would show: the app's notifier, fed as main.ts feeds it. */
  shown: CounterNotification[];
}

/** One launch of the app, signed in to `service` as Ada, its data in `dir`, notifications through the real notifier. */
async function launch(service: CounterService, dir: string, options: { clock?: FakeClock; zone?: string } = {}): Promise<Launched> {
  const app = createHeadlessApp({
    systemTimezone: options.zone ?? 'Europe/Berlin',
    settings: { ...DEFAULT_SETTINGS, serverUrl: service.url },
    storedToken: { token: USERS.ada.token, origin: new URL(service.url).origin, storage: 'encrypted' },
    activityDir: dir,
    demo: () => startDemoService({ activity: false }),
    ...(options.clock ? { clock: options.clock, coreOverrides: { tuning: NO_PING } } : {}),
  });
  onCleanup(() => app.stop());
  const shown: CounterNotification[] = [];
  const notifier = createNotifier({ clock: options.clock ?? realClock, deliver: (n) => shown.push(n), preferences: () => app.controller.getState().settings.notifications, i18n: () => app.controller.translator() });
  app.controller.onAnnouncement((a) => notifier.announce(a));
  onCleanup(async () => notifier.dispose());
  await app.start();
  await waitForState(app, (s) => s.core?.connection.status === 'live' && s.extras !== undefined);
  return { app, shown };
}

const counter = (s: AppStateBody, id: string) => s.core?.counters.find((c) => c.id === id);
const patches = (service: CounterService) => service.requestLog.filter((e) => e.method === 'PATCH').map((e) => `${e.status}`);

describe('goals against the reference service', () => {
  it('count the activity record (yours and others’), announce once, and not again after a restart', async () => {
    const service = await startService();
    const dir = tempDir();
    const first = await launch(service, dir);
    expect(await first.app.dispatch('goal:set', { id: COUNTER, goal: { target: 3, period: 'day', count: 'all' } })).toEqual({ ok: true, value: null });
    expect(first.app.controller.getState().extras?.goals[COUNTER]).toEqual({ target: 3, period: 'day', count: 'all', done: 0 });
    await first.app.dispatch('counter:increment', { id: COUNTER, amount: 2 });
    await waitForState(first.app, (s) => s.extras?.goals[COUNTER]?.done === 2);
    expect(first.shown).toEqual([]);
    // Alan's +1 arrives over the WebSocket and is "others" in the record: the goal is reached.
    const alan = await fetch(`${service.url}/v2/counters/${COUNTER}/increment`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.alan.token}` } });
    expect(alan.status).toBe(200);
    await waitForState(first.app, (s) => s.extras?.goals[COUNTER]?.done === 3);
    await expect.poll(() => first.shown).toEqual([{ title: 'Shared counter 1', body: 'Goal reached: 3 / 3 today', counterId: COUNTER }]);
    await first.app.dispatch('counter:increment', { id: COUNTER });
    await waitForState(first.app, (s) => s.extras?.goals[COUNTER]?.done === 4);
    await first.app.stop();

    const second = await launch(service, dir);
    await waitForState(second.app, (s) => s.extras?.goals[COUNTER]?.done === 4);
    await second.app.dispatch('counter:increment', { id: COUNTER });
    await waitForState(second.app, (s) => s.extras?.goals[COUNTER]?.done === 5 && counter(s, COUNTER)?.pending === false);
    expect(second.shown).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith('goals-'))).toHaveLength(1);
  });

  it('announce a milestone on its local morning with 0 requests, once, also after a restart and a change of zone', async () => {
    const clock = new FakeClock(Date.parse('2027-02-27T20:00:00Z'));
    const service = await startService({ now: () => clock.now() });
    const dir = tempDir();
    const first = await launch(service, dir, { clock });
    await first.app.dispatch('milestones:mute', { id: TO_DATE, muted: true });
    const sent = service.requestLog.length;
    await clock.advanceTo(Date.parse('2027-02-28T07:59:59Z'));
    expect(first.shown).toEqual([]);
    await clock.advanceTo(Date.parse('2027-02-28T08:00:00Z')); // 09:00 in Berlin: the third anniversary of 29 Feb 2024
    await expect.poll(() => first.shown).toEqual([{ title: 'Since we moved in', body: '3 years today', counterId: FROM_DATE }]);
    expect(service.requestLog.length).toBe(sent); // computed locally: not one request
    await first.app.stop();

    const second = await launch(service, dir, { clock, zone: 'America/New_York' });
    // The account's goals file is loaded (the mute from the first run is back) before time moves on.
    await expect.poll(() => second.app.controller.getState().extras?.milestonesMuted).toEqual([TO_DATE]);
    await clock.advanceTo(Date.parse('2027-02-28T14:00:00Z')); // 09:00 in New York, the same day again
    await clock.advance(60_000);
    expect(second.shown).toEqual([]);
    expect(second.app.controller.getState().extras).toMatchObject({ today: '2027-02-28', milestonesMuted: [TO_DATE] });
  });
});

describe('reset and start again, and their undo', () => {
  it('reset to 0 goes through PATCH and is recorded as your edit; undo PATCHes the earlier value back', async () => {
    const service = await startService();
    const { app } = await launch(service, tempDir());
    expect(await app.dispatch('counter:reset', { id: COUNTER })).toEqual({ ok: true, value: null });
    expect(service.getCounter(COUNTER)).toMatchObject({ value: 0 });
    const offered = await waitForState(app, (s) => s.resetUndo?.counterId === COUNTER);
    expect(offered.resetUndo).toMatchObject({ kind: 'reset', earlier: 100, name: 'Shared counter 1' });
    expect(await app.dispatch('counter:undoReset', { id: COUNTER, choice: 'undo' })).toEqual({ ok: true, value: { status: 'restored' } });
    expect(service.getCounter(COUNTER)).toMatchObject({ value: 100 });
    expect(patches(service)).toEqual(['200', '200']);
    expect(app.controller.getState().resetUndo).toBeNull();
    const detail = await app.controller.handlers['activity:detail']({ id: COUNTER });
    expect(detail.events.slice(0, 2)).toMatchObject([
      { kind: 'edit', by: 'you', fields: ['value'], from: 0, to: 100 },
      { kind: 'edit', by: 'you', fields: ['value'], from: 100, to: 0 },
    ]);
    expect(detail.events.some((e) => e.kind === 'others')).toBe(false); // our PATCHes' echoes are ours
  });

  it('undo asks instead of overwriting when another member changed the counter since, and overwrites only when told', async () => {
    const service = await startService();
    const { app } = await launch(service, tempDir());
    await app.dispatch('counter:reset', { id: COUNTER });
    const alan = await fetch(`${service.url}/v2/counters/${COUNTER}/increment/2`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.alan.token}` } });
    expect(alan.status).toBe(200);
    await waitForState(app, (s) => counter(s, COUNTER)?.value === 2);
    const asked = await app.dispatch('counter:undoReset', { id: COUNTER, choice: 'undo' });
    expect(asked).toEqual({ ok: true, value: { status: 'changed', current: 2, earlier: 100 } });
    expect(patches(service)).toEqual(['200']); // nothing sent: Alan's +2 stands
    expect(service.getCounter(COUNTER)).toMatchObject({ value: 2 });
    expect(app.controller.getState().resetUndo).toMatchObject({ counterId: COUNTER }); // still the user's to decide
    expect(await app.dispatch('counter:undoReset', { id: COUNTER, choice: 'overwrite' })).toEqual({ ok: true, value: { status: 'restored' } });
    expect(service.getCounter(COUNTER)).toMatchObject({ value: 100 });
    // "Keep" forgets the offer and sends nothing.
    await app.dispatch('counter:reset', { id: COUNTER });
    expect(await app.dispatch('counter:undoReset', { id: COUNTER, choice: 'keep' })).toEqual({ ok: true, value: { status: 'kept' } });
    expect(service.getCounter(COUNTER)).toMatchObject({ value: 0 });
    expect(await app.dispatch('counter:undoReset', { id: COUNTER, choice: 'undo' })).toMatchObject({ ok: false, error: { code: 'nothing-to-undo' } });
  });

  it('start again makes today (in the user’s zone) the start date; its undo puts the old date back, or asks', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T23:30:00Z')); // already Tuesday 24 November in Berlin
    const service = await startService({ now: () => clock.now() });
    const { app } = await launch(service, tempDir(), { clock });
    expect(await app.dispatch('counter:reset', { id: FROM_DATE })).toEqual({ ok: true, value: null });
    expect(service.getCounter(FROM_DATE)).toMatchObject({ startDate: '2026-11-24' });
    await waitForState(app, (s) => counter(s, FROM_DATE)?.startDate === '2026-11-24');
    expect(app.controller.getState().resetUndo).toMatchObject({ kind: 'startAgain', earlier: '2024-02-29' });
    expect(await app.dispatch('counter:reset', { id: FROM_DATE })).toMatchObject({ ok: false, error: { code: 'nothing-to-reset' } });
    expect(await app.dispatch('counter:undoReset', { id: FROM_DATE, choice: 'undo' })).toEqual({ ok: true, value: { status: 'restored' } });
    expect(service.getCounter(FROM_DATE)).toMatchObject({ startDate: '2024-02-29' });
    // A ToDate has no "start again".
    expect(await app.dispatch('counter:reset', { id: TO_DATE })).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });
});

describe('kept per account and apart from the demo', () => {
  it('a goal set in the demo is not the account’s, and no file is written for the demo', async () => {
    const service = await startService();
    const dir = tempDir();
    const { app } = await launch(service, dir);
    await app.dispatch('goal:set', { id: COUNTER, goal: { target: 8, period: 'week', count: 'mine' } });
    const files = () => readdirSync(dir).filter((f) => f.startsWith('goals-'));
    expect(files()).toHaveLength(1);
    expect(await app.dispatch('session:startDemo', {})).toEqual({ ok: true, value: null });
    await waitForState(app, (s) => s.session.mode === 'demo' && s.core?.connection.status === 'live' && s.extras !== undefined);
    expect(app.controller.getState().extras?.goals).toEqual({});
    await app.dispatch('goal:set', { id: DEMO_COUNTER_IDS.coffees, goal: { target: 2, period: 'day', count: 'all' } });
    expect(app.controller.getState().extras?.goals[DEMO_COUNTER_IDS.coffees]).toMatchObject({ target: 2 });
    expect(files()).toHaveLength(1);
    await app.dispatch('session:signOut', {});
    expect(await app.dispatch('session:connect', { serverUrl: service.url, token: USERS.ada.token })).toEqual({ ok: true, value: null });
    const back = await waitForState(app, (s) => s.extras?.goals[COUNTER] !== undefined);
    expect(back.extras?.goals).toEqual({ [COUNTER]: { target: 8, period: 'week', count: 'mine', done: 0 } });
    expect(existsSync(join(dir, files()[0] as string))).toBe(true);
  });
});
