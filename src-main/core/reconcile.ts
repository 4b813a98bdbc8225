// Deciding what happened to a change whose answer never came (timeout, dropped
// connection, 5xx, or a crash). Increments are not idempotent, so the core never
// blindly re-sends: it refetches and compares (not-shown.md, "Exactly once").
//
// The refetched value alone proves nothing: while our answer was lost another user may
// have made a change of the same size (it looks applied) or undone ours (it looks not
// applied). Only a complete notification history can tell, so without one the outcome
// is unknown and the user is told.
import type { Inflight } from './pending-ledger';

export type Outcome = 'applied' | 'notApplied' | 'unknown';

export interface Evidence {
  change: Inflight;
  /** The counter's value fetched after the change was abandoned. */
  serverValue: number;
  /**
   * counterUpdated values received since the change was sent, in order, when they are
   * proven complete up to after the refetch (the same socket was open throughout and
   * answered a ping sent after the refetch); undefined when they are not.
   */
  history: number[] | undefined;
  /** The value notifications last showed before the change was sent. */
  streamBefore: number;
}

export function decideOutcome({ change, serverValue, history, streamBefore }: Evidence): Outcome {
  if (history === undefined) return 'unknown';
  // Every mutation produces one counterUpdated, so the step between consecutive values is
  // its amount (a step of 0 is a stale repeat, never a mutation: amounts are at least 1).
  const values = [streamBefore, ...history];
  const steps: number[] = [];
  for (let i = 1; i < values.length; i += 1) {
    const step = values[i]! - values[i - 1]!;
    if (step !== 0) steps.push(step);
  }
  // The refetch happened inside the history: its value must be one the stream passed through,
  // or the starting point was not what we took it for.
  if (!values.includes(serverValue)) return 'unknown';
  const ours = steps.filter((step) => step === change.delta).length;
  if (ours === 0) return 'notApplied';
  // Exactly one step of our size and nothing else moved it: that step was ours.
  if (ours === 1 && steps.length === 1) return 'applied';
  return 'unknown';
}
