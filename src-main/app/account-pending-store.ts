// Unsent clicks belong to one account on one server: replayed under another token they
// would be applied as someone else. The saved value carries an owner key (a digest of
// server and token, never the token itself); a store written by another account loads
// as empty. The owner key is no secret (another program can copy it), so each counter's
// clicks also carry a MAC under the account's key (click-file-codec.ts): clicks the app
// did not write are refused, not sent, and the ones it wrote are kept.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PendingStore } from '../core/contract';
import { openEntries, sealEntries, type ClickSeal } from './click-file-codec';

const OwnedPending = z.object({ owner: z.string(), pending: z.unknown(), macs: z.unknown().optional() });
/** The ledger's per-counter map (core/pending-ledger.ts); the rest of its value is kept as it is. */
const PerCounter = z.looseObject({ counters: z.record(z.string(), z.unknown()) });
/** A value without a per-counter map is sealed whole, under this name. */
const WHOLE = '';
const entriesOf = (pending: unknown): Record<string, unknown> => {
  const parsed = PerCounter.safeParse(pending);
  return parsed.success ? parsed.data.counters : { [WHOLE]: pending };
};

export function accountOwnerKey(baseUrl: string, token: string): string {
  return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex');
}

/** `refused` runs before the load answers when some of this account's clicks fail their MAC (it answers the rest). */
export function pendingStoreForAccount(store: PendingStore, seal: ClickSeal, refused: (counters: number) => Promise<void>): PendingStore {
  const save = (pending: unknown) => store.save({ owner: seal.owner, pending, macs: sealEntries(seal, entriesOf(pending)) });
  return {
    async load() {
      const saved = OwnedPending.safeParse(await store.load());
      if (!saved.success || saved.data.owner !== seal.owner) return undefined;
      const perCounter = PerCounter.safeParse(saved.data.pending);
      const { kept, refused: foreign } = openEntries(seal, entriesOf(saved.data.pending), saved.data.macs);
      const pending = perCounter.success ? { ...perCounter.data, counters: kept } : kept[WHOLE];
      if (foreign.length > 0) {
        await refused(foreign.length);
        // What the app wrote goes back to disk at once: a core that never runs (a failed start) must not take it along.
        await save(pending);
      }
      return pending;
    },
    save,
  };
}
