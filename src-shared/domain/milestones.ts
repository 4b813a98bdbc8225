// Milestones of day counters on day keys with no zone or clock, so main and the popup name the same
// milestone. Zod-free for the popup.
import { isDateKey, moveDay } from '../time/calendar';

export const FROM_DATE_DAYS = [7, 10, 14, 21, 30, 50, 100, 200, 365] as const;
/** Days left before a ToDate's day; 0 is the day itself. */
const TO_DATE_DAYS_LEFT = [30, 7, 1, 0] as const;
/** Anniversaries from the second year on (the first year is the 365-day milestone). */
const FIRST_ANNIVERSARY = 2;

export type MilestoneCounterType = 'FromDate' | 'ToDate';

export interface Milestone {
  date: string;
  /** 'days': `count` days since the start; 'years': `count` years since; 'left': `count` days before the end (0: the day). */
  kind: 'days' | 'years' | 'left';
  count: number;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The same day `years` later (a 29 February falls on 28 February in common years); null past year 9999, which no key names. */
export function addYears(key: string, years: number): string | null {
  const year = Number(key.slice(0, 4)) + years;
  const monthDay = key.slice(5);
  const day = monthDay === '02-29' && !isLeap(year) ? '02-28' : monthDay;
  const moved = `${String(year).padStart(4, '0')}-${day}`;
  return isDateKey(moved) ? moved : null;
}

export function milestoneOn(type: MilestoneCounterType, anchor: string, day: string): Milestone | null {
  const next = nextMilestone(type, anchor, day);
  return next && next.date === day ? next : null;
}

/** The first milestone on or after `today`, or null when no date can name one (a start in December 9999). */
export function nextMilestone(type: MilestoneCounterType, anchor: string, today: string): Milestone | null {
  if (!isDateKey(anchor) || !isDateKey(today)) return null;
  if (type === 'ToDate') {
    for (const left of TO_DATE_DAYS_LEFT) {
      // An end in January 0000 has no day 30 days before it; the later milestones still have one.
      const date = moveDay(anchor, -left);
      if (date !== null && date >= today) return { date, kind: 'left', count: left };
    }
    return null;
  }
  // In date order: the first past year 9999 leaves none after it.
  for (const days of FROM_DATE_DAYS) {
    const date = moveDay(anchor, days);
    if (date === null) return null;
    if (date >= today) return { date, kind: 'days', count: days };
  }
  // Anniversaries: start from the year today is in, so a start decades ago costs no loop.
  const elapsedYears = Math.max(FIRST_ANNIVERSARY, Number(today.slice(0, 4)) - Number(anchor.slice(0, 4)) - 1);
  for (let years = elapsedYears; ; years += 1) {
    const date = addYears(anchor, years);
    if (date === null) return null;
    if (date >= today) return { date, kind: 'years', count: years };
  }
}
