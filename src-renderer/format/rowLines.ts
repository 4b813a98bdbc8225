// Whether a row has a second line: only when there is something more to say (design.md, "The
// list"). The list places windowed rows by this same answer, so a row's height never depends on
// measuring, and the row draws its second line exactly when this says so.
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { LocalExtras, ResetOffer } from '../../src-shared/domain/goals';
import type { CounterState } from '../../src-shared/domain/snapshot';

export interface LineContext {
  today: Record<string, number> | undefined;
  offer: UndoOffer | undefined;
  reset: ResetOffer | undefined;
  extras: LocalExtras | undefined;
  /** Clicks are held (offline, reconnecting, a 429, long pacing): pending rows say "2 waiting". */
  clicksWait: boolean;
}

type Lined = Pick<CounterState, 'id' | 'type' | 'error' | 'sendingSlowly' | 'waiting' | 'startDate' | 'endDate'>;

export function hasSecondLine(counter: Lined, { today, offer, reset, extras, clicksWait }: LineContext): boolean {
  const { id } = counter;
  if (counter.error || counter.sendingSlowly || (clicksWait && counter.waiting)) return true;
  // A day counter's date says since or until: without it "412 days" does not say which.
  if (counter.type !== 'UpDown') return (counter.type === 'FromDate' ? counter.startDate : counter.endDate) !== undefined;
  return Boolean(extras?.goals[id] || today?.[id] || offer?.counterId === id || reset?.counterId === id);
}
