// Issue "Counter sync core", Tests §1: click storms against the reference service.
// Exact final values, zero 429s received, never more than 4 requests in any 1000 ms.
import { describe, expect, it } from 'vitest';
import { SHARED, USERS, maxInWindow, pause, rateLimitedCount, serverValue, startCore, startService, valueOf } from '../../support/core-harness';

describe('click storms', () => {
  it('200 clicks in 2 s on one counter: exact value, no 429, paced', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token);
    const remote: unknown[] = [];
    core.onRemoteChange((change) => remote.push(change));
    const id = SHARED[0]!;
    const before = serverValue(service, id);
    let lastClick = 0;
    for (let click = 0; click < 200; click += 1) {
      core.increment(id);
      lastClick = performance.now();
      if (click % 10 === 9 && click < 199) await pause(100); // 10 clicks every 100 ms: 200 in 2 s
    }
    expect(valueOf(core, id)).toBe(before + 200); // shown at once
    await core.settled();
    const settleMs = performance.now() - lastClick;

    expect(serverValue(service, id)).toBe(before + 200);
    expect(valueOf(core, id)).toBe(before + 200);
    expect(rateLimitedCount(service, USERS.ada.id)).toBe(0);
    expect(maxInWindow(service, USERS.ada.id)).toBeLessThanOrEqual(4);
    const stats = core.snapshot().stats;
    expect(stats.rateLimited).toBe(0);
    const mutations = service.requestLog.filter((e) => e.userId === USERS.ada.id && e.method === 'POST').length;
    console.info(`[storm-200] requests=${stats.requests} mutations=${mutations} 429s=${rateLimitedCount(service, USERS.ada.id)} settle=${Math.round(settleMs)}ms`);
    expect(mutations).toBeLessThan(20); // coalesced, not one per click
    expect(remote).toEqual([]); // our own echoes are not "remote"
    expect(stats.notifications).toBeGreaterThan(0);
  });

  it('100 clicks over 10 counters: exact values, no 429, paced', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token);
    const before = SHARED.map((id) => serverValue(service, id));
    for (let click = 0; click < 100; click += 1) {
      const id = SHARED[click % 10]!;
      if (click % 3 === 2) core.decrement(id);
      else core.increment(id);
      if (click % 5 === 4) await pause(100);
    }
    const expected = SHARED.map((_, n) => before[n]! + [...Array(10).keys()].reduce((sum, k) => sum + ((n + 10 * k) % 3 === 2 ? -1 : 1), 0));
    await core.settled();
    expect(SHARED.map((id) => serverValue(service, id))).toEqual(expected);
    expect(SHARED.map((id) => valueOf(core, id))).toEqual(expected);
    expect(rateLimitedCount(service, USERS.ada.id)).toBe(0);
    expect(maxInWindow(service, USERS.ada.id)).toBeLessThanOrEqual(4);
  });
});
