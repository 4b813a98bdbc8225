// One counter's history, computed by main from the activity record: the service keeps none
// (docs/api.md), so a day before the record began is "not recorded", never zero.
import { z } from 'zod';
import { IsoDate } from '../api/schemas';

export const HistoryRange = z.enum(['twoWeeks', 'threeMonths', 'year']);
export type HistoryRange = z.infer<typeof HistoryRange>;

const MAX_HISTORY_DAYS = 364;
/** Shades of a day's change in the heatmap: ±1 (small) … ±4 (large). */
export const HEAT_LEVELS = 4;

const Day = IsoDate;
const Count = z.int().min(0).max(MAX_HISTORY_DAYS * 2);
const WeekdayNumber = z.int().min(1).max(7);

export const HistoryDay = z.discriminatedUnion('recorded', [
  z.object({
    date: Day,
    recorded: z.literal(true),
    you: z.number(),
    others: z.number(),
    /** At the end of the day (today: now), worked back from the current value. */
    value: z.number(),
    level: z.int().min(-HEAT_LEVELS).max(HEAT_LEVELS),
  }),
  /** Before the record began or older than it keeps: not even "no change" is known. */
  z.object({ date: Day, recorded: z.literal(false) }),
]);
export type HistoryDay = z.infer<typeof HistoryDay>;

export const PeriodTotal = z.object({
  /** The first day (a week) or YYYY-MM (a month). */
  start: z.string().max(10),
  /** Up to today. */
  days: Count,
  you: z.number(),
  others: z.number(),
  recordedDays: Count,
  /** Recorded days with a change. */
  activeDays: Count,
});
export type PeriodTotal = z.infer<typeof PeriodTotal>;

export const HistoryStats = z.object({
  recordedDays: Count,
  activeDays: Count,
  you: z.number(),
  others: z.number(),
  /** Null when no day was recorded (per week: fewer than 7). */
  perDay: z.number().nullable(),
  perWeek: z.number().nullable(),
  /** The day that moved most in the counter's direction. */
  best: z.object({ date: Day, net: z.number() }).nullable(),
  /** From the locale's first day of the week, whatever the range. */
  thisWeek: PeriodTotal,
  lastWeek: PeriodTotal,
});
export type HistoryStats = z.infer<typeof HistoryStats>;

/** UpDown only: goal periods or direction days in a row; `current` still counts a run that reached yesterday. */
export const Streak = z.object({
  kind: z.enum(['goal', 'direction']),
  direction: z.enum(['up', 'down']),
  unit: z.enum(['day', 'week', 'month']),
  current: Count,
  longest: Count,
  /** The last period of the latest longest run. */
  longestEnd: z.string().max(10).nullable(),
});
export type Streak = z.infer<typeof Streak>;

export const ActivityHistory = z.object({
  counterId: z.string(),
  range: HistoryRange,
  today: Day,
  /** 1 = Monday … 7 = Sunday; the year view starts on it. */
  firstDayOfWeek: WeekdayNumber,
  firstRecorded: Day.nullable(),
  days: z.array(HistoryDay).min(1).max(MAX_HISTORY_DAYS),
  stats: HistoryStats,
  streak: Streak.nullable(),
  /** The year only: the grid's text alternative. */
  months: z.array(PeriodTotal).max(13),
  /** The change the top shade stands for. */
  scale: z.number().min(0),
});
export type ActivityHistory = z.infer<typeof ActivityHistory>;
