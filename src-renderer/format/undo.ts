// Undo in the app's own words (issue 24 point 7): main's `blockedBecause` says only *that*
// undo is blocked; the words come from the counter's refusal here, never from the server.
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { signed } from './activity';
import { refusalReason } from './refusal';

/** Why the offered change cannot be taken back ("Push-ups this week only counts up."), or undefined. */
export function undoBlockedReason(offer: UndoOffer, counter: CounterState | undefined): string | undefined {
  if (!offer.blockedBecause) return undefined;
  if (!counter) return 'This counter is no longer shared with you.';
  return refusalReason(counter, offer.amount > 0 ? 'decrement' : 'increment') ?? 'This change cannot be taken back.';
}

/** "Took back +1 on “Coffees today”." */
export function undoneText(offer: Pick<UndoOffer, 'amount' | 'name'>): string {
  return `Took back ${signed(offer.amount)} on “${offer.name}”.`;
}

export const NOTHING_TO_UNDO = 'Nothing to undo.';
