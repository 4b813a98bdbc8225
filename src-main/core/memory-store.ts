// The default PendingStore, in memory, for tests and plain Node; the app injects a file per account.
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
