// Who waits for an echo of ours: an edit is reported with the value it replaced, the one
// right before its echo in the server's order (README.md, "Our own PATCH").
import type { CounterView, ExpectedEcho } from './counter-merge';
import { ECHO_WAIT_MS } from './counter-merge';
import type { Clock } from './real-clock';

interface Waiter {
  record: CounterView;
  timer: unknown;
  resolve: (replaced: number | undefined) => void;
}

export class EchoWaiters {
  private readonly waiting = new Map<ExpectedEcho, Waiter>();

  constructor(private readonly clock: Clock) {}

  /** Resolves with the value before `echo`; no echo within ECHO_WAIT_MS: the last value seen; undefined once cleared. */
  wait(record: CounterView, echo: ExpectedEcho): Promise<number | undefined> {
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(() => this.settle(echo, record.streamValue), ECHO_WAIT_MS);
      this.waiting.set(echo, { record, timer, resolve });
    });
  }

  settle(echo: ExpectedEcho, replaced: number | undefined): void {
    const waiter = this.waiting.get(echo);
    if (!waiter) return;
    this.waiting.delete(echo);
    this.clock.clearTimeout(waiter.timer);
    waiter.resolve(replaced);
  }

  /** The record's echoes will never come (a new socket): each waiter gets the last value seen. */
  forget(record: CounterView): void {
    for (const [echo, waiter] of this.waiting) if (waiter.record === record) this.settle(echo, record.streamValue);
  }

  /** The core stopped: nothing is reported. */
  clear(): void {
    for (const echo of [...this.waiting.keys()]) this.settle(echo, undefined);
  }
}
