// One list resync at a time; notifications meanwhile wait for it, since the list may predate them
// (docs/api.md §6, R2).
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { Clock, CoreTuning } from './contract';
import type { Frame } from './live-socket';
import { fullJitterDelay } from './tuning';

interface ResyncHost {
  /** False once stopped or unauthorized: results are dropped. */
  active(): boolean;
  list(): Promise<CounterV2[] | undefined>;
  apply(counters: CounterV2[]): void;
  /** `held`: the frames that arrived during it, in order. */
  synced(held: Frame[]): void;
  /** True when the host dealt with it (no retry). */
  failed(error: unknown): boolean;
  started(): void;
  finished(): void;
}

export class ResyncLoop {
  private running: Promise<void> | undefined;
  private again = false;
  private failures = 0;
  private retryTimer: unknown;
  private held: Frame[] | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly backoff: Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs' | 'random'>,
    private readonly host: ResyncHost,
  ) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  hold(frame: Frame): boolean {
    if (!this.held) return false;
    this.held.push(frame);
    return true;
  }

  request(): Promise<void> {
    if (!this.host.active()) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.held ??= [];
    this.running = this.run().finally(() => {
      this.running = undefined;
      this.host.finished();
    });
    return this.running;
  }

  retryNow(): void {
    if (this.retryTimer === undefined) return;
    this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    void this.request();
  }

  dispose(): void {
    if (this.retryTimer !== undefined) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.held = undefined;
  }

  private async run(): Promise<void> {
    this.dispose();
    this.held = [];
    try {
      do {
        this.again = false;
        this.host.started();
        const counters = await this.host.list();
        if (!counters || !this.host.active()) return;
        this.host.apply(counters);
      } while (this.again);
      this.failures = 0;
      const held = this.held ?? [];
      this.held = undefined;
      this.host.synced(held);
    } catch (error) {
      this.held = undefined;
      if (!this.host.active() || this.host.failed(error)) return;
      const delay = fullJitterDelay(this.failures++, this.backoff.reconnectBaseMs, this.backoff.reconnectCapMs, this.backoff.random);
      this.retryTimer = this.clock.setTimeout(() => {
        this.retryTimer = undefined;
        void this.request();
      }, delay);
    }
  }
}
