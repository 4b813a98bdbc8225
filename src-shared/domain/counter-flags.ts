// Which counter flags the user may dismiss. No zod here: the popup imports this to
// decide whether to offer a ×, the core to decide whether to honour it — one rule.
import type { CounterState } from './snapshot';

export type CounterFlagKind = NonNullable<CounterState['error']>['kind'];

/**
 * "refused" is a message to acknowledge. "could not confirm" asks a question (send again or
 * keep the server's value: counter:resolveUnconfirmed), so it is answered, not dismissed.
 * "gone" and "unreadable" are the counter's state, not messages: they stay until a resync
 * drops or reads the counter.
 */
export const isDismissableFlag = (kind: CounterFlagKind): boolean => kind === 'rejected';

/**
 * Directions the server refused between two snapshots of the list: the
 * first refusal of a counter is told once, in the popup and, when it is hidden, by main.
 */
export function newlyRefused(
  before: readonly Pick<CounterState, 'id' | 'refused'>[],
  after: readonly Pick<CounterState, 'id' | 'name' | 'refused'>[],
): { id: string; name: string; direction: 'increment' | 'decrement' }[] {
  // A change to one of 5000 counters keeps the other objects (bridge/applyDelta.ts): in the
  // same order only counters whose object is new need a look, so this stays cheap on every push.
  // A counter new to the list brings what earlier runs learned (below): a list after none has nothing new.
  if (before.length === 0) return [];
  type Before = Pick<CounterState, 'id' | 'refused'>;
  const pairs: [Before | undefined, Pick<CounterState, 'id' | 'name' | 'refused'>][] = [];
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
    // A counter new to the list brings what earlier runs learned: nothing happened now.
    if (!old) continue;
    for (const direction of ['increment', 'decrement'] as const) {
      if (counter.refused[direction] !== undefined && old.refused[direction] === undefined) found.push({ id: counter.id, name: counter.name, direction });
    }
  }
  return found;
}
