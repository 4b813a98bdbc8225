// The core's lifecycle (src-main/core/sync-engine.ts) against the reference service: server restart
// mid-stream, token revoked mid-session, a 429 storm, a change in flight when the process "crashes", clean start/stop.
import { describe, expect, it } from 'vitest';
import { CoreError, createMemoryStore } from '../../../src-main/core/index';
import { FaultProxy } from '../../support/fault-proxy';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { expectLandedOrFlagged, watchFlags } from './flags';
import { SHARED, USERS, counter, makeCore, onCleanup, pause, rateLimitedCount, serverValue, startCore, startService, until } from '../../support/core-harness';

describe('lifecycle', () => {
  it('start() rejects with unauthorized for a bad token, without retrying', async () => {
    const service = await startService();
    const core = makeCore(service.url, 'not-a-token');
    await expect(core.start()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(core.snapshot().connection.status).toBe('unauthorized');
    const tried = service.requestLog.length;
    await pause(300); // longer than several test backoffs: nothing may follow
    expect(service.requestLog.length).toBe(tried);
  });

  it('start() rejects with a network error when nothing listens', async () => {
    const service = await startService();
    await service.suspend();
    const core = makeCore(service.url, USERS.ada.token, { requestTimeoutMs: 500 });
    const failure = await core.start().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CoreError);
    expect(failure).toMatchObject({ kind: 'network' });
    expect(core.snapshot().connection.status).toBe('offline');
  });

  it('stop() leaves no timers or sockets behind', async () => {
    const service = await startService();
    const clock = new FakeClock(Date.now());
    const core = await startCore(service.url, USERS.ada.token, { clock });
    expect(service.openSockets).toBe(1);
    expect(clock.pending).toBeGreaterThan(0); // ping and midnight
    await core.stop();
    expect(clock.pending).toBe(0);
    expect(core.snapshot().connection.status).toBe('stopped');
    // The service offers no close event: poll its count briefly.
    for (let tries = 0; service.openSockets > 0 && tries < 100; tries += 1) await pause(10);
    expect(service.openSockets).toBe(0);
  });

  it('stop() during start() rejects the start and opens nothing', async () => {
    const service = await startService();
    const clock = new FakeClock(Date.now());
    const core = makeCore(service.url, USERS.ada.token, { clock });
    const starting = core.start();
    await core.stop();
    await expect(starting).rejects.toMatchObject({ kind: 'network' });
    expect(core.snapshot().connection.status).toBe('stopped');
    await clock.advance(60_000);
    expect(clock.pending).toBe(0); // no reconnect timers left running
    expect(service.requestLog).toEqual([]);
  });

  it('server suspended and resumed mid-stream: every click lands exactly once, or is flagged if it was on the wire', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token, { requestTimeoutMs: 500 });
    const flags = watchFlags(core);
    const id = SHARED[0]!;
    const before = serverValue(service, id);
    for (let n = 0; n < 10; n += 1) core.increment(id);
    await service.suspend();
    await until(core, (s) => s.connection.status !== 'live', 5000, 'the drop noticed');
    for (let n = 0; n < 10; n += 1) core.increment(id);
    expect(counter(core.snapshot(), id)?.value).toBe(before + 20);
    await service.resume();
    await core.settled();
    await until(core, (s) => s.connection.status === 'live', 5000, 'live again');
    // Clicks made while the server was away never connected: they are sent once it is back.
    expect((flags.get(id) ?? []).length).toBeLessThanOrEqual(1);
    expectLandedOrFlagged(core, serverValue(service, id), id, before + 20, flags);
  });

  it('token revoked mid-session: unauthorized, everything stops, no retry loop', async () => {
    const service = await startService();
    const store = createMemoryStore();
    const core = await startCore(service.url, USERS.ada.token, { store });
    const id = SHARED[1]!;
    core.increment(id);
    await core.settled();
    service.revokeToken(USERS.ada.token);
    core.increment(id, 2);
    await until(core, (s) => s.connection.status === 'unauthorized', 5000, 'unauthorized');
    await core.settled(); // resolves: nothing more will be tried
    const tried = service.requestLog.filter((e) => e.userId === USERS.ada.id || e.status === 401).length;
    core.increment(id);
    await pause(400);
    expect(service.requestLog.filter((e) => e.userId === USERS.ada.id || e.status === 401).length).toBe(tried);
    expect(core.snapshot().connection.message).toMatch(/token/i);
    // The unsent clicks are kept for the next token, not dropped.
    expect(JSON.stringify(store.current())).toContain(id);
  });

  it.each([
    ['a rolling window without headers', { rateLimiter: 'window', rateLimitHeaders: 'none' }],
    ['a token bucket with Retry-After', { rateLimiter: 'bucket', rateLimitHeaders: 'retryAfter' }],
  ] as const)('429 storm (%s): three clients on one token still land every click', async (_label, variant) => {
    const service = await startService({ variant });
    const id = SHARED[2]!;
    const before = serverValue(service, id);
    // Each core paces itself; together they are three times over the user's limit.
    const sends: { at: number; status: number }[][] = [[], [], []];
    const cores = await Promise.all(
      sends.map((log) =>
        startCore(service.url, USERS.ada.token, {
          fetch: async (input, init) => {
            const entry = { at: Date.now(), status: 0 };
            log.push(entry);
            const response = await fetch(input, init);
            entry.status = response.status;
            return response;
          },
        }),
      ),
    );
    for (let n = 0; n < 30; n += 1) {
      for (const core of cores) core.increment(id);
      await pause(30);
    }
    await Promise.all(cores.map((core) => core.settled()));
    expect(serverValue(service, id)).toBe(before + 90);
    expect(rateLimitedCount(service, USERS.ada.id)).toBeGreaterThan(0);
    expect(cores.reduce((sum, core) => sum + core.snapshot().stats.rateLimited, 0)).toBeGreaterThan(0);
    if (variant.rateLimitHeaders === 'retryAfter') {
      // After a 429 with Retry-After (≥ 1 s) a core sends nothing before that time.
      for (const log of sends) {
        log.forEach((entry, index) => {
          const next = log[index + 1];
          if (entry.status === 429 && next) expect(next.at - entry.at).toBeGreaterThanOrEqual(990);
        });
      }
    }
  }, 30_000);

  it('crash with a change in flight that was applied: the next run does not send it again and flags it', async () => {
    const service = await startService();
    const proxy = await FaultProxy.start(service.port);
    onCleanup(() => proxy.close());
    const store = createMemoryStore();
    const first = await startCore(proxy.url, USERS.ada.token, { store });
    const id = SHARED[5]!;
    const before = serverValue(service, id);
    proxy.mode = 'dropResponses';
    const crashed = new Promise<void>((resolve) => proxy.once('dropped', () => resolve(void first.stop()))); // "crash" the moment the answer is lost
    first.increment(id, 3);
    await crashed;
    expect(serverValue(service, id)).toBe(before + 3);
    expect(JSON.stringify(store.current())).toContain('"inflight"');

    const second = await startCore(service.url, USERS.ada.token, { store });
    await second.settled();
    expect(serverValue(service, id)).toBe(before + 3);
    expect(counter(second.snapshot(), id)).toMatchObject({ value: before + 3, pending: false });
    // The last run's notifications are gone: nothing proves the +3 landed (someone else may have added 3).
    expect(counter(second.snapshot(), id)?.error).toMatchObject({ kind: 'unconfirmed', message: expect.stringContaining('+3') });

    // A lost change asks a question: dismissing does not answer it.
    second.dismissError(id);
    expect(counter(second.snapshot(), id)?.error?.kind).toBe('unconfirmed');
    // The user keeps the server's value: the flag goes, the value stays the server's, nothing is sent.
    const requests = second.snapshot().stats.requests;
    const outcomes: unknown[] = [];
    second.onChangeOutcome((o) => outcomes.push(o));
    const published = new Promise<unknown>((resolve) => {
      const off = second.subscribe((s) => {
        off();
        resolve(counter(s, id)?.error);
      });
    });
    second.resolveUnconfirmed(id, 'keep');
    expect(await published).toBeUndefined();
    // A listener that subscribes after the start-up still hears what it reported.
    expect(outcomes).toEqual([expect.objectContaining({ counterId: id, amount: 3, outcome: 'unconfirmed' }), expect.objectContaining({ counterId: id, amount: 3, outcome: 'kept' })]);
    expect(counter(second.snapshot(), id)).toMatchObject({ value: before + 3, pending: false });
    expect(second.snapshot().stats.requests).toBe(requests);
  });

  it('crash with a change in flight that never arrived, and unsent clicks: the next run flags the one and sends the others', async () => {
    const service = await startService();
    const proxy = await FaultProxy.start(service.port);
    onCleanup(() => proxy.close());
    const store = createMemoryStore();
    const first = await startCore(proxy.url, USERS.ada.token, { store, requestTimeoutMs: 60_000 });
    const id = SHARED[6]!;
    const before = serverValue(service, id);
    proxy.mode = 'blackhole';
    first.increment(id, 2);
    await until(first, () => JSON.stringify(store.current()).includes('"inflight"'), 5000, 'the change on the wire');
    first.increment(id, 5); // waits behind the one in flight
    await first.stop();
    expect(serverValue(service, id)).toBe(before);

    const second = makeCore(service.url, USERS.ada.token, { store });
    const flags = watchFlags(second);
    await second.start();
    await second.settled();
    // The +2 may have reached the server for all the next run can tell: flagged, not re-sent; the +5 never left: sent.
    expect(flags.get(id)).toEqual([2]);
    expect(serverValue(service, id)).toBe(before + 5);
    expect(counter(second.snapshot(), id)).toMatchObject({ value: before + 5, pending: false });
  });
});
