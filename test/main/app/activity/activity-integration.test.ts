// Activity and undo with the real core against the reference service: what reaches the
// server is read back from its request log, and the record survives a restart.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../../dev-tools/headless/headless-app';
import { DEMO_COUNTER_IDS, DEMO_TOKEN, startCounterService, type CounterService } from '../../../../src-service/index';
import type { AppStateBody } from '../../../../src-shared/ipc/contract';
import { ActivityHistory, type HistoryRange } from '../../../../src-shared/domain/history';
import { waitForState } from '../../../support/wait-for-state';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const COFFEES = DEMO_COUNTER_IDS.coffees;
const PUSH_UPS = DEMO_COUNTER_IDS.pushUps; // OnlyUp

async function signedIn(service: CounterService, activityDir?: string): Promise<HeadlessApp> {
  const app = createHeadlessApp({ systemTimezone: 'UTC', ...(activityDir ? { activityDir } : {}) });
  cleanups.push(() => app.stop());
  await app.start();
  expect(await app.dispatch('session:connect', { serverUrl: service.url, token: DEMO_TOKEN })).toEqual({ ok: true, value: null });
  return app;
}

async function service(): Promise<CounterService> {
  const running = await startCounterService({ port: 0, fixtures: 'demo' });
  cleanups.push(() => running.close());
  return running;
}

const counter = (s: AppStateBody, id: string) => s.core?.counters.find((c) => c.id === id);
const settled = (app: HeadlessApp, id: string) => waitForState(app, (s) => counter(s, id)?.pending === false);
const changesTo = (svc: CounterService, id: string) => svc.requestLog.filter((e) => e.method === 'POST' && e.path.includes(id)).map((e) => `${e.path.split('/').slice(-2).join('/')} ${e.status}`);

describe('activity and undo against the reference service', () => {
  it('undo of a click not yet sent nets out in the core ledger: no request at all', async () => {
    const svc = await service();
    const app = await signedIn(svc);
    // Two changes use up the pacing budget (4 per rolling second, with the upgrade and the
    // list), so the next click waits in the ledger, where the undo meets it.
    await app.dispatch('counter:increment', { id: COFFEES });
    await settled(app, COFFEES);
    await app.dispatch('counter:decrement', { id: COFFEES });
    await settled(app, COFFEES);
    const before = changesTo(svc, COFFEES);
    expect(before).toEqual(['increment/1 200', 'decrement/1 200']);
    app.controller.handlers['counter:increment']({ id: COFFEES });
    expect(app.controller.getState().activity?.undo).toMatchObject({ counterId: COFFEES, amount: 1, source: 'popup' });
    app.controller.handlers['counter:undo']({ id: COFFEES });
    await settled(app, COFFEES);
    const state = await waitForState(app, (s) => s.activity?.undo === null);
    expect(changesTo(svc, COFFEES)).toEqual(before);
    expect(svc.getCounter(COFFEES)?.value).toBe(3);
    expect(state.activity?.today[COFFEES]).toBeUndefined();
    const detail = await app.controller.handlers['activity:detail']({ id: COFFEES });
    expect(detail.events[0]).toMatchObject({ kind: 'own', amount: 0, sources: { popup: 1, undo: -1 } });
  });

  it('undo of a sent change sends the opposite one, from the tray as from the popup', async () => {
    const svc = await service();
    const app = await signedIn(svc);
    expect(await app.controller.dispatchFrom('shortcut')('counter:increment', { id: COFFEES })).toEqual({ ok: true, value: null });
    await waitForState(app, (s) => s.activity?.today[COFFEES] === 1);
    expect(app.controller.getState().activity?.undo).toMatchObject({ amount: 1, source: 'shortcut' });
    expect(await app.controller.dispatchFrom('tray')('counter:undo', { id: COFFEES })).toEqual({ ok: true, value: null });
    await waitForState(app, (s) => s.activity?.today[COFFEES] === undefined && counter(s, COFFEES)?.pending === false);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/1 200', 'decrement/1 200']);
    expect(svc.getCounter(COFFEES)?.value).toBe(3);
    const detail = await app.controller.handlers['activity:detail']({ id: COFFEES });
    expect(detail.events.map((e) => (e.kind === 'own' ? e.sources : e.kind))).toEqual([{ undo: -1 }, { shortcut: 1 }]);
  });

  it('on an OnlyUp counter, once the server refused a decrement, undo is not offered and says why', async () => {
    const svc = await service();
    const app = await signedIn(svc);
    await app.dispatch('counter:decrement', { id: PUSH_UPS });
    await waitForState(app, (s) => counter(s, PUSH_UPS)?.refused.decrement !== undefined);
    await app.dispatch('counter:increment', { id: PUSH_UPS });
    const offer = app.controller.getState().activity?.undo;
    expect(offer?.blockedBecause).toMatch(/^Cannot undo: Push-ups this week only counts up/);
    expect(await app.dispatch('counter:undo', { id: PUSH_UPS })).toMatchObject({ ok: false, error: { code: 'undo-refused' } });
    await settled(app, PUSH_UPS);
    expect(changesTo(svc, PUSH_UPS)).toEqual(['decrement/1 400', 'increment/1 200']);
  });

  it('records own edits as yours, with the value before and after', async () => {
    const svc = await service();
    const app = await signedIn(svc);
    expect(await app.dispatch('counter:update', { id: COFFEES, patch: { value: 10 } })).toEqual({ ok: true, value: null });
    const state = await waitForState(app, (s) => s.activity?.today[COFFEES] === 7);
    expect(counter(state, COFFEES)?.value).toBe(10);
    const detail = await app.controller.handlers['activity:detail']({ id: COFFEES });
    expect(detail.events[0]).toMatchObject({ kind: 'edit', by: 'you', fields: ['value'], from: 3, to: 10 });
    expect(detail.today).toEqual({ you: 7, others: 0 });
  });

  it('answers activity:history through the dispatcher: weeks from the locale’s first day, a goal’s streak, bad requests refused', async () => {
    const svc = await service();
    const app = await signedIn(svc);
    await app.dispatch('counter:increment', { id: COFFEES, amount: 2 });
    await waitForState(app, (s) => s.activity?.today[COFFEES] === 2);
    const asked = async (range: HistoryRange) => {
      const answer = await app.dispatch('activity:history', { id: COFFEES, range });
      if (!answer.ok) throw new Error(answer.error.code);
      return ActivityHistory.parse(answer.value);
    };
    const us = await asked('year');
    expect(us).toMatchObject({ range: 'year', firstDayOfWeek: 7, stats: { you: 2, others: 0, activeDays: 1 }, streak: { kind: 'direction', current: 1 } });
    expect(us.days.at(-1)).toMatchObject({ recorded: true, you: 2, value: 5 });
    // The record began today: every earlier day is "not recorded".
    expect(us.days.slice(0, -1).every((d) => !d.recorded)).toBe(true);
    app.setSystemLanguages(['de-DE']);
    expect(await app.dispatch('goal:set', { id: COFFEES, goal: { target: 2, period: 'day', count: 'mine' } })).toEqual({ ok: true, value: null });
    expect(await asked('twoWeeks')).toMatchObject({ firstDayOfWeek: 1, streak: { kind: 'goal', unit: 'day', current: 1, longest: 1 } });
    expect(await app.dispatch('activity:history', { id: COFFEES, range: 'decade' } as never)).toMatchObject({ ok: false });
    expect(await app.dispatch('activity:history', { id: '019a4f2e-8c00-7d3a-9b1e-000000000000', range: 'year' })).toMatchObject({ ok: false });
  });

  it("keeps an account's record across a restart", async () => {
    const svc = await service();
    const dir = await mkdtemp(join(tmpdir(), 'activity-app-'));
    const first = await signedIn(svc, dir);
    await first.dispatch('counter:increment', { id: COFFEES, amount: 4 });
    await waitForState(first, (s) => s.activity?.today[COFFEES] === 4);
    await first.stop();
    const second = await signedIn(svc, dir);
    const state = await waitForState(second, (s) => s.activity?.today[COFFEES] === 4);
    expect(state.activity?.undo).toBeNull(); // an offer does not outlive the run
  });
});
