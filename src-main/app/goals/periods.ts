// A goal's period in the zone in force: calendar days, never hours, so a 23- or 25-hour DST day is
// one day and after a change of zone the period is the one the wall clock now says.
import type { GoalPeriod } from '../../../src-shared/domain/goals';
import { addDays } from '../../../src-shared/time/calendar';
import { daysIntoWeek } from '../../../src-shared/time/week-start';
import { dayKey } from '../activity/days';

export function periodStart(period: GoalPeriod, at: number, timezone: string): string {
  const today = dayKey(at, timezone);
  if (period === 'day') return today;
  if (period === 'month') return `${today.slice(0, 8)}01`;
  return addDays(today, -daysIntoWeek(today, 1));
}
