// What the connection status says while a 429's Retry-After holds every request back.
// A short pause is routine pacing and changes nothing; a long one (up to retryAfterCapMs)
// means clicks wait and nothing is sent, so the user is told until when.
import type { ConnectionState } from '../../src-shared/domain/snapshot';

/** Pauses shorter than this are not worth a status change. */
export const SHOWN_PAUSE_MS = 10_000;

export function pausedConnection(connection: ConnectionState, pausedUntil: number, now: number): ConnectionState {
  const left = pausedUntil - now;
  if (left < SHOWN_PAUSE_MS || (connection.status !== 'live' && connection.status !== 'reconnecting' && connection.status !== 'connecting')) {
    return { ...connection };
  }
  const minutes = Math.ceil(left / 60_000);
  return {
    status: 'offline',
    nextAttemptAt: pausedUntil,
    message: `The server asked us to wait (HTTP 429): nothing is sent for ${minutes === 1 ? 'a minute' : `${minutes} minutes`}; your clicks are kept.`,
  };
}
