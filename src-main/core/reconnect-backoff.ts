// When the live socket tries again (the numbers: README.md, "Reconnect policy numbers").
// Two kinds of drop, told apart by the close code the server sent:
// - the server said it is restarting or going away (1012 Service Restart, 1001 Going Away,
//   1013 Try Again Later): every client of the service got that close in the same
//   instant, so each spreads its first attempt over `restartWindowMs`; if that attempt is
//   refused the service is taking longer than a restart, and each wait is spread over the
//   whole cap (the herd of an outage that began with a restart close);
// - anything else (an error, a ping without pong, a close without a close frame): most
//   likely this client's own network, so it comes back fast: full jitter from
//   `reconnectBaseMs`, doubling to the cap.
// The failure count resets only after a socket stayed open `reconnectHealthyMs`. The herd
// simulation (bench/herd-sim.ts) drives this very class; its numbers are set from there
// (src-main/core/README.md, "Reconnect policy numbers").
import type { CoreTuning } from './contract';
import { jitterCeiling } from './tuning';

/** 'serverRestart': the server closed the socket for a restart or shutdown; 'lost': anything else. */
export type DropCause = 'serverRestart' | 'lost';

/** RFC 6455 §7.4.1 1001 and the IANA registry's 1012 / 1013: the server is going away or back later. */
export const RESTART_CLOSE_CODES: ReadonlySet<number> = new Set([1001, 1012, 1013]);

export const dropCauseOf = (closeCode: number): DropCause => (RESTART_CLOSE_CODES.has(closeCode) ? 'serverRestart' : 'lost');

export type ReconnectTuning = Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs' | 'restartWindowMs' | 'random'>;

export class ReconnectBackoff {
  private failures = 0;
  /** Since the server's restart close: 'first' until its first attempt, then 'refused' until a socket opens. */
  private restart: 'no' | 'first' | 'refused' = 'no';

  constructor(private readonly tuning: ReconnectTuning) {}

  /** Drops and failed attempts since the last healthy socket. */
  get failuresInARow(): number {
    return this.failures;
  }

  /**
   * The wait before the next attempt, after the socket dropped (`cause`) or an attempt
   * failed ('attemptFailed': a restart stays a restart until a socket opens); never less
   * than `atLeastMs` (a Retry-After).
   */
  next(cause: DropCause | 'attemptFailed', atLeastMs = 0): number {
    if (cause === 'serverRestart') this.restart = 'first';
    else if (cause === 'lost') this.restart = 'no';
    else if (this.restart === 'first') this.restart = 'refused';
    const { reconnectBaseMs, reconnectCapMs, restartWindowMs, random } = this.tuning;
    const ownCeiling = jitterCeiling(this.failures, reconnectBaseMs, reconnectCapMs);
    const restartCeiling = { no: 0, first: restartWindowMs, refused: reconnectCapMs }[this.restart];
    this.failures += 1;
    return Math.max(atLeastMs, Math.floor(random() * Math.max(ownCeiling, restartCeiling)));
  }

  /** A socket opened: the restart, if any, is over (the failure count waits for `healthy`). */
  opened(): void {
    this.restart = 'no';
  }

  /** The socket stayed open `reconnectHealthyMs`: the next drop starts afresh. */
  healthy(): void {
    this.failures = 0;
  }
}
