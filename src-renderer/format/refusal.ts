// Why a +/− is off, in the user's words: a refused direction means the counter only goes the other way.
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';

export function refusalReason(i18n: Translator, counter: CounterState, direction: Direction): string | undefined {
  if (counter.error?.kind === 'gone') return i18n.t('refusal.gone', { name: counter.name });
  if (counter.refused[direction] === undefined) return undefined;
  return i18n.t('refusal.only', { direction, name: counter.name });
}
