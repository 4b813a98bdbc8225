// What a row shows besides its counter, remembered per counter object: a memoized row skips, a push formats only what changed.
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { GoalView, LocalExtras, ResetOffer } from '../../src-shared/domain/goals';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import { goalLine, milestoneLine } from './goals';

export interface ListActivity {
  today: Record<string, number> | undefined;
  offer: UndoOffer | undefined;
  /** Why the offered undo cannot be made, in the app's words. */
  blocked: string | undefined;
  reset: ResetOffer | undefined;
  extras: LocalExtras | undefined;
}

interface OwnActivity {
  today: number | undefined;
  offer: UndoOffer | undefined;
  blocked: string | undefined;
  reset: ResetOffer | undefined;
  goal: GoalView | undefined;
  day: string | undefined;
}

type RowWords = ReturnType<typeof wordsOf>;

const remembered = new WeakMap<CounterState, { i18n: Translator; own: OwnActivity; words: RowWords }>();

const sameOwn = (a: OwnActivity, b: OwnActivity) => a.today === b.today && a.offer === b.offer && a.blocked === b.blocked && a.reset === b.reset && a.goal === b.goal && a.day === b.day;

export function rowActivity(i18n: Translator, counter: CounterState, { today, offer, blocked, reset, extras }: ListActivity): RowWords {
  const { id } = counter;
  const offered = offer?.counterId === id;
  const own: OwnActivity = {
    today: today?.[id],
    offer: offered ? offer : undefined,
    blocked: offered ? blocked : undefined,
    reset: reset?.counterId === id ? reset : undefined,
    goal: extras?.goals[id],
    day: extras?.today,
  };
  const last = remembered.get(counter);
  if (last && last.i18n === i18n && sameOwn(last.own, own)) return last.words;
  const words = wordsOf(i18n, counter, own);
  remembered.set(counter, { i18n, own, words });
  return words;
}

function wordsOf(i18n: Translator, counter: CounterState, { today, offer, blocked, reset, goal, day }: OwnActivity) {
  const line = goalLine(i18n, goal);
  // A day goal of everyone's changes says what "+5 today" would: one of them is enough.
  const todayShown = goal?.period === 'day' && goal.count === 'all' ? undefined : today;
  return {
    today: todayShown,
    ...(offer ? { undo: offer, undoBlocked: blocked } : {}),
    ...(reset ? { reset } : {}),
    ...(line ? { goalText: line.text, goalFraction: line.fraction, goalReached: line.reached } : {}),
    milestone: milestoneLine(i18n, counter, day),
  };
}
