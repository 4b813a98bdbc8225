// Which counter flags the user may dismiss: the popup offers the ×, the core honours it, one rule.
import type { CounterState, Direction } from './snapshot';

export type CounterFlagKind = NonNullable<CounterState['error']>['kind'];

/** "refused" is a message to acknowledge; "could not confirm" is a question to answer; "gone" and "unreadable" are the counter's state. */
export const isDismissableFlag = (kind: CounterFlagKind): boolean => kind === 'rejected';

type Before = Pick<CounterState, 'id' | 'refused'>;
type After = Pick<CounterState, 'id' | 'name' | 'refused'>;
type Refusal = { id: string; name: string; direction: Direction };

/** The first refusal of a counter's direction, told once (in the popup, or by main when it is hidden). */
export function newlyRefused(before: readonly Before[], after: readonly After[]): Refusal[] {
  // A counter new to the list brings what earlier runs learned: nothing happened now.
  if (before.length === 0) return [];
  const pairs: [Before | undefined, After][] = [];
  // Same order: only counters whose object is new need a look, so this stays cheap on every push.
  if (before.length === after.length && after.every((counter, i) => counter.id === before[i]?.id)) {
    after.forEach((counter, i) => {
      if (counter !== before[i]) pairs.push([before[i], counter]);
    });
  } else {
    const was = new Map(before.map((c) => [c.id, c]));
    for (const counter of after) pairs.push([was.get(counter.id), counter]);
  }
  const found: Refusal[] = [];
  for (const [old, counter] of pairs) {
    if (!old) continue;
    for (const direction of ['increment', 'decrement'] as const) {
      if (counter.refused[direction] !== undefined && old.refused[direction] === undefined) found.push({ id: counter.id, name: counter.name, direction });
    }
  }
  return found;
}
