// A hostile page may ask for any amount: main refuses every one that is not a whole amount of at least 1
// at the door (zod, src-main/ipc/dispatch.ts), before a handler runs; nothing is recorded or sent.
// Negative control: a dispatcher over a contract whose amount takes anything lets them reach the handlers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { HeadlessApp } from '../../dev-tools/headless/headless-app';
import { createIpcDispatcher, type Dispatch } from '../../src-main/ipc/dispatch';
import { DEMO_COUNTER_IDS, type CounterService } from '../../src-service/index';
import { signedInDemo } from '../support/signed-in-demo';
import type * as Contract from '../../src-shared/ipc/contract';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.doUnmock('../../src-shared/ipc/contract');
  vi.resetModules();
});

const COFFEES = DEMO_COUNTER_IDS.coffees;
/** The hostile `by` and its neighbours: zero, negative, too large for a number, not a number, a huge string. */
const HOSTILE: unknown[] = [0, -1, -25, 1e20, 2 ** 53, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '5abc', '25', 'x'.repeat(100_000), null, { valueOf: 5 }, [5]];

/** What got past the door, one line per case; empty when every amount was refused there. */
async function leaks(dispatch: Dispatch, app: HeadlessApp, svc: CounterService): Promise<string[]> {
  const problems: string[] = [];
  for (const channel of ['counter:increment', 'counter:decrement']) {
    for (const amount of HOSTILE) {
      const shown = typeof amount === 'string' ? `"${amount.slice(0, 8)}"` : JSON.stringify(amount) ?? String(amount);
      const answer = await dispatch(channel, { id: COFFEES, amount });
      if (answer.ok) problems.push(`${channel} ${shown}: accepted`);
      else if (answer.error.code !== 'invalid-payload' || !answer.error.message.includes('at amount')) problems.push(`${channel} ${shown}: refused past the door (${answer.error.code})`);
    }
  }
  const state = app.controller.getState();
  if (state.activity.undo !== null) problems.push('an undo was offered');
  if (state.core?.counters.find((c) => c.id === COFFEES)?.value !== 3) problems.push('the value moved');
  if (svc.requestLog.some((e) => e.method === 'POST')) problems.push('a change was sent');
  return problems;
}

describe('hostile amounts from the page', () => {
  it('every one is refused at the door: nothing recorded, shown or sent', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    expect(await leaks(app.dispatch, app, svc)).toEqual([]);
    // The same door takes a good amount.
    expect(await app.dispatch('counter:increment', { id: COFFEES, amount: 25 })).toEqual({ ok: true, value: null });
  });

  it('negative control: with an amount the contract does not check, they reach the handlers and the check says so', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    vi.resetModules();
    vi.doMock('../../src-shared/ipc/contract', async (original) => {
      const real = await original<typeof Contract>();
      const lax = z.strictObject({ id: z.string(), amount: z.unknown() });
      return { ...real, invokeChannels: { ...real.invokeChannels, 'counter:increment': { ...real.invokeChannels['counter:increment'], request: lax }, 'counter:decrement': { ...real.invokeChannels['counter:decrement'], request: lax } } };
    });
    const weakened = (await import('../../src-main/ipc/dispatch')).createIpcDispatcher;
    expect(weakened).not.toBe(createIpcDispatcher);
    const problems = await leaks(weakened(app.controller.handlers), app, svc);
    expect(problems).toEqual(expect.arrayContaining(['counter:increment 0: refused past the door (invalidAmount)', 'counter:decrement -25: refused past the door (invalidAmount)']));
  });
});
