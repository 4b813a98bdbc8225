// Two clients clicking the same counter at once plus an observer all end on
// the server's value; each sees the others' changes as remote, never its own.
import { describe, expect, it } from 'vitest';
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import { SHARED, TO_DATE, USERS, counter, pause, serverValue, startCore, startService, until, valueOf } from '../../support/core-harness';

describe('convergence', () => {
  it('two cores clicking one counter and an observer converge to the server value', async () => {
    const service = await startService();
    const [ada, alan, grace] = await Promise.all([
      startCore(service.url, USERS.ada.token),
      startCore(service.url, USERS.alan.token),
      startCore(service.url, USERS.grace.token),
    ]);
    const id = SHARED[3]!;
    const before = serverValue(service, id);
    const seen = { ada: [] as RemoteChange[], grace: [] as RemoteChange[] };
    ada.onRemoteChange((c) => seen.ada.push(c));
    grace.onRemoteChange((c) => seen.grace.push(c));

    for (let step = 0; step < 60; step += 1) {
      ada.increment(id);
      if (step % 3 === 0) alan.decrement(id);
      else alan.increment(id, 2);
      if (step % 6 === 5) await pause(50);
    }
    await Promise.all([ada.settled(), alan.settled()]);
    const expected = before + 60 + 20 * -1 + 40 * 2;
    expect(serverValue(service, id)).toBe(expected);
    // Notifications may still be on their way: wait for each snapshot to reach the server's value.
    for (const core of [ada, alan, grace]) await until(core, (s) => counter(s, id)?.value === expected, 10_000, 'convergence');
    for (const core of [ada, alan, grace]) expect(counter(core.snapshot(), id)).toMatchObject({ value: expected, pending: false });

    expect(seen.grace.length).toBeGreaterThan(0);
    expect(seen.grace.at(-1)!.to).toBe(expected);
    expect(seen.ada.length).toBeGreaterThan(0); // Alan's changes
    expect(valueOf(grace, SHARED[0]!)).toBe(serverValue(service, SHARED[0]!));
  });

  it('an unknown counter in counterUpdated triggers a resync that finds it', async () => {
    const service = await startService();
    const ada = await startCore(service.url, USERS.ada.token);
    const resyncs = ada.snapshot().stats.resyncs;
    const created = service.createCounter({ name: 'Brand new', type: 'UpDown', value: 1, members: [{ userId: USERS.ada.id, isAdmin: true }] });
    await until(ada, (s) => counter(s, created.id) !== undefined, 5000, 'the new counter');
    expect(ada.snapshot().stats.resyncs).toBeGreaterThan(resyncs);
  });

  it("someone else's date change reaches the others with its new date", async () => {
    const service = await startService();
    const [ada, alan] = await Promise.all([startCore(service.url, USERS.ada.token), startCore(service.url, USERS.alan.token)]);
    const seen: number[] = [];
    ada.onRemoteChange((change) => seen.push(change.to));
    const moved = await alan.update(TO_DATE, { endDate: '2027-04-01' });
    await until(ada, (s) => counter(s, TO_DATE)?.endDate === '2027-04-01', 5000, 'the new end date');
    expect(counter(ada.snapshot(), TO_DATE)?.value).toBe(moved.value);
    expect(seen).toEqual([moved.value]);
    expect(counter(alan.snapshot(), TO_DATE)?.endDate).toBe('2027-04-01');
  });
});
