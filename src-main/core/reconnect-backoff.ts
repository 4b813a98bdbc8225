// When the live socket tries again (README.md, "Reconnect policy numbers").
import type { CoreTuning } from './contract';
import { jitterCeiling } from './tuning';

export type DropCause = 'serverRestart' | 'lost';

/** RFC 6455 §7.4.1 1001 and the IANA registry's 1012 / 1013: the server is going away or back later. */
const RESTART_CLOSE_CODES: ReadonlySet<number> = new Set([1001, 1012, 1013]);

export const dropCauseOf = (closeCode: number): DropCause => (RESTART_CLOSE_CODES.has(closeCode) ? 'serverRestart' : 'lost');

type ReconnectTuning = Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs' | 'restartWindowMs' | 'random'>;

export class ReconnectBackoff {
  private failures = 0;
  /** Since the server's restart close: 'first' until its first attempt, then 'refused' until a socket opens. */
  private restart: 'no' | 'first' | 'refused' = 'no';

  constructor(private readonly tuning: ReconnectTuning) {}

  get failuresInARow(): number {
    return this.failures;
  }

  /** Never under `atLeastMs`; after 'attemptFailed' a restart stays one until a socket opens. */
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

  /** The restart, if any, is over; the failure count waits for `healthy`. */
  opened(): void {
    this.restart = 'no';
  }

  /** Open `reconnectHealthyMs`: the next drop starts afresh. */
  healthy(): void {
    this.failures = 0;
  }
}
