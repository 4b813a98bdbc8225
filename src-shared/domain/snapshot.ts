// The state the sync core publishes (src-main/core) and the IPC contract carries to
// the renderer. Schemas, not just types: the renderer parses what crosses the process hop.
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

export const CoreSnapshot = z.object({
  connection: ConnectionState,
  counters: z.array(CounterState),
  stats: CoreStats,
});
export type CoreSnapshot = z.infer<typeof CoreSnapshot>;

/** A change this client did not make, for notifications (issue: onRemoteChange). */
export const RemoteChange = z.object({
  counterId: z.string(),
  name: z.string(),
  from: z.number(),
  to: z.number(),
});
export type RemoteChange = z.infer<typeof RemoteChange>;
