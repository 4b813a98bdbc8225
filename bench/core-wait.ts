// Waiting on the core's own events (subscribe), never on sleeps.
import type { CounterCore } from '../src-main/core/index';
import type { CoreSnapshot } from '../src-shared/domain/snapshot';

/** Resolves with the first snapshot (the current one included) that satisfies `predicate`. */
export function untilSnapshot(core: CounterCore, predicate: (s: CoreSnapshot) => boolean, timeoutMs: number, what: string): Promise<CoreSnapshot> {
  return new Promise((resolve, reject) => {
    const now = core.snapshot();
    if (predicate(now)) return resolve(now);
    const timer = setTimeout(() => {
      off();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const off = core.subscribe((snapshot) => {
      if (!predicate(snapshot)) return;
      clearTimeout(timer);
      off();
      resolve(snapshot);
    });
  });
}
