// Whether a row has a second line (design.md, "The list"); the window places rows by it.
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { LocalExtras, ResetOffer } from '../../src-shared/domain/goals';
import type { CounterState } from '../../src-shared/domain/snapshot';

export interface LineContext {
  today: Record<string, number> | undefined;
  offer: UndoOffer | undefined;
  reset: ResetOffer | undefined;
  extras: LocalExtras | undefined;
  clicksWait: boolean;
  /** The row where "Add…" is open: its hint or problem needs the line. */
  amountFor?: string | null | undefined;
}

type Lined = Pick<CounterState, 'id' | 'type' | 'error' | 'sendingSlowly' | 'waiting' | 'startDate' | 'endDate'>;

/** Only an own entry counts, never a prototype's. */
export function secondLineAsker({ today, offer, reset, extras, clicksWait, amountFor }: LineContext): (counter: Lined) => boolean {
  const keyed = new Set<string>();
  for (const [id, goal] of Object.entries(extras?.goals ?? {})) if (goal) keyed.add(id);
  for (const [id, changed] of Object.entries(today ?? {})) if (changed) keyed.add(id);
  if (offer) keyed.add(offer.counterId);
  if (reset) keyed.add(reset.counterId);
  if (amountFor) keyed.add(amountFor);
  return (counter) => {
    if (counter.error || counter.sendingSlowly || (clicksWait && counter.waiting)) return true;
    // Without its date "412 days" does not say since or until.
    if (counter.type !== 'UpDown') return (counter.type === 'FromDate' ? counter.startDate : counter.endDate) !== undefined;
    return keyed.size > 0 && keyed.has(counter.id);
  };
}
