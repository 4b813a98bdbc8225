// Pacing (docs/api.md §8, O8; README.md, "Traffic and liveness"): N requests per rolling window,
// user changes first, a 429 pauses everything once per burst, every wait on the monotonic clock.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { OutboxHold } from '../../src-shared/domain/snapshot';
import type { Clock, CoreTuning } from './contract';
import { CoreError } from './contract';
import { isRateLimited } from './errors';
import { fullJitterDelay } from './tuning';

type Priority = 'user' | 'background';

/** The requests a running task put on the wire, carried through the task's awaits. */
const currentSlot = new AsyncLocalStorage<Promise<unknown>[]>();

/** The request behind `wire` keeps the current rate slot until it settles, even after its caller stopped waiting. */
export function holdSlot(wire: Promise<unknown>): void {
  currentSlot.getStore()?.push(wire);
}

/** Run when a slot is free; undefined: nothing to send after all, the slot stays free. */
type Task<T> = () => Promise<T> | undefined;

/** On a 429, `retry`: pause and re-send the task; `reject`: the caller retries on its own (the upgrade). */
interface RunOptions {
  rateLimited?: 'retry' | 'reject';
}

interface Job {
  rank: number; // 0 = a 429'd retry, 1 = user, 2 = background
  priority: Priority;
  seq: number;
  rateLimited: 'retry' | 'reject';
  task: Task<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface SchedulerHooks {
  onSent(): void;
  onRateLimited(): void;
  onResumed?(): void;
}

type Pacing = Pick<
  CoreTuning,
  'maxRequestsPerWindow' | 'rateWindowMs' | 'rateSafetyMarginMs' | 'rateLimitBackoffBaseMs' | 'rateLimitBackoffCapMs' | 'retryAfterCapMs' | 'random'
>;

export class RateScheduler {
  /** Per request sent: `at` undefined while on the wire, then when it finished. */
  private readonly sendLog: { at: number | undefined }[] = [];
  private readonly queue: Job[] = [];
  private seq = 0;
  private pauseUntil = 0;
  /** A 429 for a request sent before this belongs to the current pause's burst. */
  private pauseStartedAt = -Infinity;
  private backoffAttempt = 0;
  private timer: unknown;
  private timerDue = Infinity;
  private closedWith: Error | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly pacing: Pacing,
    private readonly hooks: SchedulerHooks,
  ) {}

  /** The task's result (undefined: nothing to send); re-run after a 429. */
  run<T>(priority: Priority, task: Task<T>, options: RunOptions = {}): Promise<T | undefined> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    return new Promise<T | undefined>((resolve, reject) => {
      this.insert({
        rank: priority === 'user' ? 1 : 2,
        priority,
        seq: this.seq++,
        rateLimited: options.rateLimited ?? 'retry',
        task,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.drain();
    });
  }

  /** For good: queued tasks are rejected with `reason`; running ones finish. */
  close(reason: Error = new CoreError('network', 'The core was stopped')): void {
    this.closedWith = reason;
    this.cancelTimer();
    for (const job of this.queue.splice(0)) job.reject(reason);
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Epoch ms until which a 429 holds every request back (0 or past: not paused). */
  get pausedUntil(): number {
    return this.pauseUntil === 0 ? 0 : this.onWallClock(this.pauseUntil);
  }

  /** What the popup counts down to. */
  private onWallClock(at: number): number {
    return this.clock.now() + (at - this.clock.monotonic());
  }

  /**
   * Whether queued user changes are held back, until when and why: a 429's pause, or our pacing when
   * the last waits longer than one window (the next window is not worth a word). A lower bound:
   * requests on the wire are taken as answered now, each queued one as answered at once.
   */
  heldUserWork(): OutboxHold | undefined {
    const last = this.queue.findLastIndex((job) => job.priority === 'user');
    if (last < 0) return undefined;
    const now = this.clock.monotonic();
    if (now < this.pauseUntil) return { reason: 'rateLimited', until: this.onWallClock(this.pauseUntil) };
    const window = this.pacing.rateWindowMs + this.pacing.rateSafetyMarginMs;
    // The jobs up to the last user one take the earliest free slot in turn.
    const free = this.sendLog.map((entry) => (entry.at ?? now) + window);
    while (free.length < this.pacing.maxRequestsPerWindow) free.push(now);
    let startsAt = now;
    for (let n = 0; n <= last; n += 1) {
      free.sort((a, b) => a - b);
      startsAt = Math.max(now, free.shift()!);
      free.push(startsAt + window);
    }
    return startsAt - now > window ? { reason: 'pacing', until: this.onWallClock(startsAt) } : undefined;
  }

  private insert(job: Job): void {
    let index = this.queue.length;
    while (index > 0) {
      const previous = this.queue[index - 1]!;
      if (previous.rank < job.rank || (previous.rank === job.rank && previous.seq < job.seq)) break;
      index -= 1;
    }
    this.queue.splice(index, 0, job);
  }

  private drain(): void {
    if (this.closedWith) return;
    while (this.queue.length > 0) {
      const now = this.clock.monotonic();
      if (now < this.pauseUntil) return this.wakeAt(this.pauseUntil);
      const window = this.pacing.rateWindowMs + this.pacing.rateSafetyMarginMs;
      for (let i = this.sendLog.length - 1; i >= 0; i -= 1) {
        const at = this.sendLog[i]!.at;
        if (at !== undefined && at <= now - window) this.sendLog.splice(i, 1);
      }
      if (this.sendLog.length >= this.pacing.maxRequestsPerWindow) {
        const finished = this.sendLog.map((entry) => entry.at).filter((at): at is number => at !== undefined);
        // All on the wire: the next answer calls drain(); else the oldest finished one frees a slot.
        if (finished.length > 0) this.wakeAt(Math.min(...finished) + window);
        return;
      }
      const job = this.queue.shift()!;
      this.start(job);
    }
  }

  private start(job: Job): void {
    let pending: Promise<unknown> | undefined;
    const wires: Promise<unknown>[] = [];
    try {
      pending = currentSlot.run(wires, () => job.task());
    } catch (error) {
      job.reject(error);
      return;
    }
    if (pending === undefined) {
      job.resolve(undefined);
      return;
    }
    const entry: { at: number | undefined } = { at: undefined };
    const sentAt = this.clock.monotonic();
    this.sendLog.push(entry);
    this.hooks.onSent();
    const finished = () => {
      // One that timed out may still reach the server: the slot is free once it is off the wire.
      if (wires.length > 0) {
        void Promise.all(wires.splice(0)).then(finished);
        return;
      }
      entry.at = this.clock.monotonic();
      this.drain();
    };
    pending.then(
      (value) => {
        this.backoffAttempt = 0;
        job.resolve(value);
        finished();
      },
      (error: unknown) => {
        if (isRateLimited(error) && !this.closedWith) {
          this.hooks.onRateLimited();
          if (job.rateLimited === 'reject') job.reject(error);
          else {
            this.pause(error.retryAfterMs, sentAt);
            this.insert({ ...job, rank: 0 });
          }
        } else {
          job.reject(error);
        }
        finished();
      },
    );
  }

  private pause(retryAfterMs: number | undefined, sentAt: number): void {
    const { rateLimitBackoffBaseMs, rateLimitBackoffCapMs, retryAfterCapMs, random } = this.pacing;
    const sameBurst = sentAt <= this.pauseStartedAt;
    if (sameBurst && retryAfterMs === undefined) return; // the pause already set covers it
    const delay =
      retryAfterMs !== undefined
        ? Math.min(retryAfterMs, retryAfterCapMs)
        : fullJitterDelay(this.backoffAttempt++, rateLimitBackoffBaseMs, rateLimitBackoffCapMs, random);
    const now = this.clock.monotonic();
    this.pauseStartedAt = now;
    this.pauseUntil = Math.max(this.pauseUntil, now + delay);
  }

  private wakeAt(at: number): void {
    if (this.timer !== undefined && this.timerDue <= at) return;
    this.cancelTimer();
    this.timerDue = at;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.timerDue = Infinity;
      if (this.pauseUntil !== 0 && this.clock.monotonic() >= this.pauseUntil) {
        this.pauseUntil = 0;
        this.hooks.onResumed?.();
      }
      this.drain();
    }, Math.max(0, at - this.clock.monotonic()));
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Infinity;
  }
}
