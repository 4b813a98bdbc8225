// Goal periods and local times in the user's zone: days of 23 and 25 hours, a day that starts
// at 01:00, weeks and months across DST changes and ISO week 53, and the same instant in two
// zones that disagree about the day, the week or the month.
import { describe, expect, it } from 'vitest';
import { isoInZone, localInstant } from '../../../../src-main/app/activity/days';
import { ActivityRecord } from '../../../../src-main/app/activity/record';
import { emptyGoals } from '../../../../src-main/app/goals/goals-file';
import { goalView, periodStart, takeReachedGoals, type GoalClock } from '../../../../src-main/app/goals/goals-service';
import type { GoalPeriod } from '../../../../src-shared/domain/goals';
import { dateIn, instantAt, isoWeekOf, startOfDay } from '../../../support/day-oracle';

const periodKey = (period: 'day' | 'week' | 'month', t: number, zone: string) => `${period}:${periodStart(period, t, zone)}`;

const at = (iso: string) => Date.parse(iso);

describe('periods across DST changes', () => {
  it('a 23-hour day (DST starts in Europe/Berlin) is one day from its first to its last second', () => {
    const first = at('2026-03-28T23:00:00Z'); // 00:00 CET on Sunday 29 March
    const last = at('2026-03-29T21:59:59Z'); // 23:59:59 CEST, 23 hours later
    for (const t of [first, at('2026-03-29T01:00:00Z'), last]) expect(periodStart('day', t, 'Europe/Berlin')).toBe('2026-03-29');
    expect(periodStart('day', first - 1000, 'Europe/Berlin')).toBe('2026-03-28');
    expect(periodStart('day', last + 1000, 'Europe/Berlin')).toBe('2026-03-30');
    // Sunday closes the ISO week that began on Monday 23 March; Monday 30 March opens the next.
    expect(periodKey('week', last, 'Europe/Berlin')).toBe('week:2026-03-23');
    expect(periodKey('week', last + 1000, 'Europe/Berlin')).toBe('week:2026-03-30');
  });

  it('a 25-hour day (DST ends in Europe/Berlin) is one day, and its hour that happens twice belongs to it', () => {
    const first = at('2026-10-24T22:00:00Z'); // 00:00 CEST on Sunday 25 October
    const repeated = [at('2026-10-25T00:30:00Z'), at('2026-10-25T01:30:00Z')]; // 02:30 CEST and 02:30 CET
    const last = at('2026-10-25T22:59:59Z'); // 23:59:59 CET, 25 hours after the start
    for (const t of [first, ...repeated, last]) expect(periodStart('day', t, 'Europe/Berlin')).toBe('2026-10-25');
    expect(periodStart('day', last + 1000, 'Europe/Berlin')).toBe('2026-10-26');
  });

  it('a day that starts at 01:00 because DST swallowed midnight (America/Santiago)', () => {
    // Chile moves 00:00 → 01:00 on Sunday 6 September 2026: 04:00Z is 01:00 -03.
    expect(isoInZone(at('2026-09-06T03:59:59Z'), 'America/Santiago')).toBe('2026-09-05T23:59:59-04:00');
    expect(isoInZone(at('2026-09-06T04:00:00Z'), 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
    expect(periodStart('day', at('2026-09-06T04:00:00Z'), 'America/Santiago')).toBe('2026-09-06');
    expect(periodStart('day', at('2026-09-06T03:59:59Z'), 'America/Santiago')).toBe('2026-09-05');
  });

  it('a month that begins on a DST change (America/New_York, 1 November 2026)', () => {
    expect(periodKey('month', at('2026-11-01T03:59:59Z'), 'America/New_York')).toBe('month:2026-10-01'); // 23:59:59 EDT on 31 October
    expect(periodKey('month', at('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('month:2026-11-01');
    expect(periodKey('month', at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('month:2026-11-01'); // 01:30 EST, the repeated hour
  });
});

describe('ISO week 53 and the year boundary', () => {
  it.each([2020, 2026])('week 53 of %i, Monday 28 December to Sunday 3 January, is one week in any zone; Monday 4 January opens the next', (year) => {
    const [monday, newYear, sunday, next] = [`${year}-12-28`, `${year + 1}-01-01`, `${year + 1}-01-03`, `${year + 1}-01-04`];
    expect([monday, sunday, next].map(isoWeekOf)).toEqual([
      { year, week: 53, weekday: 1 },
      { year, week: 53, weekday: 7 },
      { year: year + 1, week: 1, weekday: 1 },
    ]);
    for (const zone of ['Europe/Berlin', 'Pacific/Kiritimati', 'America/Santiago', 'Asia/Kathmandu']) {
      const [first, end] = [startOfDay(zone, monday), startOfDay(zone, next)];
      expect(periodStart('week', first - 1, zone), zone).toBe(`${year}-12-21`);
      for (const t of [first, startOfDay(zone, newYear), end - 1]) expect(periodStart('week', t, zone), zone).toBe(monday);
      expect(periodStart('week', end, zone), zone).toBe(next);
      expect([periodStart('month', startOfDay(zone, newYear) - 1, zone), periodStart('month', end - 1, zone)], zone).toEqual([`${year}-12-01`, `${year + 1}-01-01`]);
    }
  });

  it('a weekly goal counts week 53 across New Year and is reached once in it; a monthly one starts again on 1 January', () => {
    const zone = 'Europe/Berlin';
    const id = 'coffee';
    const record = new ActivityRecord();
    const steps: [string, number][] = [
      ['2026-12-27T23:59', 1], // the last minute of week 52
      ['2026-12-28T00:00', 2], // week 53 begins
      ['2026-12-31T23:59', 4],
      ['2027-01-01T00:00', 8],
      ['2027-01-03T23:59', 16], // the last minute of week 53
      ['2027-01-04T00:00', 32], // week 1 of 2027
    ];
    for (const [local, amount] of steps) record.append(id, { kind: 'own', at: instantAt(zone, local), amount, outcome: 'applied', sources: { popup: amount } }, zone);
    const clock = (local: string): GoalClock => {
      const now = instantAt(zone, local) + 30_000;
      return { now, timezone: zone, steps: (counterId, fromDay) => record.stepsBetween(counterId, fromDay, dateIn(zone, now), zone) };
    };
    const done = (period: GoalPeriod, local: string) => goalView(id, { target: 30, period, count: 'all' }, clock(local)).done;
    // Written out: week 52 holds 1; week 53 holds 2 + 4 + 8 + 16 = 30; December 1 + 2 + 4 = 7; January to the 3rd 8 + 16 = 24.
    expect(['2026-12-27T23:59', '2026-12-31T23:59', '2027-01-03T23:59', '2027-01-04T00:00'].map((local) => [done('week', local), done('month', local), done('day', local)])).toEqual([
      [1, 1, 1],
      [6, 7, 4],
      [30, 24, 16],
      [32, 56, 32],
    ]);
    const extras = emptyGoals();
    extras.goals[id] = { target: 30, period: 'week', count: 'all' };
    const reached = (local: string) => takeReachedGoals(extras, [id], clock(local)).map((r) => r.done);
    expect([reached('2027-01-03T23:59'), reached('2027-01-03T23:59'), reached('2027-01-04T00:00')]).toEqual([[30], [], [32]]);
  });
});

describe('periods across changes of time zone', () => {
  it('the same instant is another day, week and month on the other side of the date line', () => {
    const t = at('2026-02-28T22:30:00Z'); // Saturday evening in Berlin, Sunday 1 March noon in Kiritimati
    expect(periodKey('day', t, 'Europe/Berlin')).toBe('day:2026-02-28');
    expect(periodKey('day', t, 'Pacific/Kiritimati')).toBe('day:2026-03-01');
    expect(periodKey('month', t, 'Europe/Berlin')).toBe('month:2026-02-01');
    expect(periodKey('month', t, 'Pacific/Kiritimati')).toBe('month:2026-03-01');
    expect(periodKey('week', t, 'Europe/Berlin')).toBe('week:2026-02-23');
    expect(periodKey('week', t, 'Pacific/Kiritimati')).toBe('week:2026-02-23'); // Sunday still ends that week
    expect(periodKey('week', at('2026-03-01T10:30:00Z'), 'Pacific/Kiritimati')).toBe('week:2026-03-02'); // Monday there, Sunday in Berlin
    expect(periodKey('week', at('2026-03-01T10:30:00Z'), 'Europe/Berlin')).toBe('week:2026-02-23');
  });
});

describe('local times', () => {
  it('ISO 8601 with the offset in force at that instant, including half and quarter hours', () => {
    expect(isoInZone(at('2026-07-01T10:42:07Z'), 'Europe/Berlin')).toBe('2026-07-01T12:42:07+02:00');
    expect(isoInZone(at('2026-01-01T10:42:07Z'), 'Europe/Berlin')).toBe('2026-01-01T11:42:07+01:00');
    expect(isoInZone(at('2026-01-01T10:42:07Z'), 'Asia/Kathmandu')).toBe('2026-01-01T16:27:07+05:45');
    expect(isoInZone(at('2026-01-01T10:42:07Z'), 'America/St_Johns')).toBe('2026-01-01T07:12:07-03:30');
    expect(isoInZone(at('2026-01-01T10:42:07Z'), 'UTC')).toBe('2026-01-01T10:42:07Z');
    expect(isoInZone(at('2026-01-01T10:42:07Z'), 'Pacific/Kiritimati')).toBe('2026-01-02T00:42:07+14:00');
  });

  it('the local morning of a day, on either side of a DST change', () => {
    expect(new Date(localInstant('2026-03-28', 9, 'Europe/Berlin')).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(new Date(localInstant('2026-03-29', 9, 'Europe/Berlin')).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(new Date(localInstant('2026-10-25', 9, 'Europe/Berlin')).toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(new Date(localInstant('2026-09-06', 9, 'America/Santiago')).toISOString()).toBe('2026-09-06T12:00:00.000Z');
    expect(new Date(localInstant('2026-03-01', 9, 'Pacific/Kiritimati')).toISOString()).toBe('2026-02-28T19:00:00.000Z');
    expect(new Date(localInstant('2026-03-01', 0, 'Asia/Kathmandu')).toISOString()).toBe('2026-02-28T18:15:00.000Z');
  });
});
