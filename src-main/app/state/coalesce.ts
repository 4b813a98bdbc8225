// Bursts of core snapshots (a resync touches every counter) must not become bursts of IPC messages:
// at most one flush per microtask batch, then one per ~animation frame, timed by a timer, not by the
// wall clock, which may step.
import type { Clock } from '../../core/contract';

export interface Coalescer {
  request(): void;
  cancel(): void;
}

const INTERVAL_MS = 16;

export function createCoalescer(flush: () => void, clock: Clock): Coalescer {
  let scheduled = false;
  let cancelled = false;
  /** Set for INTERVAL_MS after each flush: a request meanwhile waits for it. */
  let cooling: unknown;

  const run = () => {
    if (!scheduled || cancelled) return;
    scheduled = false;
    cooling = clock.setTimeout(() => {
      cooling = undefined;
      run();
    }, INTERVAL_MS);
    flush();
  };

  return {
    request() {
      if (scheduled || cancelled) return;
      scheduled = true;
      if (cooling === undefined) queueMicrotask(run);
    },
    cancel() {
      cancelled = true;
      scheduled = false;
      if (cooling !== undefined) clock.clearTimeout(cooling);
    },
  };
}
