// onChangeOutcome (docs/api.md R1; the activity record reads it): each of our own changes
// reports what became of it, with its signed net amount and the core's clock.
import { describe, expect, it } from 'vitest';
import type { ChangeOutcome } from '../../../src-main/core/index';
import { ONLY_UP, SHARED, USERS, counter, serverValue, startCore, startService, until } from '../../support/core-harness';

function collect(core: { onChangeOutcome(listener: (o: ChangeOutcome) => void): () => void }) {
  const outcomes: ChangeOutcome[] = [];
  const unsubscribe = core.onChangeOutcome((o) => outcomes.push(o));
  return { outcomes, unsubscribe };
}

/** A fetch that delivers a change to the server and then loses its answer once. */
function losingOneAnswer(): typeof fetch {
  let left = 1;
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (left > 0 && /\/(increment|decrement)\/\d+/.test(url)) {
      left -= 1;
      await (await fetch(input, init)).arrayBuffer();
      throw new TypeError('fetch failed: the answer was lost');
    }
    return fetch(input, init);
  };
}

describe('onChangeOutcome', () => {
  it('reports an answered change as applied with its signed amount, and a refused direction as refused', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token);
    const { outcomes } = collect(core);
    const before = Date.now();
    core.decrement(SHARED[0]!, 3);
    core.decrement(ONLY_UP, 2); // OnlyUp: the server answers 400
    await core.settled();
    await until(core, (s) => counter(s, ONLY_UP)?.refused.decrement !== undefined, 5_000, 'refused');
    expect(outcomes).toHaveLength(2);
    expect(outcomes).toContainEqual(expect.objectContaining({ counterId: SHARED[0], amount: -3, outcome: 'applied' }));
    expect(outcomes).toContainEqual(expect.objectContaining({ counterId: ONLY_UP, amount: -2, outcome: 'refused' }));
    for (const o of outcomes) expect(o.at).toBeGreaterThanOrEqual(before);
  });

  it('reports a lost answer nothing can prove as unconfirmed, and stops after unsubscribe', async () => {
    const service = await startService();
    const id = SHARED[2]!;
    // No socket (every upgrade refused): no notification history can prove the change landed.
    const core = await startCore(service.url, USERS.ada.token, { fetch: losingOneAnswer(), requestTimeoutMs: 1000, webSocket: () => { throw new Error('no socket'); } });
    const { outcomes, unsubscribe } = collect(core);
    const before = serverValue(service, id);
    core.increment(id, 4);
    await until(core, (s) => counter(s, id)?.error?.kind === 'unconfirmed', 8_000, 'unconfirmed');
    expect(serverValue(service, id)).toBe(before + 4);
    expect(outcomes).toEqual([expect.objectContaining({ counterId: id, amount: 4, outcome: 'unconfirmed' })]);
    unsubscribe();
    core.increment(id, 1);
    await core.settled();
    expect(outcomes).toHaveLength(1);
  });
});
