// Words for goals, milestones and resets on a row (the tray's share src-shared/i18n/goal-words.ts).
import type { GoalView } from '../../src-shared/domain/goals';
import { goalProgressText, milestoneName } from '../../src-shared/i18n/goal-words';
import { nextMilestone } from '../../src-shared/domain/milestones';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import { daysBetween } from '../../src-shared/time/calendar';

/** "Mar 5" within the coming eleven months (no other Mar 5 is meant), else "Feb 28, 2027". */
function shortDate(i18n: Translator, date: string, today?: string): string {
  const ahead = today ? daysBetween(today, date) : -1;
  return ahead >= 0 && ahead < 330 ? i18n.monthDay(date) : i18n.date(date);
}

/** "5 / 8 today", the bar's fill (0–1), and whether it is reached. */
export function goalLine(i18n: Translator, goal: GoalView | undefined): { text: string; fraction: number; reached: boolean } | undefined {
  if (!goal) return undefined;
  return { text: goalProgressText(i18n, goal), fraction: Math.min(1, Math.max(0, goal.done / goal.target)), reached: goal.done >= goal.target };
}

/** "100 days on Mar 5", "3 years today", "7 days left on Feb 22", "the day today". */
export function milestoneLine(i18n: Translator, counter: Pick<CounterState, 'type' | 'startDate' | 'endDate'>, today: string | undefined): string | undefined {
  if (!today || counter.type === 'UpDown') return undefined;
  const date = counter.type === 'FromDate' ? counter.startDate : counter.endDate;
  const next = date ? nextMilestone(counter.type, date, today) : null;
  if (!next) return undefined;
  const milestone = milestoneName(i18n, next);
  return next.date === today ? i18n.t('milestone.today', { milestone }) : i18n.t('milestone.on', { milestone, date: shortDate(i18n, next.date, today) });
}

export function resetValueText(i18n: Translator, value: number | string): string {
  return typeof value === 'number' ? i18n.number(value) : i18n.date(value);
}
