// The history main computes for the activity view, from a real ActivityRecord on a fixed
// clock and zone: ranges and where weeks start, "not recorded" before the record began,
// the value line, the numbers, streaks (direction and goals), shades, and properties that
// hold for any record.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeHistory, heatLevel, heatScale, type HistoryInput } from '../../../../src-main/app/activity/history';
import { ActivityRecord } from '../../../../src-main/app/activity/record';
import type { GoalRule } from '../../../../src-main/app/activity/streaks';
import { goalRule } from '../../../../src-main/app/goals/goals-service';
import type { ActivityEvent } from '../../../../src-shared/domain/activity';
import type { ActivityHistory, HistoryRange } from '../../../../src-shared/domain/history';
import { ActivityHistory as HistorySchema } from '../../../../src-shared/domain/history';
import { addDays, dayKeyIn } from '../../../../src-shared/time/calendar';
import { firstDayOfWeek, isoWeekday } from '../../../../src-shared/time/week-start';
import { instantAt, isoWeekOf } from '../../../support/day-oracle';

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Wednesday 25 November 2026, 11:00 in Berlin. */
const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const ID = 'coffee';

const own = (at: number, amount: number): ActivityEvent => ({ kind: 'own', at, amount, outcome: 'applied', sources: { popup: amount } });
const others = (at: number, by: number): ActivityEvent => ({ kind: 'others', at, from: 0, to: by });
/** Noon in Berlin, `daysAgo` days before today. */
const noon = (daysAgo: number) => NOW + HOUR - daysAgo * DAY;

/** A record that began `since` days ago (it was compacted then), with `changes` [daysAgo, yours, others'] after. */
function recordWith(sinceDaysAgo: number, changes: [number, number, number][]): ActivityRecord {
  const record = new ActivityRecord();
  record.compact(NOW - sinceDaysAgo * DAY, ZONE);
  for (const [ago, you, them] of changes) {
    if (you !== 0) record.append(ID, own(noon(ago), you), ZONE);
    if (them !== 0) record.append(ID, others(noon(ago) + 60_000, them), ZONE);
  }
  return record;
}

function history(record: ActivityRecord, range: HistoryRange, options: { locale?: string; value?: number; streak?: HistoryInput['streak']; now?: number; zone?: string } = {}): ActivityHistory {
  const now = options.now ?? NOW;
  const zone = options.zone ?? ZONE;
  const result = computeHistory({
    counterId: ID,
    range,
    today: dayKeyIn(zone, now),
    firstDayOfWeek: firstDayOfWeek(options.locale ?? 'de-DE'),
    firstRecorded: record.firstDay(now, zone),
    currentValue: options.value ?? 100,
    totalsBetween: (from, until, stepsOnly) => record.totalsBetween(ID, from, until, zone, stepsOnly),
    streak: options.streak === undefined ? { refused: { increment: false, decrement: false }, goal: null } : options.streak,
  });
  // Every answer crosses IPC: it must pass the contract's schema.
  return HistorySchema.parse(result);
}

describe('ranges', () => {
  it('14 days and 13 weeks end today; a year is 52 week columns from the locale’s first weekday', () => {
    const record = recordWith(500, []);
    expect(history(record, 'twoWeeks').days.map((d) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays('2026-11-25', i - 13)));
    expect(history(record, 'threeMonths').days).toHaveLength(91);
    // en-US weeks start on Sunday (22 Nov), German ones on Monday (23 Nov); today is the 4th / 3rd day of its week.
    const us = history(record, 'year', { locale: 'en-US' });
    expect([us.firstDayOfWeek, us.days[0]?.date, us.days.length]).toEqual([7, '2025-11-30', 51 * 7 + 4]);
    expect(isoWeekday(us.days[0]?.date ?? '')).toBe(7);
    const de = history(record, 'year', { locale: 'de-DE' });
    expect([de.firstDayOfWeek, de.days[0]?.date, de.days.length]).toEqual([1, '2025-12-01', 51 * 7 + 3]);
    expect(de.days.at(-1)?.date).toBe('2026-11-25');
    // 13 calendar months are touched; a day counter would get no streak.
    expect(de.months.map((m) => m.start)).toEqual(['2025-12', ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)]);
    expect(history(record, 'year', { streak: null }).streak).toBeNull();
  });

  it('after a move west, today and the kept events are recorded even where they fall before the day the record began', () => {
    // Begun at 05:00 UTC on 25 November (UTC): in Pago Pago (UTC−11) that moment and the events after it are still on the 24th.
    const began = Date.UTC(2026, 10, 25, 5, 0);
    const record = new ActivityRecord();
    record.compact(began, 'UTC');
    record.append(ID, own(began + 60_000, 2), 'UTC');
    const view = history(record, 'twoWeeks', { now: began + 3_600_000, zone: 'Pacific/Pago_Pago' });
    expect(view.today).toBe('2026-11-24');
    expect(view.days.at(-1)).toMatchObject({ date: '2026-11-24', recorded: true, you: 2 });
    expect(history(record, 'twoWeeks', { now: began + 3_600_000, zone: 'UTC' }).firstRecorded).toBe('2026-11-25');
  });

  it('the day is the zone’s: 23:30 UTC is already tomorrow in Berlin', () => {
    const late = Date.UTC(2026, 10, 25, 23, 30);
    const record = recordWith(10, []);
    expect(history(record, 'twoWeeks', { now: late, zone: 'UTC' }).today).toBe('2026-11-25');
    expect(history(record, 'twoWeeks', { now: late, zone: ZONE }).today).toBe('2026-11-26');
  });
});

describe('what was recorded', () => {
  it('days before the record began are "not recorded", never zero, and count in no number', () => {
    // The record began 5 days ago (Friday 20 Nov); +2 on two days, +3 by others today.
    const record = recordWith(5, [
      [4, 2, 0],
      [1, 2, 0],
      [0, 0, 3],
    ]);
    const view = history(record, 'twoWeeks', { value: 50 });
    expect(view.firstRecorded).toBe('2026-11-20');
    expect(view.days.filter((d) => !d.recorded).map((d) => d.date)).toEqual(Array.from({ length: 8 }, (_, i) => addDays('2026-11-12', i)));
    expect(view.days.filter((d) => !d.recorded).every((d) => !('value' in d) && !('you' in d))).toBe(true);
    expect(view.stats).toMatchObject({ recordedDays: 6, activeDays: 3, you: 4, others: 3, perDay: 7 / 6, perWeek: null, best: { date: '2026-11-25', net: 3 } });
    // The value line is worked back from now through what was recorded.
    expect(view.days.slice(-6).map((d) => (d.recorded ? d.value : null))).toEqual([43, 45, 45, 45, 47, 50]);
    // This (German) week began Monday 23 Nov; last week is only partly recorded (from Friday).
    expect(view.stats.thisWeek).toEqual({ start: '2026-11-23', days: 3, you: 2, others: 3, recordedDays: 3, activeDays: 2 });
    expect(view.stats.lastWeek).toEqual({ start: '2026-11-16', days: 7, you: 2, others: 0, recordedDays: 3, activeDays: 1 });
  });

  it('with nothing recorded in the range the averages are unknown, not zero', () => {
    const view = history(recordWith(0, []), 'threeMonths');
    expect(view.stats).toMatchObject({ recordedDays: 1, activeDays: 0, perDay: 0, best: null });
    // A range wholly before the first recorded day (computed directly: the record itself always covers today).
    const none = computeHistory({ counterId: ID, range: 'twoWeeks', today: '2026-11-25', firstDayOfWeek: 1, firstRecorded: '2026-11-28', currentValue: 3, totalsBetween: () => new Map(), streak: null });
    expect(none.stats).toMatchObject({ recordedDays: 0, perDay: null, perWeek: null, best: null });
    expect(none.days.every((d) => !d.recorded)).toBe(true);
  });
});

describe('shades', () => {
  it('scale by the 90th percentile, so one huge day does not pale the rest; sign for decreases', () => {
    expect(heatScale([])).toBe(0);
    expect(heatScale([1, 1, 1])).toBe(1);
    expect(heatScale([1, 2, 3, 4, 5, 6, 7, 8, 9, 1000])).toBe(9);
    expect([0, 1, 2, 3, 5, 8, 9, 1000].map((n) => heatLevel(n, 8))).toEqual([0, 1, 1, 2, 3, 4, 4, 4]);
    expect(heatLevel(-8, 8)).toBe(-4);
    expect(heatLevel(3, 0)).toBe(0);
  });
});

describe('streaks', () => {
  const days = (list: number[]) => list.map((ago): [number, number, number] => [ago, 1, 0]);

  it('days in a row in the counter’s direction: a day without a change ends a run; today not yet does not', () => {
    // +1 on each of the last 3 days before today and not yet today; an older run of 5.
    const record = recordWith(30, days([1, 2, 3, 10, 11, 12, 13, 14]));
    expect(history(record, 'twoWeeks').streak).toEqual({ kind: 'direction', direction: 'up', unit: 'day', current: 3, longest: 5, longestEnd: '2026-11-15' });
    record.append(ID, own(NOW, 1), ZONE);
    expect(history(record, 'twoWeeks').streak).toMatchObject({ current: 4 });
  });

  it('a counter that goes down (refused increments, or down in sum) counts days with a decrease', () => {
    const record = recordWith(30, [
      [2, -1, 0],
      [1, -2, 0],
      [0, 1, 0],
    ]);
    expect(history(record, 'twoWeeks', { streak: { refused: { increment: true, decrement: false }, goal: null } }).streak).toMatchObject({ direction: 'down', current: 2, longest: 2 });
    expect(history(record, 'twoWeeks').streak).toMatchObject({ direction: 'down' });
    expect(history(record, 'twoWeeks', { streak: { refused: { increment: false, decrement: true }, goal: null } }).streak).toMatchObject({ direction: 'up', current: 1 });
  });

  it('with a goal: periods in a row with the goal met, the user’s own steps only where it counts them', () => {
    const goal = (rule: GoalRule) => ({ refused: { increment: false, decrement: false }, goal: rule });
    // Two of mine a day for the last 12 days (today too); others' steps on top do not count for "mine".
    const changes: [number, number, number][] = Array.from({ length: 12 }, (_, i) => [i, 2, 5]);
    const record = recordWith(60, [...changes, [20, 1, 0]]);
    const daily = history(record, 'twoWeeks', { streak: goal(goalRule({ target: 2, period: 'day', count: 'mine' })) });
    expect(daily.streak).toEqual({ kind: 'goal', direction: 'up', unit: 'day', current: 12, longest: 12, longestEnd: '2026-11-25' });
    expect(history(record, 'twoWeeks', { streak: goal(goalRule({ target: 3, period: 'day', count: 'mine' })) }).streak).toMatchObject({ current: 0, longest: 0, longestEnd: null });
    // ISO weeks (Monday) of 14 steps: this week (3 days so far: 6) is not met yet, last week (14) was.
    const weekly = history(record, 'twoWeeks', { streak: goal(goalRule({ target: 14, period: 'week', count: 'mine' })) });
    expect(weekly.streak).toMatchObject({ unit: 'week', current: 1, longest: 1, longestEnd: '2026-11-16' });
    // An edit that resets the value is no step: it does not break or make a goal.
    record.append(ID, { kind: 'edit', at: noon(0) + 1000, by: 'you', fields: ['value'], from: 30, to: 0 }, ZONE);
    expect(history(record, 'twoWeeks', { streak: goal(goalRule({ target: 2, period: 'day', count: 'mine' })) }).streak).toMatchObject({ current: 12 });
  });
});

describe('weeks across ISO week 53 and New Year, from each first day of the week', () => {
  /** One own step a day at noon from Saturday 19 December 2026 (the record's first day) to `today`: 10 on the 31st, 100 on 1 January. */
  function stepsUntil(today: string): ActivityRecord {
    const record = new ActivityRecord();
    record.compact(instantAt(ZONE, '2026-12-19T00:30'), ZONE);
    for (let day = '2026-12-19'; day <= today; day = addDays(day, 1)) {
      const amount = day === '2026-12-31' ? 10 : day === '2027-01-01' ? 100 : 1;
      record.append(ID, own(instantAt(ZONE, `${day}T12:00`), amount), ZONE);
    }
    return record;
  }
  const week = (start: string, days: number, you: number) => ({ start, days, you, others: 0, recordedDays: days, activeDays: days });
  const weeklyGoal = { refused: { increment: false, decrement: false }, goal: goalRule({ target: 7, period: 'week', count: 'mine' }) };

  // Saturday 2 January 2027 lies in ISO week 53 of 2026, Tuesday 5 January in week 1 of 2027. Sums written out: 27 Dec to 2 Jan
  // is 4 × 1 + 10 + 100 + 1 = 115; 28 Dec to 2 Jan 114; 26 Dec to 1 Jan 5 × 1 + 10 + 100 = 115; 28 Dec to 3 Jan 115.
  it.each([
    ['en-US', 7, '2027-01-02', week('2026-12-27', 7, 115), week('2026-12-20', 7, 7), '2026-01-04'],
    ['de-DE', 1, '2027-01-02', week('2026-12-28', 6, 114), week('2026-12-21', 7, 7), '2026-01-05'],
    ['ar-EG', 6, '2027-01-02', week('2027-01-02', 1, 1), week('2026-12-26', 7, 115), '2026-01-10'],
    ['en-US', 7, '2027-01-05', week('2027-01-03', 3, 3), week('2026-12-27', 7, 115), '2026-01-11'],
    ['de-DE', 1, '2027-01-05', week('2027-01-04', 2, 2), week('2026-12-28', 7, 115), '2026-01-12'],
    ['ar-EG', 6, '2027-01-05', week('2027-01-02', 4, 4), week('2026-12-26', 7, 115), '2026-01-10'],
  ] as const)('%s (first day %i) on %s: this week, last week, the year’s columns and months; the weekly goal keeps ISO weeks', (locale, first, today, thisWeek, lastWeek, yearStart) => {
    expect(isoWeekOf(today)).toEqual(today === '2027-01-02' ? { year: 2026, week: 53, weekday: 6 } : { year: 2027, week: 1, weekday: 2 });
    const now = instantAt(ZONE, `${today}T18:00`);
    const view = history(stepsUntil(today), 'twoWeeks', { locale, now, streak: weeklyGoal });
    expect([view.firstDayOfWeek, view.today, view.stats.thisWeek, view.stats.lastWeek]).toEqual([first, today, thisWeek, lastWeek]);
    // Week 53 of 2026 (28 December to 3 January) is one period of the goal, met, whatever the locale.
    expect(view.streak).toEqual({ kind: 'goal', direction: 'up', unit: 'week', current: 2, longest: 2, longestEnd: '2026-12-28' });
    const year = history(stepsUntil(today), 'year', { locale, now });
    expect([year.days[0]?.date, year.days.length]).toEqual([yearStart, 51 * 7 + thisWeek.days]);
    // Columns of seven from the first day: each starts on the locale's first day, and New Year's Day sits in the week named above.
    expect(year.days.filter((_, i) => i % 7 === 0).every((d) => isoWeekday(d.date) === first)).toBe(true);
    const newYear = year.days.findIndex((d) => d.date === '2027-01-01');
    expect(year.days[newYear - (newYear % 7)]?.date).toBe(today === '2027-01-02' && first !== 6 ? thisWeek.start : lastWeek.start);
    expect(year.months.slice(-2).map((m) => [m.start, m.you])).toEqual([
      ['2026-12', 12 + 10],
      ['2027-01', today === '2027-01-02' ? 101 : 104],
    ]);
  });
});

describe('properties', () => {
  const change = fc.tuple(fc.integer({ min: 0, max: 420 }), fc.integer({ min: -5, max: 9 }), fc.integer({ min: -3, max: 6 }));
  const range = fc.constantFrom<HistoryRange>('twoWeeks', 'threeMonths', 'year');
  const locale = fc.constantFrom('en-US', 'de-DE', 'ar-EG', 'en-GB');

  it('hold for any record: recorded days a suffix, the value line, the sums, the shades and the longest streak', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 420 }), fc.array(change, { maxLength: 80 }), range, locale, (since, changes, r, loc) => {
        const record = recordWith(since, changes.filter(([ago]) => ago <= since));
        const view = history(record, r, { locale: loc, value: 1000 });
        const start = view.days.findIndex((d) => d.recorded);
        // Recorded days are the days from the record's first on: a suffix.
        expect(view.days.slice(start === -1 ? view.days.length : start).every((d) => d.recorded)).toBe(true);
        expect(isoWeekday(view.days[0]?.date ?? '') === view.firstDayOfWeek || r !== 'year').toBe(true);
        const recorded = view.days.filter((d) => d.recorded);
        for (let i = 1; i < recorded.length; i += 1) {
          const [a, b] = [recorded[i - 1], recorded[i]];
          if (a?.recorded && b?.recorded) expect(b.value - a.value).toBeCloseTo(b.you + b.others, 9);
        }
        const net = recorded.reduce((sum, d) => sum + (d.recorded ? d.you + d.others : 0), 0);
        expect(view.stats.you + view.stats.others).toBe(net);
        expect(view.stats.recordedDays).toBe(recorded.length);
        if (view.stats.perDay !== null) expect(view.stats.perDay * view.stats.recordedDays).toBeCloseTo(net, 9);
        if (r === 'year') {
          expect(view.months.reduce((s, m) => s + m.you + m.others, 0)).toBe(net);
          expect(view.months.reduce((s, m) => s + m.recordedDays, 0)).toBe(recorded.length);
        }
        for (const d of recorded) if (d.recorded) expect(Math.sign(d.level)).toBe(Math.sign(d.you + d.others));
        // Larger changes never get a paler shade.
        const shaded = recorded.flatMap((d) => (d.recorded && d.you + d.others > 0 ? [[d.you + d.others, d.level] as const] : [])).sort((a, b) => a[0] - b[0]);
        for (let i = 1; i < shaded.length; i += 1) expect(shaded[i]?.[1]).toBeGreaterThanOrEqual(shaded[i - 1]?.[1] ?? 0);
        // The longest run, counted the slow way over every kept day.
        const totals = record.totalsBetween(ID, view.firstRecorded ?? '', view.today, ZONE);
        let best = 0;
        let run = 0;
        for (let day = view.firstRecorded ?? ''; day <= view.today; day = addDays(day, 1)) {
          const t = totals.get(day);
          const moved = t ? t.you + t.others : 0;
          run = (view.streak?.direction === 'down' ? moved < 0 : moved > 0) ? run + 1 : 0;
          best = Math.max(best, run);
        }
        expect(view.streak?.longest).toBe(best);
        expect(view.streak?.current).toBeLessThanOrEqual(best);
      }),
      { numRuns: 150 },
    );
  });
});
