// The REST client alone, on a scripted fetch: headers, timezone, bodies, error kinds.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src-main/core/api-client';
import { CoreError } from '../../../src-main/core/contract';
import { RateLimitedError } from '../../../src-main/core/errors';
import { PendingLedger } from '../../../src-main/core/pending-ledger';
import { createMemoryStore } from '../../../src-main/core/memory-store';
import { realClock } from '../../../src-main/core/clock';

const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const ID2 = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13';
const COUNTER = { id: ID, name: 'Coffees', type: 'UpDown', value: 3, created: '2026-01-05T09:00:00Z' };

function client(respond: (url: URL, init: RequestInit) => Response | Promise<Response>, timeoutMs = 1000) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const api = createApiClient({
    baseUrl: 'http://127.0.0.1:9/',
    token: 'secret',
    clock: realClock,
    timeoutMs,
    shutdown: new AbortController().signal,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push({ url, init: init ?? {} });
      return respond(url, init ?? {});
    }) as typeof fetch,
  });
  return { api, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers });

describe('api client', () => {
  it('sends Bearer and Accept, and the timezone on reads', async () => {
    const { api, calls } = client(() => json([COUNTER, { broken: true }]));
    const { counters, unreadable } = await api.listCounters('Europe/Berlin');
    expect(counters).toHaveLength(1);
    expect(unreadable).toEqual([{ id: undefined, reason: expect.any(String) }]); // one odd item does not hide the others
    const { url, init } = calls[0]!;
    expect(url.pathname).toBe('/v2/counters');
    expect(url.searchParams.get('timezone')).toBe('Europe/Berlin');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer secret', Accept: 'application/json' });
    expect(api.webSocketUrl('UTC')).toBe('ws://127.0.0.1:9/v2/ws?timezone=UTC');
  });

  it('reads a bare number from increment/decrement; anything else means "refetch"', async () => {
    expect(await client(() => json(7)).api.change(ID, 'decrement', 2)).toBe(7);
    expect(await client(() => json({ value: 7 })).api.change(ID, 'decrement', 2)).toBeUndefined();
    expect(await client(() => new Response(null, { status: 204 })).api.change(ID, 'decrement', 2)).toBeUndefined();
    const { api, calls } = client(() => json(7));
    await api.change(ID, 'increment', 5);
    expect(calls[0]!.url.pathname).toBe(`/v2/counters/${ID}/increment/5`);
  });

  it('takes the counter from a PATCH answer only when it is one', async () => {
    expect(await client(() => json(COUNTER)).api.patch(ID, { name: 'Coffees' })).toMatchObject({ name: 'Coffees' });
    expect(await client(() => json({ data: COUNTER })).api.patch(ID, { name: 'Coffees' })).toBeUndefined();
    expect(await client(() => new Response(null, { status: 204 })).api.patch(ID, { name: 'Coffees' })).toBeUndefined();
  });

  it.each([
    [400, { message: 'Amount must be at least 1', code: -2042 }, 'change', 'invalidAmount'],
    [400, { message: 'Only up', code: -1234 }, 'change', 'invalidOperation'],
    [400, { message: 'Name too short', code: -1234 }, 'patch', 'badRequest'],
    [401, { message: 'Invalid token', code: -1 }, 'change', 'unauthorized'],
    [403, { message: 'Not a member', code: -1 }, 'change', 'forbidden'],
    [404, { message: 'Not found', code: -1100 }, 'change', 'notFound'],
    [503, 'oops', 'change', 'server'],
  ] as const)('HTTP %i → %s', async (status, body, operation, kind) => {
    const { api } = client(() => json(body, status));
    const call = operation === 'change' ? api.change(ID, 'increment', 1) : api.patch(ID, { name: 'x' });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect(error).toMatchObject({ kind, status });
    if (typeof body === 'object') expect(error).toMatchObject({ message: body.message, code: body.code });
  });

  it('429 carries Retry-After (seconds or HTTP date)', async () => {
    const seconds = await client(() => json({ message: 'slow', code: -1 }, 429, { 'Retry-After': '2' })).api.getCounter(ID, 'UTC').catch((e: unknown) => e);
    expect(seconds).toBeInstanceOf(RateLimitedError);
    expect((seconds as RateLimitedError).retryAfterMs).toBe(2000);
    const none = await client(() => json({ message: 'slow', code: -1 }, 429)).api.getCounter(ID, 'UTC').catch((e: unknown) => e);
    expect((none as RateLimitedError).retryAfterMs).toBeUndefined();
  });

  it('names an unreadable list item by its id when it has a readable one', async () => {
    const { api } = client(() => json([COUNTER, { ...COUNTER, id: ID2, type: 'Bogus' }]));
    const { unreadable } = await api.listCounters('UTC');
    expect(unreadable).toEqual([{ id: ID2, reason: expect.any(String) }]);
  });

  it('gives a change longer than a read before its answer counts as lost', async () => {
    const deadlines: number[] = [];
    const clock = { ...realClock, setTimeout: (_callback: () => void, ms: number) => deadlines.push(ms) };
    const hanging = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', token: 't', fetch: hanging, clock, timeoutMs: 100, mutationTimeoutMs: 600, shutdown: new AbortController().signal });
    void api.getCounter(ID, 'UTC').catch(() => undefined);
    void api.change(ID, 'increment', 1).catch(() => undefined);
    void api.patch(ID, { name: 'Renamed' }).catch(() => undefined);
    // Per request two timers: when the request is closed (a read: 3 × its deadline, so a late answer
    // still holds its rate slot; a mutation: at its already long deadline), then when the caller stops waiting.
    expect(deadlines).toEqual([300, 100, 600, 600, 600, 600]);
  });

  it('times out, and tells network failures apart', async () => {
    // A server that never answers: the deadline aborts the request.
    const slow = client((_url, init) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))), 30);
    await expect(slow.api.getCounter(ID, 'UTC')).rejects.toMatchObject({ kind: 'timeout' });
    await expect(client(() => Promise.reject(new TypeError('fetch failed'))).api.getCounter(ID, 'UTC')).rejects.toMatchObject({ kind: 'network' });
    await expect(client(() => new Response('<html>', { status: 200 })).api.getCounter(ID, 'UTC')).rejects.toMatchObject({ kind: 'badResponse' });
  });
});

describe('pending ledger', () => {
  it('coalesces, keeps one change in flight, and survives a reload', async () => {
    const store = createMemoryStore();
    const ledger = new PendingLedger(store);
    ledger.accept(ID, 'increment');
    ledger.accept(ID, 'decrement');
    ledger.add(ID, 1);
    ledger.add(ID, 1);
    ledger.add(ID, -3);
    expect(ledger.pending(ID)).toBe(-1);
    expect(ledger.takePending(ID, 10)).toEqual({ delta: -1, before: 10 }); // both directions known allowed: netted
    ledger.add(ID, 4);
    expect(ledger.takePending(ID, 10)).toBeUndefined(); // one in flight at a time, though +4 is waiting
    expect(ledger.localDelta(ID)).toBe(3);
    await ledger.persist();

    const reloaded = new PendingLedger(store);
    await reloaded.load();
    expect(reloaded.inflight(ID)).toEqual({ delta: -1, before: 10 });
    expect(reloaded.pending(ID)).toBe(4);
    reloaded.restore(ID); // not applied: folded back
    expect(reloaded.pending(ID)).toBe(3);
    expect(reloaded.inflight(ID)).toBeUndefined();
    expect(reloaded.acceptsBoth(ID)).toBe(true); // what the server accepted is remembered across a reload
  });

  it('issue 22: undo withdraws the newest unsent clicks and queues the opposite change only for what was sent', () => {
    const ledger = new PendingLedger(createMemoryStore());
    ledger.add(ID, 1);
    expect(ledger.takePending(ID, 10)).toEqual({ delta: 1, before: 10 }); // +1 on the wire
    ledger.add(ID, -1);
    ledger.add(ID, 2); // unsent: −1, +2
    expect(ledger.withdraw(ID, 2)).toEqual({ withdrawn: 2, opposite: 0 });
    expect(ledger.localDelta(ID)).toBe(0); // +1 on the wire, −1 unsent
    expect(ledger.withdraw(ID, 1)).toEqual({ withdrawn: 0, opposite: -1 }); // the newest unsent click is the other way: the sent +1 gets a −1
    expect(ledger.pending(ID)).toBe(-2);
    expect(ledger.withdraw(ID, -3)).toEqual({ withdrawn: -2, opposite: 1 });
    expect(ledger.pending(ID)).toBe(1);
  });

  it('issue 11 case 4: without both directions known allowed, clicks go in click order, one run of a sign at a time', () => {
    const ledger = new PendingLedger(createMemoryStore());
    for (const delta of [2, 3, -3, 5]) ledger.add(ID, delta);
    expect(ledger.pending(ID)).toBe(7);
    expect(ledger.takePending(ID, 40)).toEqual({ delta: 5, before: 40 });
    ledger.settle(ID);
    expect(ledger.takePending(ID, 45)).toEqual({ delta: -3, before: 45 });
    ledger.settle(ID);
    expect(ledger.dropPending(ID, -1)).toBe(0); // nothing of the refused sign is left
    expect(ledger.takePending(ID, 45)).toEqual({ delta: 5, before: 45 });
  });

  it('a refused direction drops only the unsent clicks of that sign; restore puts the change first again', () => {
    const ledger = new PendingLedger(createMemoryStore());
    for (const delta of [-1, 4, -2, 1]) ledger.add(ID, delta);
    expect(ledger.takePending(ID, 0)).toEqual({ delta: -1, before: 0 });
    ledger.restore(ID);
    expect(ledger.takePending(ID, 0)).toEqual({ delta: -1, before: 0 });
    ledger.settle(ID);
    expect(ledger.dropPending(ID, -1)).toBe(-2);
    expect(ledger.takePending(ID, 0)).toEqual({ delta: 5, before: 0 }); // +4 and +1 are one run now
  });

  it('keeps a lost change for the user across a reload; "send again" queues it, "keep" forgets it', async () => {
    const store = createMemoryStore();
    const ledger = new PendingLedger(store);
    ledger.add(ID, 3);
    ledger.takePending(ID, 10);
    ledger.markUnconfirmed(ID);
    expect(ledger.unconfirmed(ID)).toEqual([3]);
    expect(ledger.isEmpty()).toBe(true); // nothing for the network to do: settled() does not wait for the user
    expect(ledger.localDelta(ID)).toBe(0); // the server's value is shown
    await ledger.persist();
    const reloaded = new PendingLedger(store);
    await reloaded.load();
    expect(reloaded.unconfirmed(ID)).toEqual([3]);
    expect(reloaded.resolveUnconfirmed(ID, true)).toEqual([3]);
    expect(reloaded.pending(ID)).toBe(3);
    expect(reloaded.unconfirmed(ID)).toEqual([]);
    const other = new PendingLedger(store);
    await other.load();
    expect(other.resolveUnconfirmed(ID, false)).toEqual([3]);
    expect(other.isBusy(ID)).toBe(false);
  });

  it('reads a version 1 store (one net number per counter)', async () => {
    const ledger = new PendingLedger(createMemoryStore({ version: 1, counters: { [ID]: { pending: -2, inflight: { delta: 1, before: 7 } } } }));
    await ledger.load();
    expect(ledger.pending(ID)).toBe(-2);
    expect(ledger.inflight(ID)).toEqual({ delta: 1, before: 7 });
  });

  it('drops unreadable stored data instead of trusting it', async () => {
    const ledger = new PendingLedger(createMemoryStore({ version: 1, counters: { [ID]: { pending: 'lots' } } }));
    await ledger.load();
    expect(ledger.isEmpty()).toBe(true);
  });
});
