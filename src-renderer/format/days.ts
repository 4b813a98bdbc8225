// Day counters read as a phrase: "412 days since", "99 days until". The server's number is
// signed when a ToDate is past or a FromDate lies ahead (not-shown.md #13); a minus sign in
// front of "days since" reads as nonsense, so those read "in 190 days" / "587 days ago".
// On a row the date says since/until (`dateLine`), so the value itself says only "412 days":
// the two never say the same word twice, nor contradict each other (issue 24 point 9).
// Every number, unit and date comes from Intl in the app's locale (src-shared/i18n/formats.ts).
import type { CounterType } from '../../src-shared/api/schemas';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';

export interface ValueText {
  /** Words before the number ("in", "vor"), empty for most. */
  before: string;
  /** The number as shown. */
  number: string;
  /** The words after it on a row, beside its date line ("days", "days ago"); empty for UpDown. */
  unit: string;
  /** The whole phrase, for screen readers and titles ("412 days since"). */
  phrase: string;
}

export function formatCounterValue(i18n: Translator, type: CounterType, value: number): ValueText {
  if (type === 'UpDown') {
    const number = i18n.number(value);
    return { before: '', number, unit: '', phrase: number };
  }
  // A FromDate ahead of today ("in 190 days"), or a ToDate behind it ("587 days ago").
  if (value < 0) {
    const relative = i18n.relativeDays(type === 'FromDate' ? -value : value);
    return { before: relative.before.trimEnd(), number: relative.number, unit: relative.after.trimStart(), phrase: relative.text };
  }
  const days = i18n.dayCount(value);
  const phrase = type === 'FromDate' ? i18n.t('value.daysSince', { count: value }) : i18n.t('value.daysUntil', { count: value });
  return { before: days.before.trimEnd(), number: days.number, unit: days.after.trimStart(), phrase };
}

function dayOf(counter: Pick<CounterState, 'type' | 'startDate' | 'endDate'>): string | null {
  return (counter.type === 'FromDate' ? counter.startDate : counter.type === 'ToDate' ? counter.endDate : undefined) ?? null;
}

/** A day counter's date, in the tense its value has: "since Feb 29, 2024", "starts Jun 1, 2027", "until …", "ended …". */
export function dateLine(i18n: Translator, counter: Pick<CounterState, 'type' | 'value' | 'startDate' | 'endDate'>): string | null {
  const day = dayOf(counter);
  if (!day) return null;
  const date = i18n.date(day);
  if (counter.type === 'FromDate') return counter.value < 0 ? i18n.t('date.starts', { date }) : i18n.t('date.since', { date });
  return counter.value < 0 ? i18n.t('date.ended', { date }) : i18n.t('date.until', { date });
}

/** The activity view's heading line for a day counter: "Counting since Thu, Feb 29, 2024". */
export function dateSentence(i18n: Translator, counter: Pick<CounterState, 'type' | 'value' | 'startDate' | 'endDate'>): string | null {
  const day = dayOf(counter);
  if (!day) return null;
  const date = i18n.longDate(day);
  if (counter.type === 'FromDate') return counter.value < 0 ? i18n.t('date.startsOn', { date }) : i18n.t('date.countingSince', { date });
  return counter.value < 0 ? i18n.t('date.endedOn', { date }) : i18n.t('date.countingDown', { date });
}
