// What the snapshot proves about our own clicks (docs/api.md O8): how many are unsent or on the
// wire, and whether the rate scheduler holds them, until when and why; and the status line's
// words read at the snapshot's own moment. The reference service and the core share one fake
// clock, so the server's token bucket refills only when the test moves time.
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { translatorFor } from '../../../src-shared/i18n/compile';
import type { CoreSnapshot } from '../../../src-shared/domain/snapshot';
import { statusWords } from '../../../src-renderer/format/status';
import { SHARED, USERS, counter, makeCore, rateLimitedCount, serverValue, startCore, startService, until } from '../../support/core-harness';

const english = translatorFor({ language: 'en', formats: 'en-US' });
const NO_PING = { pingIntervalMs: 1e12 };
const say = (snapshot: CoreSnapshot, now: number) => statusWords(english, { connection: snapshot.connection, outbox: snapshot.outbox, demo: false }, now).text;

/** Another of the user's clients (a phone, a script) spends the per-user budget: plain reads with the same token. */
async function spendBudget(url: string, token: string, requests: number): Promise<void> {
  for (let n = 0; n < requests; n += 1) {
    const response = await fetch(`${url}/v2/counters`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    await response.arrayBuffer();
  }
}

describe('the outbox in the core snapshot', () => {
  it('counts own clicks unsent or on the wire, per counter and in all, until the server confirms them', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ now: clock.now });
    const core = await startCore(service.url, USERS.ada.token, { clock, tuning: NO_PING });
    expect(core.snapshot().outbox).toEqual({ clicks: 0 });
    const [first, second] = [SHARED[0]!, SHARED[1]!];
    core.increment(first);
    core.increment(first);
    core.decrement(second);
    const waiting = core.snapshot();
    expect(waiting.outbox.clicks).toBe(3);
    expect(counter(waiting, first)).toMatchObject({ pending: true, waiting: 2 });
    expect(counter(waiting, second)).toMatchObject({ pending: true, waiting: 1 });
    expect(say(waiting, clock.now())).toBe('Sending 3…');
    // Clicks answered within 300 ms are no news: the line stays "Live" for them.
    expect(statusWords(english, { connection: waiting.connection, outbox: waiting.outbox, demo: false, clicksSince: clock.now() - 100 }, clock.now()).text).toBe('Live');
    // The start's two requests and these two fill the window: the second click on `first` waits for the next one.
    await until(core, (s) => s.outbox.clicks === 1, 5000, 'the first two answered');
    await clock.advance(1100);
    const done = await until(core, (s) => s.outbox.clicks === 0, 5000, 'the clicks confirmed');
    expect(done.outbox).toEqual({ clicks: 0 });
    expect(counter(done, first)?.waiting).toBeUndefined();
    expect(say(done, clock.now())).toBe('Live');
  });

  it('a 429 with Retry-After holds five clicks: the status says the wait in words, not "Live", then they land once', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ variant: { rateLimitHeaders: 'retryAfter' }, now: clock.now });
    const core = await startCore(service.url, USERS.ada.token, { clock, tuning: NO_PING });
    const id = SHARED[0]!;
    const before = serverValue(service, id);
    // The bucket holds 6 and refills only as the shared fake clock moves: the start took 2, this takes the rest.
    await spendBudget(service.url, USERS.ada.token, 6);
    for (let n = 0; n < 5; n += 1) core.increment(id);
    const held = await until(core, (s) => s.outbox.held !== undefined, 5000, 'the clicks held by the 429');
    expect(rateLimitedCount(service, USERS.ada.id)).toBeGreaterThan(0);
    // The service's Retry-After is whole seconds: 1 s here, from the moment of the refusal.
    expect(held.outbox).toEqual({ clicks: 5, held: { reason: 'rateLimited', until: clock.now() + 1000 } });
    expect(held.connection.status).toBe('live');
    expect(say(held, clock.now())).toBe('Server is slowing us down — sending in 1 s');
    expect(say(held, clock.now())).not.toMatch(/Live/);
    // Negative control: the same moment as a snapshot without the outbox's proof (what the core
    // published before) reads "Live": the words above come from the hold, not from the connection.
    expect(say({ ...held, outbox: { clicks: 0 } }, clock.now())).toBe('Live');
    // The pause ends on the core's clock: the clicks go, exactly once.
    await clock.advance(1000);
    const sent = await until(core, (s) => s.outbox.clicks === 0, 5000, 'the clicks sent');
    expect(sent.outbox.held).toBeUndefined();
    expect(say(sent, clock.now())).toBe('Live');
    expect(serverValue(service, id)).toBe(before + 5);
  });

  it('a long Retry-After (the front of a busy server) counts down in whole seconds, and "offline" in the core does not hide it', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ now: clock.now });
    const core = await startCore(service.url, USERS.ada.token, { clock, tuning: NO_PING });
    const id = SHARED[1]!;
    // A pause longer than 10 s reads as offline in the connection (docs/api.md O8); the hold still says why.
    core.increment(id);
    const snapshot = { ...core.snapshot(), connection: { status: 'offline' as const, nextAttemptAt: clock.now() + 45_000 }, outbox: { clicks: 1, held: { reason: 'rateLimited' as const, until: clock.now() + 45_000 } } };
    expect(say(snapshot, clock.now())).toBe('Server is slowing us down — sending in 45 s');
    expect(say(snapshot, clock.now() + 500)).toBe('Server is slowing us down — sending in 45 s');
    expect(say(snapshot, clock.now() + 1000)).toBe('Server is slowing us down — sending in 44 s');
    expect(statusWords(english, { connection: snapshot.connection, outbox: snapshot.outbox, demo: false }, clock.now()).nextChangeAt).toBe(clock.now() + 1000);
  });

  it('own pacing that holds clicks over a second is said as a wait; under a second it is "Sending"', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ now: clock.now });
    const core = await startCore(service.url, USERS.ada.token, { clock, tuning: NO_PING });
    await clock.advance(1100); // the start's requests leave the window
    // Ten counters at once: one change per counter, four per rolling second.
    for (const id of SHARED) core.increment(id);
    const snapshot = core.snapshot();
    expect(snapshot.outbox.clicks).toBe(10);
    expect(snapshot.outbox.held?.reason).toBe('pacing');
    expect(snapshot.outbox.held!.until - clock.now()).toBeGreaterThan(1000);
    expect(say(snapshot, clock.now())).toMatch(/^Server is slowing us down — sending in \d+ s$/);
    // Each window: wait for the answers on the wire (real loopback), then let the pacing's second pass.
    for (const left of [6, 2, 0]) {
      await until(core, (s) => s.outbox.clicks === left, 5000, `${left} clicks left`);
      if (left > 0) await clock.advance(1100);
    }
    expect(core.snapshot().outbox.held).toBeUndefined();
  });

  it('a dropped connection says since when, through every retry, until live again', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ now: clock.now });
    const core = makeCore(service.url, USERS.ada.token, { clock, tuning: { ...NO_PING, random: () => 0.999 } });
    await core.start();
    await clock.advance(1500);
    const droppedAt = clock.now();
    await service.suspend({ abrupt: true });
    const down = await until(core, (s) => s.connection.status === 'reconnecting', 5000, 'the drop noticed');
    expect(down.connection.since).toBe(droppedAt);
    core.increment(SHARED[2]!);
    await clock.run(3000);
    const later = core.snapshot();
    expect(later.connection.status).toMatch(/reconnecting|offline/);
    expect(later.connection.since).toBe(droppedAt);
    expect(say(later, clock.now())).toMatch(/ — 1 click waits$/);
    await service.resume();
    await clock.run(5000);
    const live = await until(core, (s) => s.connection.status === 'live', 5000, 'live again');
    expect(live.connection.since).toBeUndefined();
  });
});
