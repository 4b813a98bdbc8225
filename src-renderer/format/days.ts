// Day counters read as a phrase: "412 days since", "99 days until". The server's number is
// shown as sent, signed when a ToDate is past or a FromDate lies ahead (not-shown.md #13).
import type { CounterType } from '../../src-shared/api/schemas';

const plural = new Intl.PluralRules('en-US');
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const anyNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** "1 day" / "2 days" / "-1 day": plural category of the absolute value. */
function dayWord(value: number): string {
  return plural.select(Math.abs(value)) === 'one' ? 'day' : 'days';
}

export interface ValueText {
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
    return { number, unit: '', phrase: number };
  }
  const number = integer.format(value);
  const unit = `${dayWord(value)} ${type === 'FromDate' ? 'since' : 'until'}`;
  return { number, unit, phrase: `${number} ${unit}` };
}
