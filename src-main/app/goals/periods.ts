// A goal's period in the user's zone: the local day, the ISO week (Monday first)
// or the calendar month holding an instant. Periods are calendar days counted in the zone in
// force, never hours: a 23- or 25-hour day around a DST change is one day, and after a
// change of zone the period is the one the clock on the wall now says.
import type { GoalPeriod } from '../../../src-shared/domain/goals';
import { dayKey, shiftDay } from '../activity/days';

/** The first local day (YYYY-MM-DD) of the period that holds `at` in `timezone`. */
export function periodStart(period: GoalPeriod, at: number, timezone: string): string {
  const today = dayKey(at, timezone);
  if (period === 'day') return today;
  if (period === 'month') return `${today.slice(0, 8)}01`;
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return shiftDay(today, (weekday + 6) % 7);
}
