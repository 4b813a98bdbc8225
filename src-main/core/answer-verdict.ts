// What an answer to one of our changes means, as pure functions: only the wire decides
// (README.md, "What becomes of a change"); outgoing-changes.ts acts on the verdict.
import type { CoreError } from './contract';
import { NotDeliveredError, isCoreError, outcomeUnknown } from './errors';
import type { ExpectedEcho } from './counter-merge';

/** What came back for a change on the wire: the 2xx value (undefined: not a bare number) or the error. */
export type Answer = { value: number | undefined } | { error: unknown };

export type Verdict =
  /** A 2xx: applied; `value` is our echo's, undefined when the counter must be read again (docs/api.md O2). */
  | { kind: 'applied'; value: number | undefined }
  /** No connection ever opened: nothing was applied, it goes first again after a wait. */
  | { kind: 'neverConnected' }
  /** A 401: nothing was applied; kept for the next token. */
  | { kind: 'unauthorized'; message: string }
  /** A 4xx: undone. `direction`: a 400 InvalidOperation refuses the direction (O9); `gone`: 403/404 (O10, O11); else flagged. */
  | { kind: 'refused'; error: CoreError; then: 'direction' | 'gone' | 'flag' }
  /** Dropped connection, 5xx, unreadable answer, the mutation deadline: nobody can tell. */
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

/**
 * Our click was alone on the wire, its echo has not come and no other echo of ours is due:
 * what its answer says was there before it may be news (someone's notification late or lost).
 */
export function answerRevealsBefore(alone: boolean, due: readonly Readonly<ExpectedEcho>[], echo: ExpectedEcho): boolean {
  return alone && due.includes(echo) && due.every((other) => other === echo || other.foreign);
}

/** The log line for unsent clicks dropped with a counter no longer listed (named by id only). */
export function droppedLine(id: string, why: string, unsent: number, inflight: number | undefined): string {
  const net = unsent > 0 ? `+${unsent}` : String(unsent);
  const left = inflight === undefined ? '' : `; a change of ${inflight} left on the wire by the last run is forgotten`;
  return `counter ${id}: ${why}; unsent clicks (net ${net}) dropped, nothing of them was sent${left}`;
}
