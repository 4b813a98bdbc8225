// Words for goals and milestones (issue 28), one set for the popup's rows, the tray tooltip
// and the notifications, so the three never say it differently. Zod-free: the popup bundle
// imports it. (Issue 27 moves these into the English/German catalog.)
import type { Milestone, MilestoneCounterType } from './milestones';

export type GoalPeriodName = 'day' | 'week' | 'month';

/** "today", "this week", "this month". */
export const PERIOD_NOW: Record<GoalPeriodName, string> = { day: 'today', week: 'this week', month: 'this month' };

/** "5 / 8 today": this period's progress against the target. */
export function goalProgressText(goal: { done: number; target: number; period: GoalPeriodName }): string {
  return `${goal.done.toLocaleString('en-US')} / ${goal.target.toLocaleString('en-US')} ${PERIOD_NOW[goal.period]}`;
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** What a milestone is: "100 days", "2 years", "30 days left", "1 day left", or "the day" itself. */
export function milestoneName(milestone: Milestone): string {
  if (milestone.kind === 'years') return plural(milestone.count, 'year', 'years');
  if (milestone.kind === 'days') return plural(milestone.count, 'day', 'days');
  return milestone.count === 0 ? 'the day' : `${plural(milestone.count, 'day', 'days')} left`;
}

/** The notification's words on the milestone's day: "100 days today", "7 days left", "Today is the day". */
export function milestoneToday(milestone: Milestone, type: MilestoneCounterType): string {
  if (type === 'ToDate' && milestone.count === 0) return 'Today is the day';
  return type === 'ToDate' ? milestoneName(milestone) : `${milestoneName(milestone)} today`;
}
