// Traffic and liveness, cases 6–12 (named in each test): the reference service behind a
// programmable front server (test/support/front-server.ts). Each test names its case and
// failed on the core before the fix (today's behaviour in the comment).
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import type { Clock } from '../../../src-main/core/contract';
import { realClock } from '../../../src-main/core/clock';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { FrontServer } from '../../support/front-server';
import type { FrontAnswer } from '../../support/front-server';
import {
  FROM_DATE,
  SHARED,
  USERS,
  counter,
  makeCore,
  maxInWindow,
  onCleanup,
  pause,
  serverValue,
  startCore,
  startService,
  until,
} from '../../support/core-harness';
import { expectLandedOrFlagged, watchFlags } from './flags';

async function front(port: number): Promise<FrontServer> {
  const server = await FrontServer.start(port);
  onCleanup(() => server.close());
  return server;
}

/** Rejects with `what` when `promise` has not settled within `ms` of real time. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what} (not within ${ms} ms)`)), ms)));
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

const NO_PING = { pingIntervalMs: 1e12 }; // fake hours pass in a blink; pings would race them
const tooMany = (retryAfter?: string): FrontAnswer => ({ status: 429, headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter }, body: '{"message":"Too many requests","code":-1}' });

describe('issue 11: traffic and liveness', () => {
  it('issue 11 case 6: notifyResume() while the server is unreachable says "reconnecting" at once, not "live" [was live for 10 s]', async () => {
    const service = await startService();
    const fs = await front(service.port);
    const core = await startCore(fs.url, USERS.ada.token, { requestTimeoutMs: 30_000 });
    await until(core, (s) => s.connection.status === 'live', 5000, 'live');
    fs.upgrade = () => 'hang'; // "unreachable": the new socket's handshake never completes
    const statuses: string[] = [];
    core.subscribe((s) => statuses.push(s.connection.status));
    const hung = once(fs, 'hung');
    core.notifyResume();
    expect(core.snapshot().connection.status).toBe('reconnecting');
    await hung;
    expect(core.snapshot().connection.status).toBe('reconnecting');
    // Back: the next attempt passes and only then is the core live again.
    fs.upgrade = () => 'pass';
    fs.releaseHung();
    await until(core, (s) => s.connection.status === 'live', 5000, 'live again');
    expect(fs.upgrades).toBe(3);
    expect(statuses.indexOf('live')).toBeGreaterThan(statuses.indexOf('reconnecting'));
  });

  it('issue 11 case 7: a request that timed out keeps its rate slot until its answer comes, so the server never sees more than 4 in a second [was 8]', async () => {
    const service = await startService({ variant: { rateLimiter: 'window' } });
    const fs = await front(service.port);
    const core = await startCore(fs.url, USERS.ada.token, { requestTimeoutMs: 300 });
    const flags = watchFlags(core);
    const ids = SHARED.slice(0, 4);
    const before = ids.map((id) => serverValue(service, id));
    await pause(1100); // let the start's upgrade and list leave the window: four clean slots
    // The next four requests stall 700 ms in the front (past the 300 ms timeout) and still reach the service.
    const stalled = fs.requests;
    fs.holdMs = (request) => (request.index < stalled + 4 ? 700 : 0);
    const late = Promise.all(Array.from({ length: 4 }, () => once(fs, 'forwarded')));
    for (const id of ids) core.increment(id);
    await late;
    await core.settled();
    // Before: the slots were freed at the timeout, four refetches went at ~1.3 s and met the four late POSTs.
    expect(maxInWindow(service, USERS.ada.id)).toBeLessThanOrEqual(4);
    ids.forEach((id, n) => expectLandedOrFlagged(core, serverValue(service, id), id, before[n]! + 1, flags));
  });

  it('issue 11 case 8: a Retry-After of 30 days is capped at an hour, shown, and never spins timers [was ~900 timers/s]', async () => {
    const service = await startService();
    const fs = await front(service.port);
    let timers = 0;
    const counting: Clock = { ...realClock, setTimeout: (callback, ms) => (timers++, realClock.setTimeout(callback, ms)) };
    const core = await startCore(fs.url, USERS.ada.token, { clock: counting });
    fs.answer = (request) => (request.method === 'POST' ? tooMany(String(30 * 86_400)) : undefined);
    const refused = once(fs, 'answered');
    const id = SHARED[0]!;
    const before = serverValue(service, id);
    core.increment(id);
    await refused;
    const paused = await until(core, (s) => s.stats.rateLimited === 1 && s.connection.status === 'offline', 5000, 'the pause shown');
    expect(paused.connection.nextAttemptAt! - Date.now()).toBeGreaterThan(DEFAULT_TUNING.retryAfterCapMs - 60_000);
    expect(paused.connection.nextAttemptAt! - Date.now()).toBeLessThanOrEqual(DEFAULT_TUNING.retryAfterCapMs);
    expect(paused.connection.message).toMatch(/429/);
    expect(counter(paused, id)).toMatchObject({ value: before + 1, pending: true });
    // A spinning pause sets a timer every millisecond: 300 ms shows it (there is no event to await for "nothing happens").
    const set = timers;
    await pause(300);
    expect(timers - set).toBeLessThan(10);
    expect(fs.requests).toBe(2); // the start's list and the one refused POST
  });

  it.each([
    ['Retry-After: 10', '10'],
    ['no Retry-After', undefined],
  ])('issue 11 case 9: a 429 on the upgrade (%s) lets start() finish over REST; the socket retries on its own backoff [was: start hung]', async (_label, retryAfter) => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ now: clock.now });
    const fs = await front(service.port);
    fs.upgrade = () => tooMany(retryAfter);
    const core = makeCore(fs.url, USERS.ada.token, { clock, tuning: { ...NO_PING, random: () => 0.5 } });
    // No fake time passes: start() may wait for nothing but the REST list.
    await within(core.start(), 5000, 'start() to resolve while upgrades are refused');
    const started = core.snapshot();
    expect(counter(started, FROM_DATE)).toBeDefined();
    expect(started.connection.status).toBe('reconnecting');
    const wait = started.connection.nextAttemptAt! - clock.now();
    if (retryAfter) expect(wait).toBeGreaterThanOrEqual(10_000);
    await clock.advance(wait - 1);
    expect(fs.upgrades).toBe(1);
    fs.upgrade = () => 'pass';
    await clock.advance(1);
    await until(core, (s) => s.connection.status === 'live', 5000, 'live once upgrades pass');
    expect(fs.upgrades).toBe(2);
  });

  it('issue 11 case 10: the reconnect backoff resets only after a socket stayed healthy for 30 s [was: after every open + sync]', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ now: clock.now });
    const fs = await front(service.port);
    const core = await startCore(fs.url, USERS.ada.token, { clock, tuning: { ...NO_PING, random: () => 0.999 } });
    const closeAndReadDelay = async (): Promise<number> => {
      await until(core, (s) => s.connection.status === 'live', 5000, 'live');
      await clock.advance(1500); // the server's rate window is on this clock too: stay well inside it
      const down = until(core, (s) => s.connection.status !== 'live', 5000, 'the close noticed');
      fs.closeSockets();
      const { connection } = await down;
      const delay = connection.nextAttemptAt! - clock.now();
      await clock.advance(delay);
      return delay;
    };
    const delays: number[] = [];
    for (let n = 0; n < 4; n += 1) delays.push(await closeAndReadDelay());
    // FAST tuning: base 50 ms, cap 400 ms; random 0.999 waits just under each ceiling.
    expect(delays).toEqual([49, 99, 199, 399]);
    await until(core, (s) => s.connection.status === 'live', 5000, 'live');
    await clock.advance(DEFAULT_TUNING.reconnectHealthyMs);
    expect(await closeAndReadDelay()).toBe(49); // healthy for 30 s: afresh
  });

  it('issue 11 case 11: stop() ends a socket still in its handshake [was: it lived until the handshake timeout]', async () => {
    const service = await startService();
    const fs = await front(service.port);
    fs.upgrade = () => 'hang';
    const core = makeCore(fs.url, USERS.ada.token, { requestTimeoutMs: 60_000 });
    const hung = once(fs, 'hung');
    const starting = core.start().catch((error: unknown) => error);
    await hung;
    const closed = once(fs, 'hungClosed');
    await core.stop();
    await within(closed, 3000, 'the handshaking connection to close');
    expect(fs.hanging).toBe(0);
    expect(await starting).toMatchObject({ kind: 'network' });
  });

  it('issue 11 case 12: after a burst of 429s without Retry-After, clicks go through within the backoff cap once the server is fine [was ~25 s]', async () => {
    const service = await startService();
    const fs = await front(service.port);
    const core = await startCore(fs.url, USERS.ada.token, { tuning: { random: () => 0.999 } });
    const ids = SHARED.slice(0, 4);
    const before = ids.map((id) => serverValue(service, id));
    let refusals = 6;
    let lastRefusal = 0;
    fs.answer = (request) => {
      if (request.method !== 'POST' || refusals <= 0) return undefined;
      refusals -= 1;
      lastRefusal = performance.now();
      return tooMany();
    };
    for (const id of ids) core.increment(id);
    await within(core.settled(), 15_000, 'the clicks to settle');
    const resumedAfter = performance.now() - lastRefusal;
    expect(refusals).toBe(0);
    // Once per burst, capped at 4 s: at most 4 s after the last refusal. Before, each 429 escalated: 200 ms · 2^5 ≈ 6.4 s here, 30 s cap.
    expect(resumedAfter).toBeLessThan(4000);
    ids.forEach((id, n) => expect(serverValue(service, id)).toBe(before[n]! + 1));
  });
});
