// Milestones of day counters due today, all local (no request). A milestone is keyed by its
// counter's type, date and its own day, so it is announced once whatever happens meanwhile;
// starting again gives the counter a new date, and new milestones.
import { milestoneOn, type Milestone, type MilestoneCounterType } from '../../../src-shared/domain/milestones';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { shiftDay } from '../activity/days';
import { MAX_KEYS, type GoalsFile } from './goals-file';

export interface DayCounter {
  id: string;
  name: string;
  type: MilestoneCounterType;
  date: string;
}

export interface DueMilestone {
  counter: DayCounter;
  milestone: Milestone;
}

/** Keys of milestones more than this many days ago can never fall "today" again. */
const KEEP_DAYS = 3;

export function dayCounters(counters: readonly CounterState[]): DayCounter[] {
  return counters.flatMap((c) => {
    const date = c.type === 'FromDate' ? c.startDate : c.type === 'ToDate' ? c.endDate : undefined;
    return date && c.type !== 'UpDown' ? [{ id: c.id, name: c.name, type: c.type, date }] : [];
  });
}

export const milestoneKey = (counter: DayCounter, milestone: Milestone) => `${counter.type}:${counter.date}:${milestone.date}`;

/** Due milestones of counters not muted and not announced yet; marks them (saved before the user is told). */
export function takeDueMilestones(data: GoalsFile, counters: readonly DayCounter[], today: string): DueMilestone[] {
  const due: DueMilestone[] = [];
  const muted = new Set(data.milestonesMuted);
  const oldest = shiftDay(today, KEEP_DAYS);
  for (const counter of counters) {
    if (muted.has(counter.id)) continue;
    const milestone = milestoneOn(counter.type, counter.date, today);
    if (!milestone) continue;
    const key = milestoneKey(counter, milestone);
    const keys = data.announced.milestones[counter.id] ?? [];
    if (keys.includes(key)) continue;
    data.announced.milestones[counter.id] = [...keys.filter((k) => k.slice(-10) >= oldest), key].slice(-MAX_KEYS);
    due.push({ counter, milestone });
  }
  return due;
}
