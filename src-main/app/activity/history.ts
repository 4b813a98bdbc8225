// One counter's history over a range, pure (README.md, Activity).
import type { ActivityHistory, HistoryDay, HistoryRange, HistoryStats, PeriodTotal, Streak } from '../../../src-shared/domain/history';
import { HEAT_LEVELS } from '../../../src-shared/domain/history';
import { addDays, daysBetween } from '../../../src-shared/time/calendar';
import { daysIntoWeek, type IsoWeekday } from '../../../src-shared/time/week-start';
import { consecutiveDays, type DayTotal } from './days';
import { directionStreak, goalStreak, type Direction, type GoalRule } from './streaks';

export interface HistoryInput {
  counterId: string;
  range: HistoryRange;
  today: string;
  firstDayOfWeek: IsoWeekday;
  firstRecorded: string;
  /** The value line is worked back from it. */
  currentValue: number;
  totalsBetween(from: string, until: string, stepsOnly: boolean): ReadonlyMap<string, DayTotal>;
  /** Null for a day counter: no streak is invented for the calendar. */
  streak: { refused: { increment: boolean; decrement: boolean }; goal: GoalRule | null } | null;
}

/** 14 days, 13 weeks, or the 52 week columns ending with this week. */
function rangeStart(range: HistoryRange, today: string, firstDayOfWeek: IsoWeekday): string {
  switch (range) {
    case 'twoWeeks':
      return addDays(today, -13);
    case 'threeMonths':
      return addDays(today, -90);
    case 'year':
      return addDays(weekStart(today, firstDayOfWeek), -51 * 7);
  }
}

const weekStart = (day: string, firstDayOfWeek: IsoWeekday) => addDays(day, -daysIntoWeek(day, firstDayOfWeek));

const netOf = (total: DayTotal) => total.you + total.others;

export function computeHistory(input: HistoryInput): ActivityHistory {
  const { today, firstRecorded, firstDayOfWeek } = input;
  const start = rangeStart(input.range, today, firstDayOfWeek);
  const thisWeek = weekStart(today, firstDayOfWeek);
  const lastWeek = addDays(thisWeek, -7);
  const from = [start, lastWeek, firstRecorded].reduce((a, b) => (b < a ? b : a));
  const totals = input.totalsBetween(from, today, false);
  const total = (day: string) => totals.get(day) ?? { you: 0, others: 0 };
  // A change kept from before the record began (a clock behind) shows on its own day.
  const recorded = (day: string) => day >= firstRecorded || totals.has(day);

  const keys = consecutiveDays(start, daysBetween(start, today) + 1);
  const changes = keys.filter(recorded).map((day) => Math.abs(netOf(total(day)))).filter((n) => n > 0);
  const scale = heatScale(changes);
  const days: HistoryDay[] = new Array(keys.length);
  let value = input.currentValue;
  for (let i = keys.length - 1; i >= 0; i -= 1) {
    const date = keys[i] as string;
    if (!recorded(date)) {
      days[i] = { date, recorded: false };
      continue;
    }
    const { you, others } = total(date);
    days[i] = { date, recorded: true, you, others, value, level: heatLevel(you + others, scale) };
    value -= you + others;
  }

  const direction = input.streak ? directionOf(input.streak.refused, totals) : 'up';
  return {
    counterId: input.counterId,
    range: input.range,
    today,
    firstDayOfWeek,
    firstRecorded,
    days,
    stats: statsOf(days, direction, periodTotal(lastWeek, consecutiveDays(lastWeek, 7), total, recorded), periodTotal(thisWeek, consecutiveDays(thisWeek, daysBetween(thisWeek, today) + 1), total, recorded)),
    streak: input.streak ? streakOf(input, totals, direction) : null,
    months: input.range === 'year' ? monthsOf(keys, total, recorded) : [],
    scale,
  };
}

/** The 90th percentile of the days' changes, so one huge day does not pale all others. */
export function heatScale(changes: readonly number[]): number {
  if (changes.length === 0) return 0;
  const sorted = [...changes].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.9) - 1] as number;
}

/** 0 for no change; ±1 … ±4 by size against the scale. */
export function heatLevel(net: number, scale: number): number {
  if (net === 0 || scale <= 0) return 0;
  const level = Math.min(HEAT_LEVELS, Math.max(1, Math.ceil((HEAT_LEVELS * Math.abs(net)) / scale)));
  return Math.sign(net) * level;
}

/** A refused direction says it (docs/api.md O9); else the kept days' sum. */
function directionOf(refused: { increment: boolean; decrement: boolean }, totals: ReadonlyMap<string, DayTotal>): Direction {
  if (refused.decrement && !refused.increment) return 'up';
  if (refused.increment && !refused.decrement) return 'down';
  let sum = 0;
  for (const day of totals.values()) sum += netOf(day);
  return sum < 0 ? 'down' : 'up';
}

function periodTotal(start: string, days: readonly string[], total: (day: string) => DayTotal, recorded: (day: string) => boolean): PeriodTotal {
  const sum: PeriodTotal = { start, days: days.length, you: 0, others: 0, recordedDays: 0, activeDays: 0 };
  for (const day of days) {
    if (!recorded(day)) continue;
    const { you, others } = total(day);
    sum.you += you;
    sum.others += others;
    sum.recordedDays += 1;
    if (you !== 0 || others !== 0) sum.activeDays += 1;
  }
  return sum;
}

function statsOf(days: readonly HistoryDay[], direction: Direction, lastWeek: PeriodTotal, thisWeek: PeriodTotal): HistoryStats {
  const stats: HistoryStats = { recordedDays: 0, activeDays: 0, you: 0, others: 0, perDay: null, perWeek: null, best: null, thisWeek, lastWeek };
  for (const day of days) {
    if (!day.recorded) continue;
    stats.recordedDays += 1;
    stats.you += day.you;
    stats.others += day.others;
    if (day.you !== 0 || day.others !== 0) stats.activeDays += 1;
    const net = day.you + day.others;
    const better = direction === 'up' ? net > 0 && net >= (stats.best?.net ?? 0) : net < 0 && net <= (stats.best?.net ?? 0);
    if (better) stats.best = { date: day.date, net };
  }
  if (stats.recordedDays > 0) {
    stats.perDay = (stats.you + stats.others) / stats.recordedDays;
    // Fewer than a week recorded: "per week" would be a guess from a few days.
    stats.perWeek = stats.recordedDays >= 7 ? stats.perDay * 7 : null;
  }
  return stats;
}

function monthsOf(keys: readonly string[], total: (day: string) => DayTotal, recorded: (day: string) => boolean): PeriodTotal[] {
  const months: PeriodTotal[] = [];
  let first = 0;
  for (let i = 1; i <= keys.length; i += 1) {
    const month = (keys[first] as string).slice(0, 7);
    if (i < keys.length && (keys[i] as string).startsWith(month)) continue;
    months.push({ ...periodTotal('', keys.slice(first, i), total, recorded), start: month });
    first = i;
  }
  return months;
}

function streakOf(input: HistoryInput, totals: ReadonlyMap<string, DayTotal>, direction: Direction): Streak {
  const goal = input.streak?.goal;
  if (goal) return goalStreak(input.totalsBetween(input.firstRecorded, input.today, true), input.firstRecorded, input.today, goal, direction);
  return directionStreak(totals, input.firstRecorded, input.today, direction);
}
