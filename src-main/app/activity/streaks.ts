// Streaks: days with a change in the counter's direction, or periods with its goal met; today not met
// (yet) does not end a run that reached yesterday.
import type { GoalPeriod } from '../../../src-shared/domain/goals';
import type { Streak } from '../../../src-shared/domain/history';
import { addDays, daysBetween } from '../../../src-shared/time/calendar';
import { daysIntoWeek } from '../../../src-shared/time/week-start';
import { consecutiveDays, type DayTotal } from './days';

export type Direction = Streak['direction'];

export interface GoalRule {
  period: GoalPeriod;
  met(steps: DayTotal): boolean;
}

const net = (total: DayTotal | undefined) => (total ? total.you + total.others : 0);

/** The current run (today's period, or the last if it is not met yet) and the longest. */
function runs(met: readonly boolean[], keys: readonly string[]): Pick<Streak, 'current' | 'longest' | 'longestEnd'> {
  let longest = 0;
  let longestEnd: string | null = null;
  let run = 0;
  for (let i = 0; i < met.length; i += 1) {
    run = met[i] ? run + 1 : 0;
    // ">=": of two runs as long, the later one is named.
    if (run > 0 && run >= longest) [longest, longestEnd] = [run, keys[i] ?? null];
  }
  let current = 0;
  let i = met.length - 1;
  if (i >= 0 && !met[i]) i -= 1; // the period in force is not over yet
  while (i >= 0 && met[i]) [current, i] = [current + 1, i - 1];
  return { current, longest, longestEnd };
}

export function directionStreak(totals: ReadonlyMap<string, DayTotal>, firstDay: string, today: string, direction: Direction): Streak {
  const keys = consecutiveDays(firstDay, Math.max(0, daysBetween(firstDay, today) + 1));
  const met = keys.map((key) => (direction === 'up' ? net(totals.get(key)) > 0 : net(totals.get(key)) < 0));
  return { kind: 'direction', direction, unit: 'day', ...runs(met, keys) };
}

/** Days, ISO weeks from Monday as goals count them, or calendar months. */
export function goalStreak(steps: ReadonlyMap<string, DayTotal>, firstDay: string, today: string, goal: GoalRule, direction: Direction): Streak {
  const keys = consecutiveDays(firstDay, Math.max(0, daysBetween(firstDay, today) + 1));
  const periods: string[] = [];
  const sums: DayTotal[] = [];
  for (const key of keys) {
    const period = periodOf(key, goal.period);
    if (periods[periods.length - 1] !== period) {
      periods.push(period);
      sums.push({ you: 0, others: 0 });
    }
    const add = steps.get(key);
    const sum = sums[sums.length - 1] as DayTotal;
    if (add) [sum.you, sum.others] = [sum.you + add.you, sum.others + add.others];
  }
  return { kind: 'goal', direction, unit: goal.period, ...runs(sums.map((sum) => goal.met(sum)), periods) };
}

function periodOf(day: string, period: GoalPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return day.slice(0, 7);
  return addDays(day, -daysIntoWeek(day, 1));
}
