// Goals of UpDown counters: how far this period got, and which goals were
// reached and not yet announced. Progress is read from the activity record (the one
// count the app keeps), never counted a second time: the net steps of the period, yours,
// others' or both. Edits of the value (a reset to 0 included) set a value and are no
// steps, so they do not count (see ActivityRecord.stepsBetween).
import type { Goal, GoalPeriod, GoalView } from '../../../src-shared/domain/goals';
import type { GoalRule } from '../activity/streaks';
import type { ExtrasFile } from './extras-file';
import { periodStart } from './periods';

export interface Steps {
  you: number;
  others: number;
}

export interface GoalClock {
  now: number;
  timezone: string;
  /** Net steps on a counter from the local day `fromDay` to today (the activity record's: ActivityService.steps). */
  steps(counterId: string, fromDay: string): Steps;
}

export interface ReachedGoal {
  counterId: string;
  goal: Goal;
  done: number;
}

export function progressOf(goal: Goal, steps: Steps): number {
  if (goal.count === 'mine') return steps.you;
  if (goal.count === 'others') return steps.others;
  return steps.you + steps.others;
}

/** A goal as the history's streak rule (activity/streaks.ts): a period's steps meet it when their progress reaches the target. */
export function goalRule(goal: Goal): GoalRule {
  return { period: goal.period, met: (steps) => progressOf(goal, steps) >= goal.target };
}

export function goalView(counterId: string, goal: Goal, clock: GoalClock): GoalView {
  return { ...goal, done: progressOf(goal, clock.steps(counterId, periodStart(goal.period, clock.now, clock.timezone))) };
}

/**
 * Marks the period in force as announced; false when it already was: it holds the last
 * announcement (in the zone in force now). One stamped by a clock that was ahead holds a
 * later period, and silences only that one.
 */
export function markAnnounced(data: ExtrasFile, counterId: string, period: GoalPeriod, clock: Pick<GoalClock, 'now' | 'timezone'>): boolean {
  const announced = data.announced.goals[counterId] ?? {};
  const last = announced[period];
  if (last !== undefined && periodStart(period, last, clock.timezone) === periodStart(period, clock.now, clock.timezone)) return false;
  data.announced.goals[counterId] = { ...announced, [period]: clock.now };
  return true;
}

/**
 * The goals of `counterIds` that reached their target this period and were not announced
 * in it yet. Marks them announced in `data` (the caller saves before telling the user, so
 * a restart never announces one twice).
 */
export function takeReachedGoals(data: ExtrasFile, counterIds: Iterable<string>, clock: GoalClock): ReachedGoal[] {
  const reached: ReachedGoal[] = [];
  for (const counterId of counterIds) {
    const goal = data.goals[counterId];
    if (!goal) continue;
    const view = goalView(counterId, goal, clock);
    if (view.done >= goal.target && markAnnounced(data, counterId, goal.period, clock)) reached.push({ counterId, goal, done: view.done });
  }
  return reached;
}
