// The core's side of "every click counted once, whatever path it takes" (docs/api.md R1): what
// the server accepted is remembered across restarts, a list is judged by when it was
// requested, echoes are matched by request (not by value), an open "could not confirm"
// is never called someone else's change, and a stopped core neither sends nor writes.
import { describe, expect, it } from 'vitest';
import type { CounterCore, PendingStore } from '../../../src-main/core/index';
import { createMemoryStore } from '../../../src-main/core/index';
import { nextLocalMidnight } from '../../../src-shared/time/calendar';
import type { CounterService } from '../../../src-service/index';
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { RequestFaultFront } from '../../../dev-tools/support/request-fault-front';
import { FROM_DATE, SHARED, USERS, counter, onCleanup, pause, serverValue, startCore, startService, until } from '../../support/core-harness';

const ID = SHARED[0]!;

async function front(service: CounterService): Promise<RequestFaultFront> {
  const started = await RequestFaultFront.start(service.port);
  onCleanup(() => started.close());
  return started;
}

/** Ada's changes as the server logged them: "increment/2 200". */
const changesOf = (service: CounterService, from = 0) =>
  service.requestLog
    .slice(from)
    .filter((e) => e.userId === USERS.ada.id && e.method === 'POST')
    .map((e) => `${e.path.split('/').slice(-2).join('/')} ${e.status}`);

function remoteChanges(core: CounterCore): RemoteChange[] {
  const seen: RemoteChange[] = [];
  core.onRemoteChange((change) => seen.push(change));
  return seen;
}

/** A relaunch comes a moment later: the server's rate window of the previous run has passed. */
async function nextRateWindow(service: CounterService): Promise<void> {
  const last = service.requestLog.filter((e) => e.userId === USERS.ada.id).at(-1)?.at ?? 0;
  await pause(Math.max(0, last + 1000 - Date.now()));
}

async function alanClicks(service: CounterService, id: string, amount = 1): Promise<void> {
  const answer = await fetch(`${service.url}/v2/counters/${id}/increment/${amount}`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.alan.token}` } });
  expect(answer.status).toBe(200);
}

describe('issue 22: the core keeps its promise on every path', () => {
  it('case 1: the directions the server accepted survive a restart, so opposite unsent clicks go as one request', async () => {
    const service = await startService();
    const store = createMemoryStore();
    const first = await startCore(service.url, USERS.ada.token, { store });
    first.increment(ID);
    await first.settled();
    first.decrement(ID);
    await first.settled();
    await first.stop();
    await nextRateWindow(service);
    // What a crash while the server was away left unsent: +5, then −3.
    const document = store.current() as { counters: Record<string, { runs?: number[] }> };
    document.counters[ID] = { ...document.counters[ID], runs: [5, -3] };
    await store.save(document);
    const from = service.requestLog.length;
    const second = await startCore(service.url, USERS.ada.token, { store });
    await second.settled();
    expect(changesOf(service, from)).toEqual(['increment/2 200']);
    expect(serverValue(service, ID)).toBe(100 + 2);
  });

  it('case 4: a list requested before local midnight and received after it is judged by when it was requested', async () => {
    const zone = 'Europe/Berlin';
    const clock = new FakeClock(Date.parse('2026-11-22T22:59:50.000Z')); // 23:59:50 in Berlin
    const service = await startService({ now: () => clock.now() });
    const proxy = await front(service);
    const logged: string[] = [];
    const core = await startCore(proxy.url, USERS.ada.token, { clock, timezone: zone, tuning: { pingIntervalMs: 1e12 }, log: (line) => logged.push(line) });
    const before = counter(core.snapshot(), FROM_DATE)!.value;
    const { answered: listRequested, release } = proxy.holdAnswer('GET', /^\/v2\/counters$/);
    await clock.advance(2000); // past the first sync's pacing window
    core.notifyResume(); // a wake-up: the socket reopens and the list is read (at 23:59:52)
    await listRequested; // the server has computed the list (at 23:59:52); its answer is held
    const midnight = nextLocalMidnight(zone, clock.now());
    await clock.advanceTo(midnight);
    await until(core, (s) => counter(s, FROM_DATE)?.value === before + 1, 5000, 'the day to turn');
    release(); // yesterday's list arrives after midnight
    await until(core, (s) => s.connection.status === 'live', 5000, 'the resync to finish');
    expect(counter(core.snapshot(), FROM_DATE)?.value).toBe(before + 1);
    expect(logged).toEqual([]);
    // It still turns at the next midnight.
    await clock.advanceTo(nextLocalMidnight(zone, clock.now() + 1));
    await until(core, (s) => counter(s, FROM_DATE)?.value === before + 2, 5000, 'the next day');
  });

  it("case 5: a name-only edit does not swallow another member's change that landed just before it", async () => {
    const service = await startService();
    const proxy = await front(service);
    const core = await startCore(proxy.url, USERS.ada.token);
    const remote = remoteChanges(core);
    // Alan's click lands on the server after our PATCH left and before the server applies it.
    proxy.add({ method: 'PATCH', path: /\/v2\/counters\//, times: 1, action: { kind: 'applyLate', delayMs: 0 }, onMatch: () => alanClicks(service, ID) });
    const updated = await core.update(ID, { name: 'Renamed counter' });
    expect(updated.value).toBe(101);
    await until(core, (s) => counter(s, ID)?.name === 'Renamed counter' && s.stats.notifications >= 2, 5000, 'both notifications');
    await core.settled();
    expect(remote).toEqual([{ counterId: ID, name: expect.any(String), from: 100, to: 101 }]);
  });

  it("case 8: a change whose answer and notification were both lost is flagged, and no resync calls it someone else's", async () => {
    const service = await startService();
    const proxy = await front(service);
    const core = await startCore(proxy.url, USERS.ada.token);
    const remote = remoteChanges(core);
    // The socket goes before the server applies the change (its notification is lost), then the answer is cut.
    proxy.add({ method: 'POST', path: /\/increment\//, times: 1, action: { kind: 'dropAnswer' }, onMatch: () => proxy.dropSockets() });
    core.increment(ID, 2);
    const flagged = await until(core, (s) => counter(s, ID)?.error?.kind === 'unconfirmed' && s.connection.status === 'live', 10_000, 'the flag and a live resync');
    expect(counter(flagged, ID)?.error).toMatchObject({ kind: 'unconfirmed', amount: 2 });
    await until(core, (s) => counter(s, ID)?.value === 102, 5000, "the server's value");
    expect(serverValue(service, ID)).toBe(102);
    expect(remote).toEqual([]);
  });

  it('a stopped core sends nothing and writes nothing after stop()', async () => {
    const clock = new FakeClock(Date.now());
    const service = await startService();
    const proxy = await front(service);
    const inner = createMemoryStore();
    let saves = 0;
    const store: PendingStore = { load: () => inner.load(), save: (value) => ((saves += 1), inner.save(value)) };
    const core = await startCore(proxy.url, USERS.ada.token, { store, clock, tuning: { pingIntervalMs: 1e12 } });
    const { release } = proxy.holdAnswer('POST', /\/increment\//);
    // One change held on the wire, more waiting behind the pacing, a resync under way.
    for (const id of SHARED.slice(0, 6)) core.increment(id);
    core.notifyResume();
    await core.stop();
    const savesAtStop = saves;
    const requestsAtStop = service.requestLog.length;
    // No timer is left that could send or write later ...
    expect(clock.pending).toBe(0);
    // ... and the answer still on its way changes nothing.
    release();
    await proxy.idle();
    expect(saves).toBe(savesAtStop);
    expect(service.requestLog.length).toBe(requestsAtStop);
  });
});
