// What one row shows besides its counter: today's change, the undo offers
// (a click's, a reset's), the goal's progress and the next milestone; primitives and state
// objects that are the same between renders, so a memoized row skips unchanged rows.
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { LocalExtras, ResetOffer } from '../../src-shared/domain/goals';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import { goalLine, milestoneLine } from './goals';

interface ListActivity {
  today: Record<string, number> | undefined;
  offer: UndoOffer | undefined;
  /** Why the offered undo cannot be made, in the app's words. */
  blocked: string | undefined;
  reset: ResetOffer | undefined;
  extras: LocalExtras | undefined;
}

export function rowActivity(i18n: Translator, counter: CounterState, { today, offer, blocked, reset, extras }: ListActivity) {
  const { id } = counter;
  const goal = extras?.goals[id];
  const line = goalLine(i18n, goal);
  // A day goal of everyone's changes says what "+5 today" would: one of them is enough.
  const todayShown = goal?.period === 'day' && goal.count === 'all' ? undefined : today?.[id];
  return {
    today: todayShown,
    ...(offer?.counterId === id ? { undo: offer, undoBlocked: blocked } : {}),
    ...(reset?.counterId === id ? { reset } : {}),
    ...(line ? { goalText: line.text, goalFraction: line.fraction, goalReached: line.reached } : {}),
    milestone: milestoneLine(i18n, counter, extras?.today),
  };
}
