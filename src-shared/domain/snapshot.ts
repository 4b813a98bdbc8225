// The state the core publishes, as schemas: main reads the last-known file with them.
import { z } from 'zod';
import { CounterType, IsoDate } from '../api/schemas';

export const ConnectionStatus = z.enum(['idle', 'connecting', 'live', 'reconnecting', 'offline', 'unauthorized', 'stopped']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const ConnectionState = z.object({
  status: ConnectionStatus,
  // While reconnecting/offline: when the next attempt is, and the first drop of this outage (epoch ms).
  nextAttemptAt: z.number().optional(),
  message: z.string().optional(),
  since: z.number().optional(),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const Direction = z.enum(['increment', 'decrement']);
export type Direction = z.infer<typeof Direction>;

/** `unconfirmed`: a change's outcome is unknown; `gone`: 403/404; `rejected`: refused (message says why); `unreadable`: its list item did not parse, the last known state is kept. */
const CounterErrorKind = z.enum(['unconfirmed', 'gone', 'rejected', 'unreadable']);

/** The user's answer to a lost change. */
export const UnconfirmedChoice = z.enum(['resend', 'keep']);
export type UnconfirmedChoice = z.infer<typeof UnconfirmedChoice>;

export const CounterState = z.object({
  id: z.string(),
  name: z.string(),
  type: CounterType,
  /** The server's value plus every local change not yet confirmed. */
  value: z.number(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
  pending: z.boolean(),
  /** Directions the server refused (docs/api.md O9), with its reason. */
  refused: z.object({ increment: z.string().optional(), decrement: z.string().optional() }),
  /** `amount`: for 'unconfirmed', the signed sum of the changes whose answer was lost. */
  error: z.object({ kind: CounterErrorKind, message: z.string(), amount: z.int().optional() }).optional(),
  /** On the wire longer than the request timeout: still waited for, never re-sent. */
  sendingSlowly: z.boolean().optional(),
  /** Own clicks unsent or on the wire (absent when none): the row's "2 waiting". */
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

/** Why the scheduler holds our clicks back until `until` (docs/api.md O8): a 429, or our own 4-per-second pacing over a second away. */
export const OutboxHold = z.object({ reason: z.enum(['rateLimited', 'pacing']), until: z.number() });
export type OutboxHold = z.infer<typeof OutboxHold>;

export const Outbox = z.object({
  /** Own clicks unsent or on the wire (lost answers wait for the user's choice, not counted). */
  clicks: z.int().min(0),
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
