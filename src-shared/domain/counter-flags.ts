// Which counter flags the user may dismiss. No zod here: the popup imports this to
// decide whether to offer a ×, the core to decide whether to honour it — one rule.
import type { CounterState } from './snapshot';

export type CounterFlagKind = NonNullable<CounterState['error']>['kind'];

/**
 * "could not confirm" and "refused" are messages to acknowledge. "gone" is the counter's
 * state (no longer shared with you), not a message: it stays until a resync drops the counter.
 */
export const isDismissableFlag = (kind: CounterFlagKind): boolean => kind !== 'gone';
