// Unsent clicks belong to one account on one server: replayed under another token they
// would be applied as someone else. The saved value carries an owner key (a digest of
// server and token, never the token itself); a store written by another account loads
// as empty.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PendingStore } from '../core/contract';

const OwnedPending = z.object({ owner: z.string(), pending: z.unknown() });

export function accountOwnerKey(baseUrl: string, token: string): string {
  return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex');
}

export function pendingStoreForAccount(store: PendingStore, owner: string): PendingStore {
  return {
    async load() {
      const saved = OwnedPending.safeParse(await store.load());
      return saved.success && saved.data.owner === owner ? saved.data.pending : undefined;
    },
    save: (pending) => store.save({ owner, pending }),
  };
}
