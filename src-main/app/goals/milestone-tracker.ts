// Milestones of day counters due today, each announced once (keyed by type, date and the day).
import { milestoneOn, type Milestone, type MilestoneCounterType } from '../../../src-shared/domain/milestones';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { addDays } from '../../../src-shared/time/calendar';
import { MAX_KEYS, type GoalsFile } from './goals-file';

interface DayCounter {
  id: string;
  name: string;
  type: MilestoneCounterType;
  date: string;
}

interface DueMilestone {
  counter: DayCounter;
  milestone: Milestone;
}

/** Older keys can never fall "today" again. */
const KEEP_DAYS = 3;

export function dayCounters(counters: readonly CounterState[]): DayCounter[] {
  return counters.flatMap((c) => {
    const date = c.type === 'FromDate' ? c.startDate : c.type === 'ToDate' ? c.endDate : undefined;
    return date && c.type !== 'UpDown' ? [{ id: c.id, name: c.name, type: c.type, date }] : [];
  });
}

const milestoneKey = (counter: DayCounter, milestone: Milestone) => `${counter.type}:${counter.date}:${milestone.date}`;

/** Not muted and not announced yet; marks them (saved before the user is told). */
export function takeDueMilestones(data: GoalsFile, counters: readonly DayCounter[], today: string): DueMilestone[] {
  const due: DueMilestone[] = [];
  const muted = new Set(data.milestonesMuted);
  const oldest = addDays(today, -KEEP_DAYS);
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
