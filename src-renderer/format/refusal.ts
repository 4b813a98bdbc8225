// Why a +/− is off, in the user's words: the server's text is detail, a refused direction means the
// counter only goes the other way.
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';

export function refusalReason(i18n: Translator, counter: CounterState, direction: Direction): string | undefined {
  if (counter.error?.kind === 'gone') return i18n.t('refusal.gone', { name: counter.name });
  if (counter.refused[direction] === undefined) return undefined;
  return i18n.t('refusal.only', { direction, name: counter.name });
}

/** Told once, when the server first refuses a change: "Push-ups this week only counts up; the −1 was not made." */
export function refusedText(i18n: Translator, name: string, direction: Direction): string {
  return i18n.t('refusal.first', { direction, name });
}
