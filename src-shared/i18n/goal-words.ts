// Words for goals and milestones, one set for rows, the tray tooltip and notifications, so the three
// never say it differently; zod-free, so the popup bundle imports it.
import type { Milestone, MilestoneCounterType } from '../domain/milestones';
import type { Translator } from './translator';

export type GoalPeriodName = 'day' | 'week' | 'month';

/** "5 / 8 today". */
export function goalProgressText(i18n: Translator, goal: { done: number; target: number; period: GoalPeriodName }): string {
  return i18n.t('goal.progress', { done: i18n.number(goal.done), target: i18n.number(goal.target), period: goal.period });
}

/** What a milestone is: "100 days", "2 years", "30 days left", "1 day left", or "the day" itself. */
export function milestoneName(i18n: Translator, milestone: Milestone): string {
  if (milestone.kind === 'years') return i18n.t('milestone.years', { count: milestone.count });
  if (milestone.kind === 'days') return i18n.t('milestone.days', { count: milestone.count });
  return milestone.count === 0 ? i18n.t('milestone.theDay') : i18n.t('milestone.daysLeft', { count: milestone.count });
}

/** The notification's words on the milestone's day: "100 days today", "7 days left", "Today is the day". */
export function milestoneToday(i18n: Translator, milestone: Milestone, type: MilestoneCounterType): string {
  if (type === 'ToDate' && milestone.count === 0) return i18n.t('milestone.isToday');
  return type === 'ToDate' ? milestoneName(i18n, milestone) : i18n.t('milestone.today', { milestone: milestoneName(i18n, milestone) });
}
