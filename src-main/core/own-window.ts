// Our own mutations on the wire, per counter — clicks and PATCH alike. While any is on
// the wire, the counter's counterUpdated values are held (record.stash) and judged when
// the last one lands: by then each answer has said which value is ours (an expected
// echo), so our own changes are never reported as someone else's and an echo that came
// before its answer is recognised instead of being waited for.
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { Clock } from './contract';
import type { CounterRecord } from './counter-table';
import { expectEcho, mergeNotifiedValue } from './counter-table';

export class OwnWindow {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly report: (change: RemoteChange) => void,
  ) {}

  /** A change of ours is on the wire for this counter. */
  active(id: string): boolean {
    return this.open.has(id);
  }

  begin(record: CounterRecord): void {
    this.open.set(record.id, (this.open.get(record.id) ?? 0) + 1);
    record.stash ??= [];
  }

  /** One of our mutations answered: `value` is the server's value right after it, its echo is due. */
  landed(record: CounterRecord, value: number): void {
    record.confirmed = value;
    expectEcho(record, value, this.clock.now());
  }

  /** One of our mutations is off the wire (answered, refused or lost); the last one out judges what was held. */
  end(record: CounterRecord): void {
    const left = (this.open.get(record.id) ?? 1) - 1;
    if (left > 0) {
      this.open.set(record.id, left);
      return;
    }
    this.open.delete(record.id);
    const values = record.stash ?? [];
    record.stash = undefined;
    for (const value of values) {
      const remote = mergeNotifiedValue(record, value, this.clock.now());
      if (remote) this.report(remote);
    }
  }

  /** The core stopped: nothing held is judged any more. */
  clear(): void {
    this.open.clear();
  }
}
