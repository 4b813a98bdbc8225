// Words for goals, milestones and resets on a row (issue 28). The shared words
// (src-shared/domain/goal-words.ts) are the tray's and the notifications' too.
import type { GoalView, ResetOffer } from '../../src-shared/domain/goals';
import { goalProgressText, milestoneName } from '../../src-shared/domain/goal-words';
import { nextMilestone } from '../../src-shared/domain/milestones';
import type { CounterState } from '../../src-shared/domain/snapshot';

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const DAY_MS = 86_400_000;

/** "Mar 5" within the coming eleven months (no other Mar 5 is meant), else "Feb 28, 2027". */
export function shortDate(date: string, today?: string): string {
  const when = new Date(`${date}T00:00:00Z`);
  const ahead = today ? (when.getTime() - Date.parse(`${today}T00:00:00Z`)) / DAY_MS : -1;
  return (ahead >= 0 && ahead < 330 ? monthDay : monthDayYear).format(when);
}

/** The row's goal: "5 / 8 today", how full its bar is (0–1), and whether it is reached. */
export interface GoalLine {
  text: string;
  fraction: number;
  reached: boolean;
}

export function goalLine(goal: GoalView | undefined): GoalLine | undefined {
  if (!goal) return undefined;
  return { text: goalProgressText(goal), fraction: Math.min(1, Math.max(0, goal.done / goal.target)), reached: goal.done >= goal.target };
}

/** The next milestone of a day counter: "100 days on Mar 5", "3 years today", "7 days left on Feb 22", "the day: today". */
export function milestoneLine(counter: Pick<CounterState, 'type' | 'startDate' | 'endDate'>, today: string | undefined): string | undefined {
  if (!today || counter.type === 'UpDown') return undefined;
  const date = counter.type === 'FromDate' ? counter.startDate : counter.endDate;
  const next = date ? nextMilestone(counter.type, date, today) : null;
  if (!next) return undefined;
  return `${milestoneName(next)} ${next.date === today ? 'today' : `on ${shortDate(next.date, today)}`}`;
}

/** A reset's earlier value as the user reads it: 42, or "Feb 29, 2024". */
export function resetValueText(value: number | string): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : shortDate(value);
}

/** "reset to 0", "started again": what the row's chip says before "Undo". */
export function resetChipText(offer: Pick<ResetOffer, 'kind'>): string {
  return offer.kind === 'reset' ? 'reset to 0' : 'started again';
}
