// Day counters read as a phrase: "412 days since", "99 days until". The server's number is
// signed when a ToDate is past or a FromDate lies ahead (not-shown.md #13); a minus sign in
// front of "days since" reads as nonsense, so those read "in 190 days" / "587 days ago".
import type { CounterType } from '../../src-shared/api/schemas';

const plural = new Intl.PluralRules('en-US');
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const anyNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** "1 day" / "2 days": plural category of the absolute value. */
function dayWord(value: number): string {
  return plural.select(Math.abs(value)) === 'one' ? 'day' : 'days';
}

export interface ValueText {
  /** Words before the number ("in"), empty for most. */
  before: string;
  /** The number as shown. */
  number: string;
  /** The words after it ("days since"), empty for UpDown. */
  unit: string;
  /** The whole phrase, for screen readers and titles. */
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
  const unit = `${days} ${type === 'FromDate' ? 'since' : 'until'}`;
  return { before: '', number, unit, phrase: `${number} ${unit}` };
}
