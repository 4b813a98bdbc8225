// The rate scheduler alone, on a fake clock: pacing, priorities, declines, 429 pauses.
import { describe, expect, it } from 'vitest';
import { RateScheduler } from '../../../src-main/core/rate-scheduler';
import { RateLimitedError } from '../../../src-main/core/errors';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { CoreError, type Clock } from '../../../src-main/core/contract';
import { holdSlot } from '../../../src-main/core/rate-scheduler';

/**
 * The clock as the scheduler sees it: the same fake time, with the scheduler's own timers
 * counted apart from the requests' (a request's latency is a timer of the test's).
 */
function schedulerClock(clock: FakeClock) {
  const live = new Set<unknown>();
  let set = 0;
  const own: Clock = {
    now: clock.now,
    monotonic: clock.monotonic,
    setTimeout: (callback, ms) => {
      set += 1;
      const handle = clock.setTimeout(() => {
        live.delete(handle);
        callback();
      }, ms);
      live.add(handle);
      return handle;
    },
    clearTimeout: (handle) => {
      live.delete(handle);
      clock.clearTimeout(handle);
    },
  };
  return { own, live: () => live.size, set: () => set };
}

function setup(random = () => 0.5, rateSafetyMarginMs = 0) {
  const clock = new FakeClock(0);
  const timers = schedulerClock(clock);
  const sent: { at: number; label: string }[] = [];
  const hooks = { rateLimited: 0, sent: 0, resumedAt: [] as number[] };
  const scheduler = new RateScheduler(timers.own, { ...DEFAULT_TUNING, rateSafetyMarginMs, random }, {
    onSent: () => void (hooks.sent += 1),
    onRateLimited: () => void (hooks.rateLimited += 1),
    onResumed: () => void hooks.resumedAt.push(clock.now()),
  });
  /** A request answered `latencyMs` later (fake time). */
  const request = (label: string, latencyMs = 10, fail?: () => Error) => () => {
    sent.push({ at: clock.now(), label });
    return new Promise<string>((resolve, reject) => clock.setTimeout(() => (fail ? reject(fail()) : resolve(label)), latencyMs));
  };
  return { clock, scheduler, sent, request, hooks, timers, rateLimited: () => hooks.rateLimited };
}

/** What a caller has heard so far: 'pending', its value or its error (never left unhandled). */
function heard(caller: Promise<unknown>): () => unknown {
  let outcome: unknown = 'pending';
  void caller.then(
    (value) => (outcome = value),
    (error: unknown) => (outcome = error),
  );
  return () => outcome;
}

/** A request refused once with a 429 (Retry-After `retryAfterMs`), answered `latencyMs` after each send. */
function refusedOnce(clock: FakeClock, sent: { at: number; label: string }[], label: string, latencyMs: number, retryAfterMs: number | undefined) {
  let refusals = 1;
  return () => {
    sent.push({ at: clock.now(), label });
    return new Promise<string>((resolve, reject) =>
      clock.setTimeout(() => (refusals-- > 0 ? reject(new RateLimitedError('slow down', retryAfterMs)) : resolve(label)), latencyMs),
    );
  };
}

describe('RateScheduler', () => {
  it('sends at most 4 per rolling second, measured from when answers came back', async () => {
    const { clock, scheduler, sent, request } = setup();
    const results = Array.from({ length: 10 }, (_, n) => scheduler.run('background', request(`r${n}`)));
    await clock.advance(0);
    expect(sent.map((s) => s.at)).toEqual([0, 0, 0, 0]);
    await clock.advance(5000);
    await Promise.all(results);
    // The first four finished at 10 ms, so the next four may go at 1010 ms, the last two at 2020 ms.
    expect(sent.map((s) => s.at)).toEqual([0, 0, 0, 0, 1010, 1010, 1010, 1010, 2020, 2020]);
  });

  it('issue 49: a wall clock set back an hour holds no click back; a 429 pause ends on time and reads on the wall clock', async () => {
    const { clock, scheduler, sent, request } = setup();
    for (let n = 0; n < 4; n += 1) void scheduler.run('background', request(`r${n}`));
    await clock.advance(20); // the window is full, its requests answered at 10 ms
    clock.stepWall(-3_600_000);
    expect(scheduler.pausedUntil).toBe(0); // no 429 yet: not paused, whatever the wall clock reads
    void scheduler.run('user', request('click'));
    await clock.advance(1000);
    expect(sent.map((s) => s.label)).toContain('click');
    expect(sent.at(-1)!.at - clock.now()).toBe(-10); // at 1010 ms of monotonic time, as without the step

    const paused = scheduler.run('user', refusedOnce(clock, sent, 'refused', 10, 3000));
    await clock.advance(10);
    const until = scheduler.pausedUntil;
    expect(until - clock.now()).toBe(3000);
    clock.stepWall(-3_600_000);
    expect(scheduler.pausedUntil - clock.now()).toBe(3000); // counted down from the wall clock as it reads now
    const answer = heard(paused);
    await clock.advance(2999);
    expect(answer()).toBe('pending');
    await clock.advance(11); // re-sent when the pause ends, answered 10 ms later
    expect(answer()).toBe('refused');
  });

  it('puts user changes ahead of background reads', async () => {
    const { clock, scheduler, sent, request } = setup();
    for (let n = 0; n < 6; n += 1) void scheduler.run('background', request(`read${n}`));
    void scheduler.run('user', request('click'));
    await clock.advance(2000);
    expect(sent.map((s) => s.label).slice(0, 5)).toEqual(['read0', 'read1', 'read2', 'read3', 'click']);
  });

  it('does not spend a slot on a task that declines', async () => {
    const { clock, scheduler, sent, request, hooks } = setup();
    expect(await scheduler.run('user', () => undefined)).toBeUndefined();
    for (let n = 0; n < 4; n += 1) void scheduler.run('user', request(`r${n}`));
    await clock.advance(0);
    expect(sent).toHaveLength(4);
    expect(hooks.sent).toBe(4); // onSent counts requests that went on the wire, not the one that declined
  });

  it('pauses everything for Retry-After after a 429, then re-sends the refused request first', async () => {
    const { clock, scheduler, sent, request, rateLimited } = setup();
    let refusals = 1;
    const flaky = () => {
      sent.push({ at: clock.now(), label: 'flaky' });
      return new Promise<string>((resolve, reject) =>
        clock.setTimeout(() => (refusals-- > 0 ? reject(new RateLimitedError('slow down', 3000)) : resolve('ok')), 10),
      );
    };
    const result = scheduler.run('background', flaky);
    await clock.advance(20);
    void scheduler.run('user', request('click'));
    await clock.advance(2000);
    expect(sent.map((s) => s.label)).toEqual(['flaky']); // paused: the click waits too
    await clock.advance(1000);
    expect(await result).toBe('ok');
    expect(sent.map((s) => [s.label, s.at])).toEqual([['flaky', 0], ['flaky', 3010], ['click', 3010]]);
    expect(rateLimited()).toBe(1);
  });

  it('backs off with full jitter when a 429 carries no Retry-After', async () => {
    const { clock, scheduler, sent } = setup(() => 0.999);
    let refusals = 3;
    const task = () => {
      sent.push({ at: clock.now(), label: 'x' });
      return refusals-- > 0 ? Promise.reject(new RateLimitedError('slow down', undefined)) : Promise.resolve('ok');
    };
    const result = scheduler.run('user', task);
    await clock.advance(10_000);
    expect(await result).toBe('ok');
    // Ceilings 500, 1000, 2000 ms (base 500): random 0.999 waits just under each.
    const gaps = sent.slice(1).map((s, i) => s.at - sent[i]!.at);
    expect(gaps).toEqual([499, 999, 1998]);
  });

  it('rejects queued work when closed, and leaves no timer of its own behind', async () => {
    const { clock, scheduler, request, timers } = setup();
    for (let n = 0; n < 4; n += 1) void scheduler.run('user', request(`r${n}`, 10));
    const queued = scheduler.run('user', request('late'));
    await clock.advance(20);
    expect(timers.live()).toBe(1); // the window is full: the scheduler waits for its oldest slot to free
    const later = scheduler.run('user', request('later', 100_000));
    const heard = Promise.all([queued, later].map((caller) => caller.catch((error: Error) => error.message)));
    scheduler.close(new Error('bye'));
    expect(await heard).toEqual(['bye', 'bye']);
    await expect(scheduler.run('user', request('after'))).rejects.toThrow('bye');
    expect(timers.live()).toBe(0);
    expect(clock.pending).toBe(0); // the four requests were answered at 10 ms: nothing else holds a timer
  });

  it('closing without a reason rejects the queue with a network error that says the core stopped', async () => {
    const { scheduler, request } = setup();
    for (let n = 0; n < 4; n += 1) void scheduler.run('user', request(`r${n}`, 100_000));
    const queued = scheduler.run('user', request('late'));
    expect(scheduler.waiting).toBe(1);
    scheduler.close();
    expect(scheduler.waiting).toBe(0);
    const error = await queued.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect(error).toMatchObject({ kind: 'network', message: 'The core was stopped' });
  });

  it('issue 11 case 8: caps a Retry-After of 30 days at retryAfterCapMs', async () => {
    const { clock, scheduler } = setup();
    void scheduler.run('user', () => Promise.reject(new RateLimitedError('come back next month', 30 * 86_400_000)));
    await clock.advance(0);
    expect(scheduler.pausedUntil - clock.now()).toBe(DEFAULT_TUNING.retryAfterCapMs);
    expect(clock.nextAt).toBe(DEFAULT_TUNING.retryAfterCapMs);
  });

  it('issue 11 case 12: four requests refused in one burst escalate the backoff once, not four times', async () => {
    const { clock, scheduler, sent } = setup(() => 0.999);
    let refusals = 4;
    const task = () => {
      sent.push({ at: clock.now(), label: 'x' });
      return new Promise<string>((resolve, reject) =>
        clock.setTimeout(() => (refusals-- > 0 ? reject(new RateLimitedError('slow down', undefined)) : resolve('ok')), 10),
      );
    };
    const results = Array.from({ length: 4 }, () => scheduler.run('user', task));
    await clock.advance(10);
    // One pause for the burst: base 500 ms (random 0.999 → 499), not 500 · 2^3.
    expect(scheduler.pausedUntil).toBe(10 + 499);
    await clock.advance(5000);
    expect(await Promise.all(results)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('issue 11 case 7: a request whose caller gave up keeps its slot until it is off the wire', async () => {
    const { clock, scheduler, sent, request } = setup();
    let offWire = () => {};
    const wire = new Promise<void>((resolve) => (offWire = resolve));
    const gaveUp = () => {
      sent.push({ at: clock.now(), label: 'slow' });
      holdSlot(wire); // what the REST client does for every request
      return Promise.reject(new Error('timeout'));
    };
    // What each caller heard, and when: a failure is the caller's to see, not swallowed.
    const callers = Array.from({ length: 4 }, () => {
      let outcome = 'pending';
      void scheduler.run('background', gaveUp).then(
        () => (outcome = 'resolved'),
        (error: Error) => (outcome = `${error.message} at ${clock.now()}`),
      );
      return () => outcome;
    });
    const next = scheduler.run('user', request('next'));
    await clock.advance(5000);
    expect(sent.map((s) => s.label)).toEqual(['slow', 'slow', 'slow', 'slow']); // still on the wire: no slot
    offWire();
    await clock.advance(0);
    await clock.advance(DEFAULT_TUNING.rateWindowMs + 10); // the window from the wires' end, plus the answer's 10 ms
    expect(await next).toBe('next');
    expect(sent.at(-1)).toEqual({ at: 5000 + DEFAULT_TUNING.rateWindowMs, label: 'next' });
    // Each caller heard its own timeout at once, not when the wire closed.
    expect(callers.map((caller) => caller())).toEqual(['timeout at 0', 'timeout at 0', 'timeout at 0', 'timeout at 0']);
  });
  it('sends the requests of one priority in the order they were queued: first come, first served', async () => {
    const { clock, scheduler, sent, request } = setup();
    for (let n = 0; n < 8; n += 1) void scheduler.run('background', request(`read${n}`));
    for (let n = 0; n < 3; n += 1) void scheduler.run('user', request(`click${n}`));
    await clock.advance(5000);
    expect(sent.map((s) => s.label)).toEqual(['read0', 'read1', 'read2', 'read3', 'click0', 'click1', 'click2', 'read4', 'read5', 'read6', 'read7']);
  });

  it('re-sends requests refused in one burst in the order they were first queued, whatever order the 429s came back in', async () => {
    const { clock, scheduler, sent } = setup();
    // r3 is answered first, r0 last; each 429 asks for 1000 ms from when it came.
    const results = [40, 30, 20, 10].map((latency, n) => scheduler.run('user', refusedOnce(clock, sent, `r${n}`, latency, 1000)));
    await clock.advance(40);
    expect(scheduler.pausedUntil).toBe(40 + 1000); // a Retry-After in the same burst still extends the pause
    await clock.advance(2000);
    expect(await Promise.all(results)).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(sent.slice(4).map((s) => [s.label, s.at])).toEqual([['r0', 1040], ['r1', 1040], ['r2', 1040], ['r3', 1040]]);
  });

  it('a request that fails with anything but a 429 fails its caller with that very error, at once, and pauses nothing', async () => {
    const { clock, scheduler, sent, request, rateLimited } = setup();
    const failure = new CoreError('server', 'The server answered HTTP 503', 503);
    const caller = heard(scheduler.run('user', request('bad', 10, () => failure)));
    await clock.advance(10);
    expect(caller()).toBe(failure);
    expect([rateLimited(), scheduler.pausedUntil]).toEqual([0, 0]);
    const next = heard(scheduler.run('user', request('next')));
    await clock.advance(10);
    expect(next()).toBe('next');
    expect(sent.map((s) => [s.label, s.at])).toEqual([['bad', 0], ['next', 10]]);
  });

  it('a task that throws before sending fails its caller and spends no slot', async () => {
    const { clock, scheduler, sent, request, hooks } = setup();
    const broken = new Error('could not build the request');
    const caller = heard(
      scheduler.run('user', (): Promise<string> => {
        throw broken;
      }),
    );
    for (let n = 0; n < 4; n += 1) void scheduler.run('user', request(`r${n}`));
    await clock.advance(0);
    expect(caller()).toBe(broken);
    expect(sent.map((s) => s.at)).toEqual([0, 0, 0, 0]);
    expect(hooks.sent).toBe(4);
  });

  it('a 429 for a task that retries on its own schedule (the socket upgrade) goes back to its caller, and pauses nothing', async () => {
    const { clock, scheduler, sent, request, rateLimited } = setup();
    const refusal = new RateLimitedError('slow down', 3000);
    const upgrade = heard(scheduler.run('background', request('upgrade', 10, () => refusal), { rateLimited: 'reject' }));
    await clock.advance(10);
    expect(upgrade()).toBe(refusal);
    expect([rateLimited(), scheduler.pausedUntil]).toEqual([1, 0]);
    void scheduler.run('user', request('click'));
    await clock.advance(0);
    expect(sent.map((s) => [s.label, s.at])).toEqual([['upgrade', 0], ['click', 10]]);
  });

  it('keeps the safety margin on top of the window: the fifth request waits window + margin from the first answer', async () => {
    const margin = 25;
    const { clock, scheduler, sent, request } = setup(() => 0.5, margin);
    for (let n = 0; n < 5; n += 1) void scheduler.run('background', request(`r${n}`));
    await clock.advance(5000);
    expect(sent.map((s) => s.at)).toEqual([0, 0, 0, 0, 10 + DEFAULT_TUNING.rateWindowMs + margin]);
  });

  it('gives the next request the slot that frees first', async () => {
    const { clock, scheduler, sent, request } = setup();
    [10, 20, 30, 40].forEach((latency, n) => void scheduler.run('background', request(`r${n}`, latency)));
    for (let n = 4; n < 6; n += 1) void scheduler.run('background', request(`r${n}`));
    await clock.advance(5000);
    expect(sent.map((s) => s.at)).toEqual([0, 0, 0, 0, 10 + DEFAULT_TUNING.rateWindowMs, 20 + DEFAULT_TUNING.rateWindowMs]);
  });

  it('holds no timer while every slot is on the wire: the next answer wakes it', async () => {
    const { clock, scheduler, sent, request, timers } = setup();
    for (let n = 0; n < 5; n += 1) void scheduler.run('background', request(`r${n}`, 100));
    await clock.advance(50);
    expect(timers.live()).toBe(0);
    await clock.advance(2000);
    expect(sent.map((s) => s.at)).toEqual([0, 0, 0, 0, 100 + DEFAULT_TUNING.rateWindowMs]);
  });

  it('requests waiting for a full window share one wake-up: a hundred queued set one timer per window, not one each', async () => {
    const { clock, scheduler, request, timers } = setup();
    for (let n = 0; n < 4; n += 1) void scheduler.run('background', request(`first${n}`));
    await clock.advance(20);
    const rest = Array.from({ length: 100 }, (_, n) => scheduler.run('background', request(`r${n}`)));
    await clock.advance(30_000);
    expect(await Promise.all(rest)).toHaveLength(100);
    expect(timers.set()).toBe(25); // 4 per window
  });

  it('requests refused at the very instant the pause began belong to its burst: the backoff escalates once', async () => {
    const { clock, scheduler } = setup(() => 0.999);
    let refusals = 4;
    const task = () => (refusals-- > 0 ? Promise.reject(new RateLimitedError('slow down', undefined)) : Promise.resolve('ok'));
    const results = Array.from({ length: 4 }, () => scheduler.run('user', task));
    await clock.advance(0);
    expect(scheduler.pausedUntil).toBe(499); // base 500 ms once, not 1000 for a second escalation
    await clock.advance(5000);
    expect(await Promise.all(results)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('says once that a pause is over, when it is over; a wake-up set before the 429 neither ends it early nor says so', async () => {
    const { clock, scheduler, sent, request, hooks, timers } = setup();
    // r1..r3 answer at 10 ms, so a wake-up for the full window is set for 1010 ms; r0's 429 at 20 ms asks for 3000 ms.
    const refused = scheduler.run('user', refusedOnce(clock, sent, 'r0', 20, 3000));
    for (let n = 1; n < 4; n += 1) void scheduler.run('user', request(`r${n}`));
    void scheduler.run('user', request('r4'));
    await clock.advance(2000);
    expect(sent.map((s) => s.label)).toEqual(['r0', 'r1', 'r2', 'r3']); // nothing went at 1010: the pause holds
    expect(hooks.resumedAt).toEqual([]);
    expect(timers.live()).toBe(1);
    await clock.advance(2000);
    expect(await refused).toBe('r0');
    expect(hooks.resumedAt).toEqual([3020]);
    expect(scheduler.pausedUntil).toBe(0);
    expect(sent.slice(4).map((s) => [s.label, s.at])).toEqual([['r0', 3020], ['r4', 3020]]);
  });

  it('a pause shorter than the window wait ends on time, with one timer of the scheduler at a time', async () => {
    const { clock, scheduler, sent, request, hooks, timers } = setup();
    const refused = scheduler.run('user', refusedOnce(clock, sent, 'r0', 20, 100));
    for (let n = 1; n < 4; n += 1) void scheduler.run('user', request(`r${n}`));
    void scheduler.run('user', request('r4'));
    await clock.advance(500);
    expect(hooks.resumedAt).toEqual([120]);
    expect(timers.live()).toBe(1); // the wake-up for the window, nothing left of the one it replaced
    await clock.advance(1000);
    expect(await refused).toBe('r0');
    // The window frees r1..r3's slots at 1010 ms: the retry and r4 go then.
    expect(sent.slice(4).map((s) => [s.label, s.at])).toEqual([['r0', 1010], ['r4', 1010]]);
    expect(hooks.resumedAt).toEqual([120]); // that wake-up was the window's: no pause to end
  });

  it('runs without an onResumed hook', async () => {
    const clock = new FakeClock(0);
    const scheduler = new RateScheduler(clock, { ...DEFAULT_TUNING, random: () => 0.5 }, { onSent: () => undefined, onRateLimited: () => undefined });
    const sent: { at: number; label: string }[] = [];
    const result = scheduler.run('user', refusedOnce(clock, sent, 'r0', 10, 100));
    await clock.advance(1000);
    expect(await result).toBe('r0');
    expect(sent.map((s) => s.at)).toEqual([0, 110]);
  });
});

describe('RateScheduler.heldUserWork: whether queued clicks are held, until when and why', () => {
  it('a 429 pause holds queued user changes until its end, and says so', async () => {
    const { clock, scheduler, request } = setup();
    let refusals = 1;
    void scheduler.run('user', () => (refusals-- > 0 ? Promise.reject(new RateLimitedError('slow down', 4000)) : Promise.resolve('ok')));
    await clock.advance(0);
    // The refused change is queued again, first: it is held for the Retry-After.
    expect(scheduler.heldUserWork()).toEqual({ reason: 'rateLimited', until: 4000 });
    void scheduler.run('user', request('click'));
    await clock.advance(1500);
    expect(scheduler.heldUserWork()).toEqual({ reason: 'rateLimited', until: 4000 });
    await clock.advance(2600);
    expect(scheduler.heldUserWork()).toBeUndefined();
  });

  it('a pause that holds only background reads holds no clicks', async () => {
    const { clock, scheduler } = setup();
    void scheduler.run('background', () => Promise.reject(new RateLimitedError('slow down', 4000)));
    await clock.advance(0);
    expect(scheduler.pausedUntil).toBe(4000);
    expect(scheduler.heldUserWork()).toBeUndefined();
  });

  it('own pacing is a hold only when the last queued user change waits longer than the next window', async () => {
    const { clock, scheduler, request } = setup();
    // Four on the wire for 50 ms fill the window; four more wait for it.
    for (let n = 0; n < 8; n += 1) void scheduler.run('user', request(`c${n}`, 50));
    await clock.advance(0);
    expect(scheduler.waiting).toBe(4);
    // The wires count as answered now (a lower bound): the next four go one window (1000 ms here) later: ordinary pacing.
    expect(scheduler.heldUserWork()).toBeUndefined();
    // Four more: the last goes two windows away.
    for (let n = 8; n < 12; n += 1) void scheduler.run('user', request(`c${n}`, 50));
    expect(scheduler.heldUserWork()).toEqual({ reason: 'pacing', until: 2000 });
    // Once the wires are off and time passes, the estimate follows what the log says.
    await clock.advance(1100);
    expect(scheduler.waiting).toBe(4);
    expect(scheduler.heldUserWork()).toBeUndefined();
  });

  it('own pacing counts the window with its safety margin, each queued change taking the slot that frees first', async () => {
    const { clock, scheduler, request } = setup(() => 0.5, 100);
    // Answers at 50, 300, 200 and 100 ms free their slots one window + margin (1100 ms) later: 1150, 1400, 1300, 1200.
    for (const latency of [50, 300, 200, 100]) void scheduler.run('user', request(`wire${latency}`, latency));
    await clock.advance(400);
    for (let n = 0; n < 6; n += 1) void scheduler.run('user', request(`c${n}`, 50));
    expect(scheduler.waiting).toBe(6);
    // c0–c3 take 1150, 1200, 1300, 1400; c4 and c5 the slots c0 and c1 free again: 2250 and 2300.
    expect(scheduler.heldUserWork()).toEqual({ reason: 'pacing', until: 2300 });
  });

  it('queued background reads are no held clicks, however many', async () => {
    const { clock, scheduler, request } = setup();
    for (let n = 0; n < 20; n += 1) void scheduler.run('background', request(`r${n}`, 50));
    await clock.advance(0);
    expect(scheduler.waiting).toBe(16);
    expect(scheduler.heldUserWork()).toBeUndefined();
  });
});
