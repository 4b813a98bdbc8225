// Steps and typed amounts with the real core against the reference service: what reaches the server
// is read back from its request log. Main applies the step (invoke-handlers.ts), for every source.
import { afterEach, describe, expect, it } from 'vitest';
import type { HeadlessApp } from '../../../dev-tools/headless/headless-app';
import { DEMO_COUNTER_IDS, type CounterService } from '../../../src-service/index';
import { signedInDemo } from '../../support/signed-in-demo';
import type { AppStateBody } from '../../../src-shared/ipc/contract';
import { waitForState } from '../../support/wait-for-state';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const COFFEES = DEMO_COUNTER_IDS.coffees; // 3, UpAndDown
const PUSH_UPS = DEMO_COUNTER_IDS.pushUps; // 40, OnlyUp

const counter = (s: AppStateBody, id: string) => s.core?.counters.find((c) => c.id === id);
const settled = (app: HeadlessApp, id: string) => waitForState(app, (s) => counter(s, id)?.pending === false);
const changesTo = (svc: CounterService, id: string) => svc.requestLog.filter((e) => e.method === 'POST' && e.path.includes(id)).map((e) => `${e.path.split('/').slice(-2).join('/')} ${e.status}`);

describe('steps and typed amounts against the reference service', () => {
  it('a step moves the counter by it from the popup, the tray and a shortcut; an amount asked for wins', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    expect(await app.dispatch('settings:update', { steps: { [COFFEES]: 5 } })).toMatchObject({ ok: true });
    for (const dispatch of [app.dispatch, app.controller.dispatchFrom('tray'), app.controller.dispatchFrom('shortcut')]) {
      expect(await dispatch('counter:increment', { id: COFFEES })).toEqual({ ok: true, value: null });
      await settled(app, COFFEES);
    }
    expect(await app.dispatch('counter:decrement', { id: COFFEES, amount: 2 })).toEqual({ ok: true, value: null });
    await settled(app, COFFEES);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/5 200', 'increment/5 200', 'increment/5 200', 'decrement/2 200']);
    expect(svc.getCounter(COFFEES)?.value).toBe(3 + 15 - 2);
  });

  it('negative control: without a step, the same clicks move it by 1', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    await app.controller.dispatchFrom('tray')('counter:increment', { id: COFFEES });
    await settled(app, COFFEES);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/1 200']);
  });

  it('25 typed and three clicks after it: fewer requests than actions, the server’s value exact, shown at once', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    const asked = [app.dispatch('counter:increment', { id: COFFEES, amount: 25 }), app.dispatch('counter:increment', { id: COFFEES }), app.dispatch('counter:increment', { id: COFFEES }), app.dispatch('counter:decrement', { id: COFFEES })];
    // Optimistic: the row has it before the server answered.
    expect(counter(app.controller.getState(), COFFEES)).toMatchObject({ value: 3 + 25 + 1, pending: true });
    expect(await Promise.all(asked)).toEqual(asked.map(() => ({ ok: true, value: null })));
    await settled(app, COFFEES);
    expect(changesTo(svc, COFFEES).length).toBeLessThan(asked.length);
    expect(svc.getCounter(COFFEES)?.value).toBe(3 + 25 + 1);
    expect(counter(app.controller.getState(), COFFEES)?.value).toBe(3 + 25 + 1);
  });

  it('a typed 25 is undone as one step: the offer says +25, the undo sends one decrement of 25', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    await app.dispatch('counter:increment', { id: COFFEES, amount: 25 });
    await settled(app, COFFEES);
    expect(app.controller.getState().activity?.undo).toMatchObject({ counterId: COFFEES, amount: 25 });
    expect(await app.dispatch('counter:undo', { id: COFFEES })).toEqual({ ok: true, value: null });
    await waitForState(app, (s) => s.activity?.undo === null && counter(s, COFFEES)?.pending === false);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/25 200', 'decrement/25 200']);
    expect(svc.getCounter(COFFEES)?.value).toBe(3);
  });

  it('a direction the counter’s mode refused is refused for a typed amount too, nothing sent', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    await app.dispatch('counter:decrement', { id: PUSH_UPS });
    await waitForState(app, (s) => counter(s, PUSH_UPS)?.refused.decrement !== undefined);
    const before = changesTo(svc, PUSH_UPS);
    await app.dispatch('counter:decrement', { id: PUSH_UPS, amount: 25 });
    await settled(app, PUSH_UPS);
    expect(changesTo(svc, PUSH_UPS)).toEqual(before);
    expect(svc.getCounter(PUSH_UPS)?.value).toBe(40);
  });

  it('an amount that would take the value past a safe integer is refused in main, before anything is sent', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    const answer = await app.dispatch('counter:increment', { id: COFFEES, amount: Number.MAX_SAFE_INTEGER - 1 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-payload', words: { key: 'error.amountOutOfRange' } } });
    expect(app.controller.getState().activity?.undo).toBeNull();
    // Negative control: the largest amount that still fits goes through.
    expect(await app.dispatch('counter:increment', { id: COFFEES, amount: Number.MAX_SAFE_INTEGER - 3 })).toEqual({ ok: true, value: null });
    await settled(app, COFFEES);
    expect(changesTo(svc, COFFEES)).toEqual([`increment/${Number.MAX_SAFE_INTEGER - 3} 200`]);
  });
});
