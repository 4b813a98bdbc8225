// Goals and milestones of the running account; each is announced once: marked, written, then told.
import type { Goal, GoalPeriod, GoalView, LocalExtras } from '../../../src-shared/domain/goals';
import type { GoalRule } from '../activity/streaks';
import { daysIntoWeek } from '../../../src-shared/time/week-start';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import type { Clock } from '../../core/contract';
import { DAY_CHECK_MS } from '../../core/midnight';
import { addDays } from '../../../src-shared/time/calendar';
import { AppError } from '../../ipc/errors';
import { words } from '../../../src-shared/i18n/messages';
import type { ActivityService } from '../activity/activity-service';
import { dayKey, localInstant } from '../activity/days';
import { emptyGoals, type GoalsFile, type GoalsStorage } from './goals-file';
import type { Milestone, MilestoneCounterType } from '../../../src-shared/domain/milestones';
import { dayCounters, takeDueMilestones } from './milestone-tracker';
import type { Said } from '../../../src-shared/i18n/notice';

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
function markAnnounced(data: GoalsFile, counterId: string, period: GoalPeriod, clock: Pick<GoalClock, 'now' | 'timezone'>): boolean {
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

/** From this local hour on, on their day. */
const MORNING_HOUR = 9;

export type Announcement =
  | { kind: 'goalReached'; counterId: string; name: string; goal: Goal; done: number }
  | { kind: 'milestone'; counterId: string; name: string; type: MilestoneCounterType; milestone: Milestone };

interface GoalsServiceDeps {
  clock: Clock;
  timezone(): string;
  counters(): readonly CounterState[];
  /** Its steps, and its version for caching. */
  activity: Pick<ActivityService, 'steps' | 'version'>;
  changed(): void;
  notice(message: Said): void;
  warn(message: string): void;
  announce(announcement: Announcement): void;
}

export function createGoalsService(deps: GoalsServiceDeps) {
  let data: GoalsFile | null = null;
  let storage: GoalsStorage | null = null;
  let revision = 0;
  let writing: Promise<void> = Promise.resolve();
  let timer: unknown;
  let queued: Promise<void> | null = null;
  let stopped = false;
  let cached: { key: string; view: LocalExtras } | null = null;
  let attaching: Promise<void> = Promise.resolve();
  /** What the last milestone scan saw: a change to an UpDown counter (a click) brings none. */
  let scanned: { today: string; muted: readonly string[]; dayOnes: readonly CounterState[] } | null = null;

  const now = () => deps.clock.now();
  const clockView = () => ({ now: now(), timezone: deps.timezone(), steps: deps.activity.steps });

  function save(): Promise<void> {
    const current = data;
    const target = storage;
    revision += 1;
    if (!current || !target) return Promise.resolve();
    const text = structuredClone(current);
    writing = writing.then(() => target.save(text)).catch((error: unknown) => deps.warn(`goals not saved: ${error instanceof Error ? error.message : String(error)}`));
    return writing;
  }

  /** A new day reaches the goals through the app's day watch; a morning only where a milestone may come. */
  function mornings(current: GoalsFile): boolean {
    const muted = new Set(current.milestonesMuted);
    return deps.counters().some((c) => c.type !== 'UpDown' && !muted.has(c.id));
  }

  function schedule(): void {
    if (timer !== undefined) deps.clock.clearTimeout(timer);
    timer = undefined;
    // An idle app stays idle.
    if (!data || stopped || !mornings(data)) return;
    const zone = deps.timezone();
    const at = now();
    const today = dayKey(at, zone);
    const morning = localInstant(today, MORNING_HOUR, zone);
    const wake = morning > at ? morning : localInstant(addDays(today, 1), MORNING_HOUR, zone);
    // At most an hour at a time: the wall clock may step (a wake-up rechecks anyway).
    timer = deps.clock.setTimeout(() => {
      timer = undefined;
      void check();
    }, Math.max(1_000, Math.min(wake - at, DAY_CHECK_MS)));
  }

  async function check(): Promise<void> {
    queued = null;
    const current = data;
    if (!current || stopped) return;
    const zone = deps.timezone();
    const at = now();
    const counters = deps.counters();
    const upDown = counters.filter((c) => c.type === 'UpDown').map((c) => c.id);
    const reached = takeReachedGoals(current, upDown, clockView());
    const today = dayKey(at, zone);
    const dayOnes = counters.filter((c) => c.type !== 'UpDown');
    const seen = scanned?.today === today && scanned.muted === current.milestonesMuted && scanned.dayOnes.length === dayOnes.length && dayOnes.every((c, i) => c === scanned?.dayOnes[i]);
    const morning = at >= localInstant(today, MORNING_HOUR, zone);
    const due = morning && !seen ? takeDueMilestones(current, dayCounters(counters), today) : [];
    if (morning) scanned = { today, muted: current.milestonesMuted, dayOnes };
    schedule();
    if (reached.length === 0 && due.length === 0) return;
    // A crash in between loses an announcement, never doubles one.
    await save();
    if (current !== data || stopped) return;
    const names = new Map(counters.map((c) => [c.id, c.name]));
    for (const r of reached) deps.announce({ kind: 'goalReached', counterId: r.counterId, name: names.get(r.counterId) ?? '', goal: r.goal, done: r.done });
    for (const { counter, milestone } of due) deps.announce({ kind: 'milestone', counterId: counter.id, name: counter.name, type: counter.type, milestone });
  }

  async function attachTo(next: GoalsStorage | null): Promise<void> {
    await writing;
    data = null;
    storage = next;
    cached = null;
    revision += 1;
    schedule();
    if (!next) return;
    const loaded = await next.load().catch((error: unknown) => {
      deps.warn(`goals load failed: ${error instanceof Error ? error.message : String(error)}`);
      return { value: emptyGoals() };
    });
    if (storage !== next || stopped) return;
    data = loaded.value;
    revision += 1;
    if ('notice' in loaded && loaded.notice) {
      deps.notice(loaded.notice);
      void save(); // replace the bad file with a good one
    }
    deps.changed();
    await check();
  }

  function requireCounter(counterId: string, types: readonly CounterState['type'][]): CounterState {
    const counter = deps.counters().find((c) => c.id === counterId);
    if (!counter) throw new AppError('unknown-counter', words('counter.gone'));
    if (!types.includes(counter.type)) throw new AppError('invalid-payload', types.includes('UpDown') ? words('error.goalsForUpDown') : words('error.milestonesForDays'));
    return counter;
  }

  function putGoal(current: GoalsFile, counterId: string, goal: Goal): void {
    current.goals[counterId] = goal;
    // A goal already met this period when set is not news.
    if (goalView(counterId, goal, clockView()).done >= goal.target) markAnnounced(current, counterId, goal.period, clockView());
  }

  function requireData(): GoalsFile {
    if (!data) throw new AppError('not-signed-in', words('error.goalsNeedAccount'));
    return data;
  }

  return {
    attach(next: GoalsStorage | null): Promise<void> {
      attaching = attaching.catch(() => undefined).then(() => attachTo(next));
      return attaching;
    },

    async setGoal(counterId: string, goal: Goal | null) {
      await attaching.catch(() => undefined);
      const current = requireData();
      requireCounter(counterId, ['UpDown']);
      if (goal) putGoal(current, counterId, goal);
      else delete current.goals[counterId];
      await save();
      deps.changed();
    },

    /** What Settings' export carries, and an import or its undo puts back whole. */
    carried: (): Pick<GoalsFile, 'goals' | 'milestonesMuted'> => structuredClone({ goals: requireData().goals, milestonesMuted: requireData().milestonesMuted }),
    async carry(next: Pick<GoalsFile, 'goals' | 'milestonesMuted'>) {
      await attaching.catch(() => undefined);
      const current = requireData();
      current.goals = {};
      current.milestonesMuted = [...next.milestonesMuted];
      for (const [id, goal] of Object.entries(next.goals)) putGoal(current, id, goal);
      await save();
      deps.changed();
    },

    async muteMilestones(counterId: string, muted: boolean) {
      await attaching.catch(() => undefined);
      const current = requireData();
      requireCounter(counterId, ['FromDate', 'ToDate']);
      const others = current.milestonesMuted.filter((id) => id !== counterId);
      current.milestonesMuted = muted ? [...others, counterId] : others;
      await save();
      deps.changed();
      if (!muted) await check();
    },

    view(): LocalExtras {
      const zone = deps.timezone();
      const at = now();
      const today = dayKey(at, zone);
      const current = data;
      const withGoals = current ? deps.counters().filter((c) => c.type === 'UpDown' && current.goals[c.id]) : [];
      // The same object until something it reads changes.
      const key = `${revision}|${deps.activity.version()}|${zone}|${today}|${withGoals.map((c) => c.id).join(',')}`;
      if (cached?.key === key) return cached.view;
      const goals: Record<string, GoalView> = {};
      const clock = clockView();
      for (const counter of withGoals) goals[counter.id] = goalView(counter.id, current!.goals[counter.id]!, clock);
      const view: LocalExtras = { goals, milestonesMuted: current ? [...current.milestonesMuted] : [], today };
      cached = { key, view };
      return view;
    },

    /** Check soon; resolves once that check (write and announcements) is done. */
    recheck(): Promise<void> {
      if (!data) return Promise.resolve();
      queued ??= Promise.resolve().then(check);
      return queued;
    },

    async stop() {
      stopped = true;
      await attaching.catch(() => undefined);
      if (timer !== undefined) deps.clock.clearTimeout(timer);
      timer = undefined;
      await writing;
    },
  };
}
