// Words for goals and milestones, one set for rows, the tray tooltip and notifications.
import type { Milestone, MilestoneCounterType } from '../domain/milestones';
import type { Translator } from './translator';

type GoalPeriodName = 'day' | 'week' | 'month';

/** "5 / 8 today". */
export function goalProgressText(i18n: Translator, goal: { done: number; target: number; period: GoalPeriodName }): string {
  return i18n.t('goal.progress', { done: i18n.number(goal.done), target: i18n.number(goal.target), period: goal.period });
}

/** "100 days", "2 years", "30 days left", or "the day". */
export function milestoneName(i18n: Translator, milestone: Milestone): string {
  if (milestone.kind === 'years') return i18n.t('milestone.years', { count: milestone.count });
  if (milestone.kind === 'days') return i18n.t('milestone.days', { count: milestone.count });
  return milestone.count === 0 ? i18n.t('milestone.theDay') : i18n.t('milestone.daysLeft', { count: milestone.count });
}

/** On the day: "100 days today", "7 days left", "Today is the day". */
export function milestoneToday(i18n: Translator, milestone: Milestone, type: MilestoneCounterType): string {
  if (type === 'ToDate' && milestone.count === 0) return i18n.t('milestone.isToday');
  return type === 'ToDate' ? milestoneName(i18n, milestone) : i18n.t('milestone.today', { milestone: milestoneName(i18n, milestone) });
}
