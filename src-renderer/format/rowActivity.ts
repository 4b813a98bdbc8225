// Remembered per counter object: a push formats only what changed.
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { GoalView, LocalExtras, ResetOffer } from '../../src-shared/domain/goals';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import { goalProgressText, milestoneName } from '../../src-shared/i18n/goal-words';
import { nextMilestone } from '../../src-shared/domain/milestones';
import { daysBetween } from '../../src-shared/time/calendar';

export interface ListActivity {
  today: Record<string, number> | undefined;
  offer: UndoOffer | undefined;
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
  // A day goal of all changes says what "+5 today" would.
  const todayShown = goal?.period === 'day' && goal.count === 'all' ? undefined : today;
  return {
    today: todayShown,
    ...(offer ? { undo: offer, undoBlocked: blocked } : {}),
    ...(reset ? { reset } : {}),
    ...(line ? { goalText: line.text, goalFraction: line.fraction, goalReached: line.reached } : {}),
    milestone: milestoneLine(i18n, counter, day),
  };
}

/** "Mar 5" within eleven months, else "Feb 28, 2027". */
function shortDate(i18n: Translator, date: string, today?: string): string {
  const ahead = today ? daysBetween(today, date) : -1;
  return ahead >= 0 && ahead < 330 ? i18n.monthDay(date) : i18n.date(date);
}

/** "5 / 8 today", the bar's fill (0–1). */
function goalLine(i18n: Translator, goal: GoalView | undefined): { text: string; fraction: number; reached: boolean } | undefined {
  if (!goal) return undefined;
  return { text: goalProgressText(i18n, goal), fraction: Math.min(1, Math.max(0, goal.done / goal.target)), reached: goal.done >= goal.target };
}

/** "100 days on Mar 5", "3 years today", "7 days left on Feb 22", "the day today". */
function milestoneLine(i18n: Translator, counter: Pick<CounterState, 'type' | 'startDate' | 'endDate'>, today: string | undefined): string | undefined {
  if (!today || counter.type === 'UpDown') return undefined;
  const date = counter.type === 'FromDate' ? counter.startDate : counter.endDate;
  const next = date ? nextMilestone(counter.type, date, today) : null;
  if (!next) return undefined;
  const milestone = milestoneName(i18n, next);
  return next.date === today ? i18n.t('milestone.today', { milestone }) : i18n.t('milestone.on', { milestone, date: shortDate(i18n, next.date, today) });
}
