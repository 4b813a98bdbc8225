// Our change on the wire against the reference service (src-main/core/outgoing-changes.ts):
// each change's outcome is reported (docs/api.md R1), and cases 1–5 of a click never doubled or
// silently lost, behind a programmable front server (dev-tools/support/request-fault-front.ts).
import { describe, expect, it } from 'vitest';
import type { ChangeOutcome, CounterCore } from '../../../src-main/core/index';
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import type { CounterService } from '../../../src-service/index';
import { RequestFaultFront } from '../../../dev-tools/support/request-fault-front';
import { ONLY_UP, SHARED, USERS, counter, onCleanup, serverValue, startCore, startService, until } from '../../support/core-harness';

async function fronted(service: CounterService): Promise<RequestFaultFront> {
  const front = await RequestFaultFront.start(service.port);
  onCleanup(() => front.close());
  return front;
}

function record(core: CounterCore): { outcomes: ChangeOutcome[]; remote: RemoteChange[] } {
  const outcomes: ChangeOutcome[] = [];
  const remote: RemoteChange[] = [];
  core.onChangeOutcome((o) => outcomes.push(o));
  core.onRemoteChange((c) => remote.push(c));
  return { outcomes, remote };
}

const changesBy = (service: CounterService, userId: string, id: string) =>
  service.requestLog.filter((e) => e.userId === userId && e.path.includes(id) && /increment|decrement/.test(e.path) && e.status === 200).length;

const TIMEOUT = 300;

function collect(core: Pick<CounterCore, 'onChangeOutcome'>) {
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

describe('issue 11: outcomes', () => {
  it('issue 11 case 1: a POST the server applies after the client timeout is waited for, shown as still sending, and lands once', async () => {
    const service = await startService();
    const front = await fronted(service);
    const id = SHARED[0]!;
    const core = await startCore(front.url, USERS.ada.token, { requestTimeoutMs: TIMEOUT });
    const { outcomes, remote } = record(core);
    const before = serverValue(service, id);
    front.add({ method: 'POST', path: /\/increment\//, action: { kind: 'applyLate', delayMs: TIMEOUT * 3 }, times: 1 });
    core.increment(id, 5);
    await until(core, (s) => counter(s, id)?.sendingSlowly === true, 5000, '"still sending…"');
    await core.settled();
    expect(serverValue(service, id)).toBe(before + 5); // not +10
    expect(changesBy(service, USERS.ada.id, id)).toBe(1);
    expect(counter(core.snapshot(), id)).toMatchObject({ value: before + 5, pending: false });
    expect(counter(core.snapshot(), id)?.error).toBeUndefined();
    expect(counter(core.snapshot(), id)?.sendingSlowly).toBeUndefined();
    expect(outcomes.map((o) => [o.amount, o.outcome])).toEqual([[5, 'applied']]);
    expect(remote).toEqual([]); // the late apply is ours, not someone else's change
  });

  it('issue 11 case 1: every POST slower than the timeout — clicks are neither doubled nor lost', async () => {
    const service = await startService();
    const front = await fronted(service);
    const id = SHARED[1]!;
    const core = await startCore(front.url, USERS.ada.token, { requestTimeoutMs: TIMEOUT });
    const before = serverValue(service, id);
    front.add({ method: 'POST', path: /\/increment\//, action: { kind: 'applyLate', delayMs: TIMEOUT * 1.5 } });
    for (let n = 0; n < 4; n += 1) {
      core.increment(id);
      await core.settled(); // one request per click: each is slower than the timeout
    }
    expect(serverValue(service, id)).toBe(before + 4);
    expect(changesBy(service, USERS.ada.id, id)).toBe(4);
    expect(counter(core.snapshot(), id)).toMatchObject({ value: before + 4, pending: false });
  });

  it('issue 11 case 2: a POST lost before the server while another member makes a change of the same size is flagged, never taken as applied', async () => {
    const service = await startService();
    const front = await fronted(service);
    const id = SHARED[2]!;
    const core = await startCore(front.url, USERS.ada.token, { requestTimeoutMs: 1000 });
    const { outcomes } = record(core);
    const before = serverValue(service, id);
    const alanClicks = async () => {
      const answer = await fetch(`${service.url}/v2/counters/${id}/increment`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.alan.token}` } });
      expect(answer.status).toBe(200);
    };
    front.add({ method: 'POST', path: /\/increment\//, action: { kind: 'loseRequest' }, times: 1, onMatch: alanClicks });
    core.increment(id);
    await core.settled();
    await until(core, (s) => counter(s, id)?.value === before + 1, 5000, "the server's value");
    expect(serverValue(service, id)).toBe(before + 1); // Alan's click only
    expect(counter(core.snapshot(), id)?.error).toMatchObject({ kind: 'unconfirmed', amount: 1 });
    expect(outcomes.map((o) => o.outcome)).toEqual(['unconfirmed']);
    // The user decides: send it again. It lands exactly once.
    core.resolveUnconfirmed(id, 'resend');
    await until(core, (s) => counter(s, id)?.error === undefined && counter(s, id)?.pending === false && counter(s, id)?.value === before + 2, 5000, 'sent again');
    expect(serverValue(service, id)).toBe(before + 2);
    expect(outcomes.map((o) => o.outcome)).toEqual(['unconfirmed', 'resent', 'applied']);
  });

  it('issue 11 case 3: an unparsable list item keeps its last known state and its pending clicks, flagged and logged', async () => {
    const service = await startService();
    const front = await fronted(service);
    const id = SHARED[3]!;
    const lines: string[] = [];
    const core = await startCore(front.url, USERS.ada.token, { requestTimeoutMs: 5000, log: (line) => lines.push(line) });
    const before = serverValue(service, id);
    // Hold the first change on the wire so later clicks wait, pending, through a resync.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => undefined;
    const onTheWire = new Promise<void>((resolve) => (reached = resolve));
    const hold = () => {
      reached();
      return held;
    };
    front.add({ method: 'POST', path: /\/increment\//, action: { kind: 'applyLate', delayMs: 0 }, times: 1, onMatch: hold });
    front.add({ method: 'GET', path: /^\/v2\/counters$/, action: { kind: 'rewriteList', rewrite: (items) => items.map((item) => (isCounter(item, id) ? { ...item, type: 'Bogus' } : item)) } });
    core.increment(id, 1);
    await onTheWire;
    core.increment(id, 2);
    core.setTimezone('Europe/Paris'); // reopens the socket, which resyncs
    await until(core, (s) => counter(s, id)?.error?.kind === 'unreadable', 5000, 'the unreadable flag');
    expect(counter(core.snapshot(), id)).toMatchObject({ value: before + 3, pending: true });
    expect(lines.some((line) => line.includes(id) && line.includes('could not be read'))).toBe(true);
    front.clear();
    release();
    await core.settled();
    expect(serverValue(service, id)).toBe(before + 3);
    core.setTimezone('Europe/Berlin'); // a clean list reads it again
    await until(core, (s) => counter(s, id)?.error === undefined, 5000, 'read again');
    expect(counter(core.snapshot(), id)).toMatchObject({ value: before + 3, pending: false });
  });

  it('issue 11 case 4: opposite clicks on an OnlyUp counter go in click order; the decrement is refused and shown, not netted away', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token);
    const { outcomes } = record(core);
    const before = serverValue(service, ONLY_UP);
    core.increment(ONLY_UP, 5);
    core.decrement(ONLY_UP, 3);
    core.increment(ONLY_UP, 5);
    await core.settled();
    expect(serverValue(service, ONLY_UP)).toBe(before + 10);
    expect(counter(core.snapshot(), ONLY_UP)).toMatchObject({ value: before + 10, pending: false });
    expect(counter(core.snapshot(), ONLY_UP)?.refused.decrement).toBeDefined();
    expect(outcomes.map((o) => [o.amount, o.outcome])).toEqual([
      [5, 'applied'],
      [-3, 'refused'],
      [5, 'applied'],
    ]);
  });

  it('issue 11 case 4: where both directions are known allowed, opposite clicks are netted (control: elsewhere they are not)', async () => {
    const service = await startService();
    const [proven, unknown] = [SHARED[4]!, SHARED[6]!];
    const core = await startCore(service.url, USERS.ada.token);
    const before = serverValue(service, proven);
    const beforeUnknown = serverValue(service, unknown);
    core.increment(proven);
    await core.settled();
    core.decrement(proven);
    await core.settled(); // both directions now proven allowed on this counter
    const changeRequests = (id: string) => service.requestLog.filter((e) => e.path.includes(id) && /increment|decrement/.test(e.path)).length;
    const clicks = (id: string) => {
      for (let n = 0; n < 3; n += 1) {
        core.increment(id, 4);
        core.decrement(id, 3);
      }
    };
    const sent = changeRequests(proven);
    clicks(proven);
    clicks(unknown);
    await core.settled();
    expect(serverValue(service, proven)).toBe(before + 3);
    expect(serverValue(service, unknown)).toBe(beforeUnknown + 3);
    expect(changeRequests(proven) - sent).toBeLessThanOrEqual(2); // netted: at most the first click alone, then the rest
    // Click order until the server has accepted both directions: +4, then −3, then the rest netted.
    expect(changeRequests(unknown)).toBe(3);
  });

  it('issue 11 case 5: after our rename, a change by another member shows at once, and our PATCH of the value is not a remote change', async () => {
    const service = await startService();
    const id = SHARED[5]!;
    const core = await startCore(service.url, USERS.ada.token);
    const alan = await startCore(service.url, USERS.alan.token);
    const { remote } = record(core);
    await core.update(id, { name: 'Renamed counter' });
    alan.increment(id, 10);
    await alan.settled();
    const server = serverValue(service, id);
    await until(core, (s) => counter(s, id)?.value === server, 3000, "Alan's change"); // the old core held it back ~10 s
    expect(remote).toEqual([expect.objectContaining({ counterId: id, to: server })]);
    await core.update(id, { value: 50 });
    alan.increment(id, 1);
    await alan.settled();
    await until(core, (s) => counter(s, id)?.value === 51, 3000, "Alan's change after our PATCH of the value");
    expect(remote.map((c) => c.to)).toEqual([server, 51]); // our own 50 is not in it
  });
});

function isCounter(item: unknown, id: string): item is Record<string, unknown> {
  return typeof item === 'object' && item !== null && (item as { id?: unknown }).id === id;
}
