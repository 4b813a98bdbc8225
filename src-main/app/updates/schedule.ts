// When a copy asks its feed for a new version, each check late by a random amount so a release does
// not bring every copy at once.
import type { Clock } from '../../core/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const UPDATE_SCHEDULE = {
  /** The app starts, connects and settles first. */
  afterLaunchMs: 3 * MINUTE,
  periodMs: 24 * HOUR,
  /** Uniform in [0, jitterMs). At least an hour. */
  jitterMs: 90 * MINUTE,
} as const;

export type Random = () => number;

export type UpdateSchedule = { readonly [K in keyof typeof UPDATE_SCHEDULE]: number };

const jitter = (random: Random, schedule: UpdateSchedule) => Math.floor(Math.min(Math.max(random(), 0), 0.999_999_999) * schedule.jitterMs);

export const firstCheckDelay = (random: Random, schedule: UpdateSchedule = UPDATE_SCHEDULE): number => schedule.afterLaunchMs + jitter(random, schedule);

export const nextCheckDelay = (random: Random, schedule: UpdateSchedule = UPDATE_SCHEDULE): number => schedule.periodMs + jitter(random, schedule);

interface CheckTimer {
  readonly nextAt: number | null;
  start(): void;
  stop(): void;
}

/** Planned as soon as one starts: a check that hangs or fails never stops the schedule. */
export function createCheckTimer(options: { clock: Clock; random: Random; check: () => void }): CheckTimer {
  const { clock, random } = options;
  let handle: unknown;
  let nextAt: number | null = null;

  const arm = (delay: number) => {
    if (handle !== undefined) clock.clearTimeout(handle);
    nextAt = clock.now() + delay;
    handle = clock.setTimeout(() => {
      arm(nextCheckDelay(random));
      options.check();
    }, delay);
  };

  return {
    get nextAt() {
      return nextAt;
    },
    start: () => arm(firstCheckDelay(random)),
    stop() {
      if (handle !== undefined) clock.clearTimeout(handle);
      handle = undefined;
      nextAt = null;
    },
  };
}
