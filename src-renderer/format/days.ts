// A day counter's date in the tense its value has. On a row the date says since/until
// (`dateLine`), so the value itself says only "412 days" (src-shared/i18n/counter-value.ts):
// the two never say the same word twice, nor contradict each other (issue 24 point 9).
// Every date comes from Intl in the app's locale (src-shared/i18n/formats.ts).
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';

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
