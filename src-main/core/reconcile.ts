// Deciding what happened to a change whose answer never came (timeout, dropped
// connection, 5xx, or a crash). Increments are not idempotent, so the core never
// blindly re-sends: it refetches and compares (not-shown.md, "Exactly once").
import type { Inflight } from './pending-ledger';

export type Outcome = 'applied' | 'notApplied' | 'unknown';

export interface Evidence {
  change: Inflight;
  /** The counter's value fetched after the change was abandoned. */
  serverValue: number;
  /**
   * counterUpdated values received since the change was sent, in order, when the
   * socket was open the whole time (so every server-side change was seen); undefined
   * when it was not (then only the server value can tell).
   */
  history: number[] | undefined;
  /** The value notifications last showed before the change was sent. */
  streamBefore: number;
}

export function decideOutcome({ change, serverValue, history, streamBefore }: Evidence): Outcome {
  const { delta, before } = change;
  if (history === undefined || history.length === 0) {
    // Nothing else moved the counter (as far as we can tell): the value says it all.
    if (serverValue === before + delta) return 'applied';
    if (serverValue === before) return 'notApplied';
    return 'unknown';
  }
  // Every mutation produces one counterUpdated; the step between consecutive values is its amount.
  const steps: number[] = [];
  let previous = streamBefore;
  for (const value of history) {
    steps.push(value - previous);
    previous = value;
  }
  const last = previous;
  const ours = steps.filter((step) => step === delta).length;
  if (serverValue === last + delta && ours === 0) return 'applied'; // its echo is still on its way
  if (serverValue !== last) return 'unknown';
  if (ours === 0) return 'notApplied';
  // Exactly one step of our size and nothing else moved it: that step was ours.
  if (ours === 1 && steps.length === 1) return 'applied';
  return 'unknown';
}
