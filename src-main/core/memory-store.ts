// The default PendingStore: in memory, for tests and plain-Node use. The app injects
// a disk-backed one so pending changes survive a quit or crash.
import type { PendingStore } from './contract';

export function createMemoryStore(initial?: unknown): PendingStore & { current(): unknown } {
  let value: unknown = initial === undefined ? undefined : structuredClone(initial);
  return {
    load: async () => (value === undefined ? undefined : structuredClone(value)),
    save: async (next) => {
      value = structuredClone(next);
    },
    current: () => value,
  };
}
