// Client-side pacing (not-shown.md #8): never more than N requests in any rolling
// window per token, WebSocket upgrades included. A sliding log of send times decides
// when the next request may go; user changes jump ahead of background reads; a 429
// pauses everything and re-queues the refused request at the very front.
import type { Clock, CoreTuning } from './contract';
import { CoreError } from './contract';
import { isRateLimited } from './errors';
import { fullJitterDelay } from './tuning';

export type Priority = 'user' | 'background';

/** Invoked when a slot is free. Return undefined when there is nothing to send after all: the slot stays free. */
export type Task<T> = () => Promise<T> | undefined;

interface Job {
  rank: number; // 0 = a 429'd retry, 1 = user, 2 = background
  seq: number;
  task: Task<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface SchedulerHooks {
  onSent(): void;
  onRateLimited(): void;
}

type Pacing = Pick<
  CoreTuning,
  'maxRequestsPerWindow' | 'rateWindowMs' | 'rateSafetyMarginMs' | 'rateLimitBackoffBaseMs' | 'rateLimitBackoffCapMs' | 'random'
>;

export class RateScheduler {
  private readonly sendLog: number[] = [];
  private readonly queue: Job[] = [];
  private seq = 0;
  private pausedUntil = 0;
  private backoffAttempt = 0;
  private timer: unknown;
  private timerDue = Infinity;
  private closedWith: Error | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly pacing: Pacing,
    private readonly hooks: SchedulerHooks,
  ) {}

  /** Resolves with the task's result (undefined if it had nothing to send); re-runs it after a 429. */
  run<T>(priority: Priority, task: Task<T>): Promise<T | undefined> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    return new Promise<T | undefined>((resolve, reject) => {
      this.insert({
        rank: priority === 'user' ? 1 : 2,
        seq: this.seq++,
        task,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.drain();
    });
  }

  /** Stop for good: queued tasks are rejected with `reason`; tasks already running finish. */
  close(reason: Error = new CoreError('network', 'The core was stopped')): void {
    this.closedWith = reason;
    this.cancelTimer();
    for (const job of this.queue.splice(0)) job.reject(reason);
  }

  get waiting(): number {
    return this.queue.length;
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
      const now = this.clock.now();
      if (now < this.pausedUntil) return this.wakeAt(this.pausedUntil);
      const window = this.pacing.rateWindowMs + this.pacing.rateSafetyMarginMs;
      while (this.sendLog.length > 0 && this.sendLog[0]! <= now - window) this.sendLog.shift();
      if (this.sendLog.length >= this.pacing.maxRequestsPerWindow) return this.wakeAt(this.sendLog[0]! + window);
      const job = this.queue.shift()!;
      this.start(job, now);
    }
  }

  private start(job: Job, now: number): void {
    let pending: Promise<unknown> | undefined;
    try {
      pending = job.task();
    } catch (error) {
      job.reject(error);
      return;
    }
    if (pending === undefined) {
      job.resolve(undefined);
      return;
    }
    this.sendLog.push(now);
    this.hooks.onSent();
    pending.then(
      (value) => {
        this.backoffAttempt = 0;
        job.resolve(value);
      },
      (error: unknown) => {
        if (!isRateLimited(error) || this.closedWith) {
          job.reject(error);
          return;
        }
        this.hooks.onRateLimited();
        const delay =
          error.retryAfterMs ??
          fullJitterDelay(this.backoffAttempt, this.pacing.rateLimitBackoffBaseMs, this.pacing.rateLimitBackoffCapMs, this.pacing.random);
        this.backoffAttempt += 1;
        this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + delay);
        this.insert({ ...job, rank: 0 });
        this.cancelTimer(); // the pause may be later than a pending wake-up
        this.drain();
      },
    );
  }

  private wakeAt(at: number): void {
    if (this.timer !== undefined && this.timerDue <= at) return;
    this.cancelTimer();
    this.timerDue = at;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.timerDue = Infinity;
      this.drain();
    }, Math.max(0, at - this.clock.now()));
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Infinity;
  }
}
