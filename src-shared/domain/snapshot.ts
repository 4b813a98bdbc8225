// The state the sync core publishes (src-main/core) and state:get carries to the popup. Schemas, not
// just types: main checks its state:get answer with them and reads the last-known file with them.
import { z } from 'zod';
import { CounterType, IsoDate } from '../api/schemas';

export const ConnectionStatus = z.enum(['idle', 'connecting', 'live', 'reconnecting', 'offline', 'unauthorized', 'stopped']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const ConnectionState = z.object({
  status: ConnectionStatus,
  /** Epoch ms of the next reconnect attempt, while reconnecting/offline. */
  nextAttemptAt: z.number().optional(),
  /** Plain words for the user: why we are not live. */
  message: z.string().optional(),
  /** Epoch ms since which the server has not been reachable, while reconnecting/offline (the first drop of this outage). */
  since: z.number().optional(),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const Direction = z.enum(['increment', 'decrement']);
export type Direction = z.infer<typeof Direction>;

export const CounterErrorKind = z.enum([
  'unconfirmed', // a change whose outcome could not be determined
  'gone', // 403/404: no longer shared with you
  'rejected', // the server refused a change (message says why)
  'unreadable', // the server's list item for it could not be parsed: last known state kept
]);

/** The user's answer to a lost change: send it again, or keep the server's value. */
export const UnconfirmedChoice = z.enum(['resend', 'keep']);
export type UnconfirmedChoice = z.infer<typeof UnconfirmedChoice>;

export const CounterState = z.object({
  id: z.string(),
  name: z.string(),
  type: CounterType,
  /** Server value plus every local change not yet confirmed. */
  value: z.number(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
  /** True while local changes are unsent or in flight. */
  pending: z.boolean(),
  /** Directions the server refused for this counter (docs/api.md O9), with the server's reason. */
  refused: z.object({ increment: z.string().optional(), decrement: z.string().optional() }),
  /**
   * `amount`: for 'unconfirmed', the signed sum of the changes whose answer was lost; the
   * user chooses to send it again or keep the server's value (counter:resolveUnconfirmed).
   */
  error: z.object({ kind: CounterErrorKind, message: z.string(), amount: z.int().optional() }).optional(),
  /** A change of ours is on the wire longer than the request timeout: still waited for, never re-sent. */
  sendingSlowly: z.boolean().optional(),
  /** How many own clicks are unsent or on the wire (absent when none): the row's "2 waiting". */
  waiting: z.int().min(1).optional(),
});
export type CounterState = z.infer<typeof CounterState>;

export const CoreStats = z.object({
  requests: z.number(),
  rateLimited: z.number(),
  notifications: z.number(),
  ignoredFrames: z.number(),
  resyncs: z.number(),
});
export type CoreStats = z.infer<typeof CoreStats>;

/**
 * Why the rate scheduler holds our clicks back (docs/api.md O8): `rateLimited` — a 429 paused
 * every request until `until`; `pacing` — our own 4-per-second pacing sends the last queued
 * click no earlier than `until`, more than a second away.
 */
export const OutboxHold = z.object({ reason: z.enum(['rateLimited', 'pacing']), until: z.number() });
export type OutboxHold = z.infer<typeof OutboxHold>;

/** Our own clicks the server has not confirmed, as the ledger and the scheduler know them. */
export const Outbox = z.object({
  /** Clicks unsent or on the wire (lost answers wait for the user's choice, not counted). */
  clicks: z.int().min(0),
  /** Set while the scheduler holds them back. */
  held: OutboxHold.optional(),
});
export type Outbox = z.infer<typeof Outbox>;

export const CoreSnapshot = z.object({
  connection: ConnectionState,
  counters: z.array(CounterState),
  stats: CoreStats,
  outbox: Outbox,
});
export type CoreSnapshot = z.infer<typeof CoreSnapshot>;

/** A change this client did not make, for notifications. */
export const RemoteChange = z.object({
  counterId: z.string(),
  name: z.string(),
  from: z.number(),
  to: z.number(),
});
export type RemoteChange = z.infer<typeof RemoteChange>;
