// What the app remembers happened to a counter. Nothing names a person: the service never says who
// changed a counter (docs/api.md O20), so a change is "yours" (this app) or "others'".
import { z } from 'zod';

/** Where an own change came from. 'undo' marks the opposite change an undo sent. */
export const ClickSource = z.enum(['popup', 'tray', 'shortcut', 'commandLine', 'link', 'reminder', 'undo']);
export type ClickSource = z.infer<typeof ClickSource>;

/** Net clicks per source in one change the core sent. */
export const SourceBreakdown = z.partialRecord(ClickSource, z.int());
export type SourceBreakdown = z.infer<typeof SourceBreakdown>;

const At = z.number().int().min(0);

export const ActivityEvent = z.discriminatedUnion('kind', [
  /** Once its outcome is known; `amount` 0: the clicks cancelled out and nothing was sent. */
  z.object({
    kind: z.literal('own'),
    at: At,
    amount: z.int(),
    outcome: z.enum(['applied', 'unconfirmed', 'refused']),
    sources: SourceBreakdown,
  }),
  z.object({ kind: z.literal('others'), at: At, from: z.number(), to: z.number() }),
  /** A jump a resync found after the app was offline or asleep. */
  z.object({ kind: z.literal('away'), at: At, from: z.number(), to: z.number() }),
  /** Day counters: the day count before and after. */
  z.object({
    kind: z.literal('edit'),
    at: At,
    by: z.enum(['you', 'others']),
    fields: z.array(z.enum(['name', 'value', 'startDate', 'endDate'])).max(4),
    from: z.number().optional(),
    to: z.number().optional(),
  }),
]);
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const UndoOffer = z.object({
  counterId: z.string(),
  name: z.string(),
  /** The net change undo takes back (+3: it sends −3 or withdraws the unsent clicks). */
  amount: z.int(),
  source: ClickSource,
  expiresAt: z.number(),
  /** Why undo is not offered (the server refused that direction). */
  blockedBecause: z.string().optional(),
});
export type UndoOffer = z.infer<typeof UndoOffer>;

export const ActivitySummary = z.object({
  /** Only counters that moved. */
  today: z.record(z.string(), z.number()),
  undo: UndoOffer.nullable(),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;

export const DayActivity = z.object({
  date: z.string(),
  you: z.number(),
  others: z.number(),
  /** At the end of that day, worked back from the current value. */
  value: z.number(),
});
export type DayActivity = z.infer<typeof DayActivity>;

export const ActivityDetail = z.object({
  counterId: z.string(),
  today: z.object({ you: z.number(), others: z.number() }),
  /** Oldest first; the last is today. */
  days: z.array(DayActivity).max(90),
  /** Newest first. */
  events: z.array(ActivityEvent).max(50),
});
export type ActivityDetail = z.infer<typeof ActivityDetail>;
