// What an answer to one of our changes means, as pure functions (README.md, "What becomes of a change").
import type { CoreError } from './contract';
import { NotDeliveredError, isCoreError, outcomeUnknown } from './errors';
import type { ExpectedEcho } from './counter-merge';

/** The 2xx value (undefined: not a bare number) or the error. */
export type Answer = { value: number | undefined } | { error: unknown };

export type Verdict =
  /** `value` is our echo's; undefined: the counter must be read again (docs/api.md O2). */
  | { kind: 'applied'; value: number | undefined }
  /** Nothing was applied: it goes first again after a wait. */
  | { kind: 'neverConnected' }
  | { kind: 'unauthorized'; message: string }
  /** Undone; `direction`: a 400 InvalidOperation (O9); `gone`: 403/404 (O10, O11); else flagged. */
  | { kind: 'refused'; error: CoreError; then: 'direction' | 'gone' | 'flag' }
  /** Nobody can tell (a dropped connection, 5xx, unreadable answer, the mutation deadline). */
  | { kind: 'lost' };

export function verdictOf(answer: Answer): Verdict {
  if (!('error' in answer)) return { kind: 'applied', value: answer.value };
  const { error } = answer;
  if (error instanceof NotDeliveredError) return { kind: 'neverConnected' };
  if (!isCoreError(error) || outcomeUnknown(error)) return { kind: 'lost' };
  if (error.kind === 'unauthorized') return { kind: 'unauthorized', message: error.message };
  if (error.kind === 'invalidOperation') return { kind: 'refused', error, then: 'direction' };
  if (error.kind === 'forbidden' || error.kind === 'notFound') return { kind: 'refused', error, then: 'gone' };
  return { kind: 'refused', error, then: 'flag' };
}

/** Our click was alone on the wire and no other echo of ours is due: what its answer says was there before may be news. */
export function answerRevealsBefore(alone: boolean, due: readonly Readonly<ExpectedEcho>[], echo: ExpectedEcho): boolean {
  return alone && due.includes(echo) && due.every((other) => other === echo || other.foreign);
}
