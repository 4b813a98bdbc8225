// The date says since/until, so the value says only "412 days".
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';

type Dated = Pick<CounterState, 'type' | 'value' | 'startDate' | 'endDate'>;

const TENSES = {
  line: { starts: 'date.starts', since: 'date.since', ended: 'date.ended', until: 'date.until' },
  sentence: { starts: 'date.startsOn', since: 'date.countingSince', ended: 'date.endedOn', until: 'date.countingDown' },
} as const;

function inTense(i18n: Translator, counter: Dated, words: (typeof TENSES)[keyof typeof TENSES], format: (day: string) => string): string | null {
  const day = counter.type === 'FromDate' ? counter.startDate : counter.type === 'ToDate' ? counter.endDate : undefined;
  if (!day) return null;
  const date = format(day);
  const ahead = counter.value < 0;
  const key = counter.type === 'FromDate' ? (ahead ? words.starts : words.since) : ahead ? words.ended : words.until;
  return i18n.t(key, { date });
}

/** "since Feb 29, 2024", "starts Jun 1, 2027", "until …", "ended …". */
export function dateLine(i18n: Translator, counter: Dated): string | null {
  return inTense(i18n, counter, TENSES.line, i18n.date);
}

/** "Counting since Thu, Feb 29, 2024". */
export function dateSentence(i18n: Translator, counter: Dated): string | null {
  return inTense(i18n, counter, TENSES.sentence, i18n.longDate);
}
