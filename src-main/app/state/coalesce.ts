// Bursts of core snapshots (a resync touches every counter) must not become bursts
// of IPC messages: at most one flush per microtask batch, and at most one per
// interval (~one animation frame) after that.
import type { Clock } from '../../core/contract';

export interface Coalescer {
  request(): void;
  cancel(): void;
}

/** At most one flush per this interval after the first (~one animation frame). */
const INTERVAL_MS = 16;

export function createCoalescer(flush: () => void, clock: Clock): Coalescer {
  let scheduled = false;
  let cancelled = false;
  let timer: unknown;
  let lastFlush = Number.NEGATIVE_INFINITY;

  const run = () => {
    timer = undefined;
    if (!scheduled || cancelled) return;
    scheduled = false;
    lastFlush = clock.now();
    flush();
  };

  return {
    request() {
      if (scheduled || cancelled) return;
      scheduled = true;
      const wait = lastFlush + INTERVAL_MS - clock.now();
      if (wait <= 0) queueMicrotask(run);
      else timer = clock.setTimeout(run, wait);
    },
    cancel() {
      cancelled = true;
      scheduled = false;
      if (timer !== undefined) clock.clearTimeout(timer);
    },
  };
}
