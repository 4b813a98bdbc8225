// Goals of UpDown counters: progress is read from the activity record, never counted a second time
// (an edit of the value is no step), over a period of calendar days in the zone in force: a 23- or
// 25-hour DST day is one day, and after a change of zone the period is the one the wall clock says.
import type { Goal, GoalPeriod, GoalView } from '../../../src-shared/domain/goals';
import type { GoalRule } from '../activity/streaks';
import type { GoalsFile } from './goals-file';
import { addDays } from '../../../src-shared/time/calendar';
import { daysIntoWeek } from '../../../src-shared/time/week-start';
import { dayKey } from '../activity/days';

export interface Steps {
  you: number;
  others: number;
}

export interface GoalClock {
  now: number;
  timezone: string;
  steps(counterId: string, fromDay: string): Steps;
}

interface ReachedGoal {
  counterId: string;
  goal: Goal;
  done: number;
}

export function periodStart(period: GoalPeriod, at: number, timezone: string): string {
  const today = dayKey(at, timezone);
  if (period === 'day') return today;
  if (period === 'month') return `${today.slice(0, 8)}01`;
  return addDays(today, -daysIntoWeek(today, 1));
}

function progressOf(goal: Goal, steps: Steps): number {
  if (goal.count === 'mine') return steps.you;
  if (goal.count === 'others') return steps.others;
  return steps.you + steps.others;
}

/** A goal as the history's streak rule (activity/streaks.ts). */
export function goalRule(goal: Goal): GoalRule {
  return { period: goal.period, met: (steps) => progressOf(goal, steps) >= goal.target };
}

export function goalView(counterId: string, goal: Goal, clock: GoalClock): GoalView {
  return { ...goal, done: progressOf(goal, clock.steps(counterId, periodStart(goal.period, clock.now, clock.timezone))) };
}

/** False when the period in force already holds the last announcement (one by a clock ahead silences only its later period). */
export function markAnnounced(data: GoalsFile, counterId: string, period: GoalPeriod, clock: Pick<GoalClock, 'now' | 'timezone'>): boolean {
  const announced = data.announced.goals[counterId] ?? {};
  const last = announced[period];
  if (last !== undefined && periodStart(period, last, clock.timezone) === periodStart(period, clock.now, clock.timezone)) return false;
  data.announced.goals[counterId] = { ...announced, [period]: clock.now };
  return true;
}

/** Reached this period and not announced in it; marks them (saved before the user is told). */
export function takeReachedGoals(data: GoalsFile, counterIds: Iterable<string>, clock: GoalClock): ReachedGoal[] {
  const reached: ReachedGoal[] = [];
  for (const counterId of counterIds) {
    const goal = data.goals[counterId];
    if (!goal) continue;
    const view = goalView(counterId, goal, clock);
    if (view.done >= goal.target && markAnnounced(data, counterId, goal.period, clock)) reached.push({ counterId, goal, done: view.done });
  }
  return reached;
}
