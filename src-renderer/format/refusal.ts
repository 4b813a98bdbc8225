import type { UndoOffer } from '../../src-shared/domain/activity';
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';

export function refusalReason(i18n: Translator, counter: CounterState, direction: Direction): string | undefined {
  if (counter.error?.kind === 'gone') return i18n.t('refusal.gone', { name: counter.name });
  if (counter.refused[direction] === undefined) return undefined;
  return i18n.t('refusal.only', { direction, name: counter.name });
}

/** main's `blockedBecause` only says that undo is blocked: the words come from the counter's refusal. */
export function undoBlockedReason(i18n: Translator, offer: UndoOffer, counter: CounterState | undefined): string | undefined {
  if (!offer.blockedBecause) return undefined;
  if (!counter) return i18n.t('counter.gone');
  return refusalReason(i18n, counter, offer.amount > 0 ? 'decrement' : 'increment') ?? i18n.t('undo.cannot');
}
