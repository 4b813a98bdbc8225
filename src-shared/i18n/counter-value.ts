// A counter's value in words. The server's number is signed for a past ToDate or a future FromDate
// (docs/api.md O13), and a minus before "days since" reads as nonsense.
import type { CounterType } from '../api/schemas';
import type { Translator } from './translator';

interface ValueText {
  /** "in", "vor"; mostly empty. */
  before: string;
  number: string;
  /** "days", "days ago"; empty for UpDown. */
  unit: string;
  /** For screen readers and titles: "412 days since". */
  phrase: string;
}

export function formatCounterValue(i18n: Translator, type: CounterType, value: number): ValueText {
  if (type === 'UpDown') {
    const number = i18n.number(value);
    return { before: '', number, unit: '', phrase: number };
  }
  if (value < 0) {
    const relative = i18n.relativeDays(type === 'FromDate' ? -value : value);
    return { before: relative.before.trimEnd(), number: relative.number, unit: relative.after.trimStart(), phrase: relative.text };
  }
  const days = i18n.dayCount(value);
  const phrase = type === 'FromDate' ? i18n.t('value.daysSince', { count: value }) : i18n.t('value.daysUntil', { count: value });
  return { before: days.before.trimEnd(), number: days.number, unit: days.after.trimStart(), phrase };
}
