// Our own mutations on the wire, per counter — clicks and PATCH alike. While any is on
// the wire, the counter's counterUpdated notifications are held (the table's `stash`) and
// judged when the last one lands: by then each answer has said what its echo carries (its
// value, a rename's name: an expected echo), so our own changes are never reported as
// someone else's, a same-valued change by someone else still is, and an echo that came
// before its answer is recognised instead of being waited for. An edit learns here which
// value it replaced: the one right before its echo, in the server's order.
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { CoreParts } from './core-parts';
import type { CounterView, ExpectedEcho, Notified, NotifiedResult } from './counter-merge';
import { ECHO_WAIT_MS } from './counter-merge';

type OwnWindowParts = Pick<CoreParts, 'clock' | 'table' | 'events'>;

interface EchoWaiter {
  record: CounterView;
  timer: unknown;
  resolve: (replaced: number | undefined) => void;
}

export class OwnWindow {
  private readonly open = new Map<string, number>();
  private readonly waiting = new Map<ExpectedEcho, EchoWaiter>();

  constructor(private readonly parts: OwnWindowParts) {}

  /** A change of ours is on the wire for this counter. */
  active(id: string): boolean {
    return this.open.has(id);
  }

  /** Only one change of ours (click or PATCH) is on the wire for this counter. */
  alone(id: string): boolean {
    return this.open.get(id) === 1;
  }

  begin(record: CounterView): void {
    this.open.set(record.id, (this.open.get(record.id) ?? 0) + 1);
    this.parts.table.holdNotifications(record);
  }

  /** One of our mutations answered: the server's value right after it, and what its echo carries. */
  landed(record: CounterView, echo: Omit<ExpectedEcho, 'at'>): ExpectedEcho {
    return this.parts.table.answered(record, echo, this.parts.clock.now());
  }

  /**
   * Resolves with the value our request replaced, read off the notifications in the
   * server's order: the one before its echo. If the echo never comes (a dropped socket),
   * the last value seen when we stop waiting; undefined once the core stopped.
   */
  replacedBy(record: CounterView, echo: ExpectedEcho): Promise<number | undefined> {
    return new Promise((resolve) => {
      const timer = this.parts.clock.setTimeout(() => this.settle(echo, record.streamValue), ECHO_WAIT_MS);
      this.waiting.set(echo, { record, timer, resolve });
    });
  }

  /** The result of merging a notification outside a held window: an echo of ours is settled here. */
  merged(result: NotifiedResult): RemoteChange | undefined {
    if (result.echo) this.settle(result.echo.echo, result.echo.from);
    return result.remote;
  }

  /** One of our mutations is off the wire (answered, refused or lost); the last one out judges what was held. */
  end(record: CounterView): void {
    const left = (this.open.get(record.id) ?? 1) - 1;
    if (left > 0) {
      this.open.set(record.id, left);
      return;
    }
    this.open.delete(record.id);
    const held = this.parts.table.releaseHeld(record);
    for (const notified of held) this.judge(record, notified);
  }

  /**
   * Echoes sent to an earlier socket never arrive on a new one: stop waiting for them. The
   * stream then lacks our own changes: it goes on from the value our latest answer gave.
   */
  forgetEchoes(record: CounterView): void {
    this.parts.table.forgetEchoes(record);
    for (const [echo, waiter] of this.waiting) if (waiter.record === record) this.settle(echo, record.streamValue);
  }

  /** The core stopped: nothing held is judged any more, no edit is reported. */
  clear(): void {
    this.open.clear();
    for (const echo of [...this.waiting.keys()]) this.settle(echo, undefined);
  }

  private judge(record: CounterView, notified: Notified): void {
    const remote = this.merged(this.parts.table.takeNotification(record, notified, this.parts.clock.now()));
    if (remote) this.parts.events.remote(remote);
  }

  private settle(echo: ExpectedEcho, replaced: number | undefined): void {
    const waiter = this.waiting.get(echo);
    if (!waiter) return;
    this.waiting.delete(echo);
    this.parts.clock.clearTimeout(waiter.timer);
    waiter.resolve(replaced);
  }
}
