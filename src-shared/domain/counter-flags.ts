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
