// Day counters read as a phrase: "412 days since", "99 days until". The server's number is
// signed when a ToDate is past or a FromDate lies ahead (not-shown.md #13); a minus sign in
// front of "days since" reads as nonsense, so those read "in 190 days" / "587 days ago".
// On a row the date says since/until (`dateLine`), so the value itself says only "412 days":
// the two never say the same word twice, nor contradict each other (issue 24 point 9).
import type { CounterType } from '../../src-shared/api/schemas';
import type { CounterState } from '../../src-shared/domain/snapshot';

const plural = new Intl.PluralRules('en-US');
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const anyNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
const dateFormat = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const longDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "1 day" / "2 days": plural category of the absolute value. */
function dayWord(value: number): string {
  return plural.select(Math.abs(value)) === 'one' ? 'day' : 'days';
}

export interface ValueText {
  /** Words before the number ("in"), empty for most. */
  before: string;
  /** The number as shown. */
  number: string;
  /** The words after it on a row, beside its date line ("days", "days ago"); empty for UpDown. */
  unit: string;
  /** The whole phrase, for screen readers and titles ("412 days since"). */
  phrase: string;
}

export function formatCounterValue(type: CounterType, value: number): ValueText {
  if (type === 'UpDown') {
    const number = anyNumber.format(value);
    return { before: '', number, unit: '', phrase: number };
  }
  const number = integer.format(Math.abs(value));
  const days = dayWord(value);
  // A FromDate ahead of today, or a ToDate behind it.
  if (value < 0 && type === 'FromDate') return { before: 'in', number, unit: days, phrase: `in ${number} ${days}` };
  if (value < 0) return { before: '', number, unit: `${days} ago`, phrase: `${number} ${days} ago` };
  return { before: '', number, unit: days, phrase: `${number} ${days} ${type === 'FromDate' ? 'since' : 'until'}` };
}

function dateOf(counter: Pick<CounterState, 'type' | 'startDate' | 'endDate'>): Date | null {
  const date = counter.type === 'FromDate' ? counter.startDate : counter.type === 'ToDate' ? counter.endDate : undefined;
  return date ? new Date(`${date}T00:00:00Z`) : null;
}

/** A day counter's date, in the tense its value has: "since Feb 29, 2024", "starts Jun 1, 2027", "until …", "ended …". */
export function dateLine(counter: Pick<CounterState, 'type' | 'value' | 'startDate' | 'endDate'>): string | null {
  const date = dateOf(counter);
  if (!date) return null;
  const when = dateFormat.format(date);
  if (counter.type === 'FromDate') return `${counter.value < 0 ? 'starts' : 'since'} ${when}`;
  return `${counter.value < 0 ? 'ended' : 'until'} ${when}`;
}

/** The activity view's heading line for a day counter: "Counting since Thu, Feb 29, 2024". */
export function dateSentence(counter: Pick<CounterState, 'type' | 'value' | 'startDate' | 'endDate'>): string | null {
  const date = dateOf(counter);
  if (!date) return null;
  const when = longDateFormat.format(date);
  if (counter.type === 'FromDate') return counter.value < 0 ? `Starts on ${when}` : `Counting since ${when}`;
  return counter.value < 0 ? `Ended on ${when}` : `Counting down to ${when}`;
}
