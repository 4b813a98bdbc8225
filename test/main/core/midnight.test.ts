// Next local midnight of an IANA zone, including DST days, a day that starts at 01:00 and one that
// never came (Apia); the day watch on a fake wall clock stepped apart from its timers, against Temporal's answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { DAY_CHECK_MS, DayWatch } from '../../../src-main/core/midnight';
import { isKnownZone, nextLocalMidnight } from '../../../src-shared/time/calendar';
import { dayKeyIn } from '../../../src-shared/time/calendar';
import { HARD_ZONES, HOUR, dateIn, instantAt, nextStartOfDay, stepLength } from '../../support/day-oracle';

const iso = (ms: number) => new Date(ms).toISOString();
/** The local date as a sortable number yyyymmdd. */
const localDateKey = (zone: string, instant: number) => Number(dayKeyIn(zone, instant).replaceAll('-', ''));
const localTime = (zone: string, ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

describe('nextLocalMidnight', () => {
  it('UTC and a far-east zone', () => {
    const noon = Date.parse('2026-11-22T12:00:00Z');
    expect(iso(nextLocalMidnight('UTC', noon))).toBe('2026-11-23T00:00:00.000Z');
    // Kiritimati is UTC+14: 12:00Z is already 02:00 on the 23rd there.
    expect(iso(nextLocalMidnight('Pacific/Kiritimati', noon))).toBe('2026-11-23T10:00:00.000Z');
  });

  it('is exactly midnight, never the instant itself', () => {
    const midnight = Date.parse('2026-11-23T00:00:00Z');
    expect(iso(nextLocalMidnight('UTC', midnight))).toBe('2026-11-24T00:00:00.000Z');
    expect(iso(nextLocalMidnight('UTC', midnight - 1))).toBe('2026-11-23T00:00:00.000Z');
  });

  it('spring forward and fall back in Europe/Berlin (23- and 25-hour days)', () => {
    const first = nextLocalMidnight('Europe/Berlin', Date.parse('2026-03-28T12:00:00Z'));
    expect(iso(first)).toBe('2026-03-28T23:00:00.000Z'); // CET
    expect(iso(nextLocalMidnight('Europe/Berlin', first)) ).toBe('2026-03-29T22:00:00.000Z'); // CEST: 23 h later
    const autumn = nextLocalMidnight('Europe/Berlin', Date.parse('2026-10-25T00:30:00Z'));
    expect(iso(autumn)).toBe('2026-10-25T23:00:00.000Z'); // 25-hour day
  });

  it('a day whose midnight does not exist starts at 01:00 (America/Santiago, September)', () => {
    // Chile springs forward at 24:00 on the first Saturday of September: the next day starts at 01:00.
    const next = nextLocalMidnight('America/Santiago', Date.parse('2026-09-05T16:00:00Z'));
    expect(localDateKey('America/Santiago', next)).toBe(20260906);
    expect(localDateKey('America/Santiago', next - 1)).toBe(20260905);
    expect(localTime('America/Santiago', next)).toBe('01:00');
  });

  it('property: the result is the first instant of the next local date', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.parse('2024-01-01'), max: Date.parse('2030-01-01') }), (zone, now) => {
        const next = nextLocalMidnight(zone, now);
        expect(next).toBeGreaterThan(now);
        expect(next - now).toBeLessThanOrEqual(26 * 3_600_000);
        expect(localDateKey(zone, next)).toBeGreaterThan(localDateKey(zone, now));
        expect(localDateKey(zone, next - 1)).toBe(localDateKey(zone, now));
      }),
      { numRuns: 300 },
    );
  });

  it('knows valid zones', () => {
    expect(isKnownZone('Europe/Berlin')).toBe(true);
    expect(isKnownZone('Mars/Olympus_Mons')).toBe(false);
  });
});

/** A watch in `zone` on a fake clock from `local`, and what it announced, with the wall clock at each announcement. */
function watching(zone: string, local: string) {
  const clock = new FakeClock(instantAt(zone, local));
  const watch = new DayWatch(clock, () => zone);
  const heard: { at: number; day: string }[] = [];
  watch.onDayChanged((day) => heard.push({ at: clock.now(), day }));
  watch.check();
  return { clock, watch, heard };
}

describe('DayWatch: what day it is', () => {
  it.each([
    ['a 23-hour day', 'Europe/Berlin', '2026-03-28T20:00', 3],
    ['a 25-hour day', 'Europe/Berlin', '2026-10-24T20:00', 3],
    ['midnight swallowed by DST (the 6th starts at 01:00)', 'America/Santiago', '2026-09-05T20:00', 3],
    ['DST at midnight (the 29th starts at 01:00)', 'Asia/Beirut', '2026-03-28T20:00', 3],
    ['a 30-minute DST (a 23.5-hour day)', 'Australia/Lord_Howe', '2026-10-03T20:00', 3],
    ['+05:45', 'Asia/Kathmandu', '2026-11-22T20:00', 3],
    ['29 February', 'Pacific/Chatham', '2028-02-28T20:00', 3],
    ['a day that did not exist (30 December 2011)', 'Pacific/Apia', '2011-12-28T20:00', 3],
  ] as const)('%s (%s): each new day announced once, on the dot', (_name, zone, local, days) => {
    const { clock, heard } = watching(zone, local);
    clock.advanceSync(days * 25 * HOUR);
    const expected: { at: number; day: string }[] = [];
    for (let at = nextStartOfDay(zone, instantAt(zone, local)); at <= clock.now(); at = nextStartOfDay(zone, at)) expected.push({ at, day: dateIn(zone, at) });
    expect(expected.length).toBeGreaterThanOrEqual(days);
    expect(heard).toEqual(expected);
  });

  it('Pacific/Apia skipped 30 December 2011: the 29th, then the 31st, each once, and never the 30th', () => {
    const { clock, heard } = watching('Pacific/Apia', '2011-12-28T20:00');
    clock.advanceSync(3 * 25 * HOUR);
    // 00:00 on the 29th is 10:00Z (UTC−10, DST); 24 hours on, Samoa went from 23:59:59 −10:00 to 00:00 +14:00 on the 31st.
    expect(heard).toEqual([
      { at: Date.parse('2011-12-29T10:00:00Z'), day: '2011-12-29' },
      { at: Date.parse('2011-12-30T10:00:00Z'), day: '2011-12-31' },
      { at: Date.parse('2011-12-31T10:00:00Z'), day: '2012-01-01' },
    ]);
    expect([dateIn('Pacific/Apia', Date.parse('2011-12-30T09:59:59.999Z')), dateIn('Pacific/Apia', Date.parse('2011-12-30T10:00:00Z'))]).toEqual(['2011-12-29', '2011-12-31']);
  });

  it('Pacific/Apia: a wall clock set back a day over the missing 30th reads the 29th at the next check, and the 31st comes again at its start', () => {
    const { clock, watch, heard } = watching('Pacific/Apia', '2011-12-31T12:00');
    clock.stepWall(-24 * HOUR); // 12:00 +14:00 on the 31st is 22:00Z on the 30th; a day back is 12:00 −10:00 on the 29th
    watch.check();
    expect(heard).toEqual([{ at: clock.now(), day: '2011-12-29' }]);
    clock.advanceSync(12 * HOUR);
    expect(heard.slice(1)).toEqual([{ at: Date.parse('2011-12-30T10:00:00Z'), day: '2011-12-31' }]);
  });

  it('reads the wall clock at least hourly: 23 readings between two midnights of an idle day, no announcement', () => {
    const { clock, heard } = watching('UTC', '2026-11-22T00:00');
    let readings = 0;
    const now = clock.now;
    clock.now = () => ((readings += 1), now());
    clock.advanceSync(24 * HOUR - 1);
    expect(readings).toBe(23);
    expect(heard).toEqual([]);
    expect(clock.pending).toBe(1);
  });

  it('a check (resume, unlock) after a step announces the new date at once; stop leaves no timer', () => {
    const { clock, watch, heard } = watching('Asia/Kathmandu', '2026-11-22T12:00');
    clock.stepWall(stepLength('Asia/Kathmandu', clock.now(), { years: -1 }));
    watch.check();
    expect(heard).toEqual([{ at: clock.now(), day: '2025-11-22' }]);
    watch.check();
    expect(heard).toHaveLength(1); // the same date: nothing to say
    watch.stop();
    expect(clock.pending).toBe(0);
    clock.advanceSync(30 * HOUR);
    expect(heard).toHaveLength(1);
  });

  it('a listener that throws stops neither the others nor the watch', () => {
    const { clock, watch, heard } = watching('UTC', '2026-11-22T23:00');
    watch.onDayChanged(() => {
      throw new Error('a faulty listener');
    });
    clock.advanceSync(25 * HOUR);
    expect(heard.map((h) => h.day)).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('property: the wall clock stepped and time passing, in hard zones (seed 49)', () => {
    fc.assert(wallClockProperty((clock, zone) => new DayWatch(clock, () => zone)), { seed: 49, numRuns: 150 });
  });

  it('negative control: the same property fails for one timer set for the next midnight (the design before)', () => {
    expect(() => fc.assert(wallClockProperty((clock, zone) => new MidnightTimerOnly(clock, zone)), { seed: 49, numRuns: 150 })).toThrow(/Property failed/);
  });
});

type Watch = Pick<DayWatch, 'check' | 'stop' | 'onDayChanged'>;

/** day-rollover.ts before the day watch: a timer for the next local midnight, on the monotonic clock. */
class MidnightTimerOnly implements Watch {
  private day: string | undefined;
  private timer: unknown;
  private listeners: ((day: string) => void)[] = [];
  constructor(
    private readonly clock: FakeClock,
    private readonly zone: string,
  ) {}
  readonly onDayChanged = (listener: (day: string) => void) => (this.listeners.push(listener), () => undefined);
  check(): void {
    this.stop();
    const now = this.clock.now();
    const today = dateIn(this.zone, now);
    const previous = this.day;
    this.day = today;
    this.timer = this.clock.setTimeout(() => this.check(), nextLocalMidnight(this.zone, now) - now);
    if (previous !== undefined && previous !== today) for (const listener of this.listeners) listener(today);
  }
  stop(): void {
    this.clock.clearTimeout(this.timer);
  }
}

/**
 * Hard zones, wall-clock steps of an hour, a day, a week and a year either way, resumes, and time
 * passing, drawn at random (with a fixed seed: replayable, the same runs in CI). Within
 * DAY_CHECK_MS of a step the watch knows the date; a midnight that comes DAY_CHECK_MS or more
 * after the last step is announced on the dot; each announcement names the date the wall clock
 * showed then, and a new one.
 */
function wallClockProperty(make: (clock: FakeClock, zone: string) => Watch) {
  const step = fc.constantFrom({ hours: 1 }, { hours: -1 }, { days: 1 }, { days: -1 }, { weeks: 1 }, { weeks: -1 }, { years: 1 }, { years: -1 });
  const op = fc.oneof(fc.record({ step }), fc.record({ pass: fc.integer({ min: 1, max: 30 * HOUR }) }), fc.constant({ check: true as const }));
  return fc.property(fc.constantFrom(...HARD_ZONES), fc.integer({ min: Date.parse('2024-01-01'), max: Date.parse('2030-01-01') }), fc.array(op, { maxLength: 12 }), (zone, start, ops) => {
    const clock = new FakeClock(start);
    const watch = make(clock, zone);
    const heard: { at: number; day: string }[] = [];
    watch.onDayChanged((day) => heard.push({ at: clock.now(), day }));
    watch.check();
    let known = dateIn(zone, start);
    let sinceStep = Number.POSITIVE_INFINITY; // monotonic ms since the last step not yet read
    for (const next of ops) {
      const from = heard.length;
      if ('step' in next) {
        clock.stepWall(stepLength(zone, clock.now(), next.step));
        sinceStep = 0;
      } else if ('check' in next) {
        watch.check();
        sinceStep = Number.POSITIVE_INFINITY;
      } else {
        const w0 = clock.now();
        clock.advanceSync(next.pass);
        for (let at = nextStartOfDay(zone, w0); at <= clock.now(); at = nextStartOfDay(zone, at)) {
          if (sinceStep + (at - w0) >= DAY_CHECK_MS) expect(heard.slice(from).map((h) => h.at)).toContain(at);
        }
        sinceStep += next.pass;
      }
      for (const h of heard.slice(from)) {
        expect(h.day).toBe(dateIn(zone, h.at));
        expect(h.day).not.toBe(known);
        known = h.day;
      }
      if (sinceStep >= DAY_CHECK_MS) expect(known).toBe(dateIn(zone, clock.now()));
    }
    watch.stop();
  });
}
