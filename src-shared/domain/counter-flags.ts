// Which counter flags the user may dismiss: the popup offers the ×, the core honours it, one rule.
import type { CounterState } from './snapshot';

export type CounterFlagKind = NonNullable<CounterState['error']>['kind'];

/** "refused" is a message to acknowledge; "could not confirm" is a question to answer; "gone" and "unreadable" are the counter's state. */
export const isDismissableFlag = (kind: CounterFlagKind): boolean => kind === 'rejected';

/** The first refusal of a counter's direction, told once (in the popup, or by main when it is hidden). */
export function newlyRefused(
  before: readonly Pick<CounterState, 'id' | 'refused'>[],
  after: readonly Pick<CounterState, 'id' | 'name' | 'refused'>[],
): { id: string; name: string; direction: 'increment' | 'decrement' }[] {
  // A counter new to the list brings what earlier runs learned: nothing happened now.
  if (before.length === 0) return [];
  type Before = Pick<CounterState, 'id' | 'refused'>;
  const pairs: [Before | undefined, Pick<CounterState, 'id' | 'name' | 'refused'>][] = [];
  // Same order: only counters whose object is new need a look, so this stays cheap on every push.
  if (before.length === after.length && after.every((counter, i) => counter.id === before[i]?.id)) {
    after.forEach((counter, i) => {
      if (counter !== before[i]) pairs.push([before[i], counter]);
    });
  } else {
    const was = new Map(before.map((c) => [c.id, c]));
    for (const counter of after) pairs.push([was.get(counter.id), counter]);
  }
  const found: { id: string; name: string; direction: 'increment' | 'decrement' }[] = [];
  for (const [old, counter] of pairs) {
    if (!old) continue;
    for (const direction of ['increment', 'decrement'] as const) {
      if (counter.refused[direction] !== undefined && old.refused[direction] === undefined) found.push({ id: counter.id, name: counter.name, direction });
    }
  }
  return found;
}
