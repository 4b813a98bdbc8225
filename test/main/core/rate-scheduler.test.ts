// The rate scheduler alone, on a fake clock: pacing, priorities, declines, 429 pauses.
import { describe, expect, it } from 'vitest';
import { RateScheduler } from '../../../src-main/core/rate-scheduler';
import { RateLimitedError } from '../../../src-main/core/errors';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { holdSlot } from '../../../src-main/core/wire-slot';

function setup(random = () => 0.5) {
  const clock = new FakeClock(0);
  const sent: { at: number; label: string }[] = [];
  let rateLimited = 0;
  const scheduler = new RateScheduler(clock, { ...DEFAULT_TUNING, rateSafetyMarginMs: 0, random }, {
    onSent: () => {},
    onRateLimited: () => (rateLimited += 1),
  });
  /** A request answered `latencyMs` later (fake time). */
  const request = (label: string, latencyMs = 10, fail?: () => Error) => () => {
    sent.push({ at: clock.now(), label });
    return new Promise<string>((resolve, reject) => clock.setTimeout(() => (fail ? reject(fail()) : resolve(label)), latencyMs));
  };
  return { clock, scheduler, sent, request, rateLimited: () => rateLimited };
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

  it('puts user changes ahead of background reads', async () => {
    const { clock, scheduler, sent, request } = setup();
    for (let n = 0; n < 6; n += 1) void scheduler.run('background', request(`read${n}`));
    void scheduler.run('user', request('click'));
    await clock.advance(2000);
    expect(sent.map((s) => s.label).slice(0, 5)).toEqual(['read0', 'read1', 'read2', 'read3', 'click']);
  });

  it('does not spend a slot on a task that declines', async () => {
    const { clock, scheduler, sent, request } = setup();
    expect(await scheduler.run('user', () => undefined)).toBeUndefined();
    for (let n = 0; n < 4; n += 1) void scheduler.run('user', request(`r${n}`));
    await clock.advance(0);
    expect(sent).toHaveLength(4);
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

  it('rejects queued work when closed', async () => {
    const { clock, scheduler, request } = setup();
    for (let n = 0; n < 4; n += 1) void scheduler.run('user', request(`r${n}`, 100_000));
    const queued = scheduler.run('user', request('late'));
    scheduler.close(new Error('bye'));
    await expect(queued).rejects.toThrow('bye');
    await expect(scheduler.run('user', request('after'))).rejects.toThrow('bye');
    expect(clock.pending).toBeGreaterThan(0); // the four on the wire keep their own timers; nothing of the scheduler's
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
    for (let n = 0; n < 4; n += 1) void scheduler.run('background', gaveUp).catch(() => {});
    const next = scheduler.run('user', request('next'));
    await clock.advance(5000);
    expect(sent.map((s) => s.label)).toEqual(['slow', 'slow', 'slow', 'slow']); // still on the wire: no slot
    offWire();
    await clock.advance(0);
    await clock.advance(DEFAULT_TUNING.rateWindowMs + 10); // the window from the wires' end, plus the answer's 10 ms
    expect(await next).toBe('next');
    expect(sent.at(-1)).toEqual({ at: 5000 + DEFAULT_TUNING.rateWindowMs, label: 'next' });
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

  it('queued background reads are no held clicks, however many', async () => {
    const { clock, scheduler, request } = setup();
    for (let n = 0; n < 20; n += 1) void scheduler.run('background', request(`r${n}`, 50));
    await clock.advance(0);
    expect(scheduler.waiting).toBe(16);
    expect(scheduler.heldUserWork()).toBeUndefined();
  });
});
