// The ledger's document on disk, zod-parsed on every load (the file is untrusted); formats 1–3.
import { z } from 'zod';

const PersistedInflight = z.object({ delta: z.int(), before: z.number() });
const PersistedV1 = z.object({
  version: z.literal(1),
  counters: z.record(z.string(), z.object({ pending: z.int(), inflight: PersistedInflight.optional() })),
});
const PersistedEntryV2 = z.object({
  runs: z.array(z.int()),
  inflight: PersistedInflight.optional(),
  unconfirmed: z.array(z.int()).optional(),
});
const PersistedV2 = z.object({ version: z.literal(2), counters: z.record(z.string(), PersistedEntryV2) });
const Direction = z.enum(['increment', 'decrement']);
const PersistedEntry = PersistedEntryV2.extend({ accepted: z.array(Direction).max(2).optional() });
export const PendingDocument = z.object({ version: z.literal(3), counters: z.record(z.string(), PersistedEntry) });
export type PendingDocument = z.infer<typeof PendingDocument>;
export const AnyPendingDocument = z.union([PendingDocument, PersistedV2, PersistedV1]);

export type Direction = z.infer<typeof Direction>;

export interface Inflight {
  /** Signed amount sent. */
  delta: number;
  /** The server value it was based on. */
  before: number;
}

export interface LedgerEntry {
  runs: number[];
  inflight?: Inflight;
  unconfirmed: number[];
  accepted: Set<Direction>;
}

/** Version 1 held one net number per counter. */
export function entriesOf(document: z.infer<typeof AnyPendingDocument>): [string, LedgerEntry][] {
  if (document.version === 1) {
    return Object.entries(document.counters).map(([id, saved]) => [
      id,
      { runs: saved.pending === 0 ? [] : [saved.pending], unconfirmed: [], accepted: new Set(), ...(saved.inflight && { inflight: { ...saved.inflight } }) },
    ]);
  }
  return Object.entries<z.infer<typeof PersistedEntry>>(document.counters).map(([id, saved]) => [
    id,
    {
      runs: saved.runs.filter((run) => run !== 0),
      unconfirmed: [...(saved.unconfirmed ?? [])],
      accepted: new Set(saved.accepted ?? []),
      ...(saved.inflight && { inflight: { ...saved.inflight } }),
    },
  ]);
}

export function documentOf(entries: ReadonlyMap<string, LedgerEntry>): PendingDocument {
  const counters: PendingDocument['counters'] = {};
  for (const [id, entry] of entries) {
    counters[id] = {
      runs: [...entry.runs],
      ...(entry.inflight && { inflight: { ...entry.inflight } }),
      ...(entry.unconfirmed.length > 0 && { unconfirmed: [...entry.unconfirmed] }),
      ...(entry.accepted.size > 0 && { accepted: [...entry.accepted].sort() }),
    };
  }
  return { version: 3, counters };
}
