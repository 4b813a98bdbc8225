// Undo in the app's own words: main's `blockedBecause` says only that undo is blocked; the words come from the counter's refusal.
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import { refusalReason } from './refusal';

/** Why the offered change cannot be taken back ("Push-ups this week only counts up."), or undefined. */
export function undoBlockedReason(i18n: Translator, offer: UndoOffer, counter: CounterState | undefined): string | undefined {
  if (!offer.blockedBecause) return undefined;
  if (!counter) return i18n.t('counter.gone');
  return refusalReason(i18n, counter, offer.amount > 0 ? 'decrement' : 'increment') ?? i18n.t('undo.cannot');
}
