// Who hears about changes: snapshots (one per burst, a microtask later),
// remote changes, change outcomes (the start-up's replayed to later listeners), settled() waiters.
import { Emitter } from '../../src-shared/events/emitter';
import type { Event } from '../../src-shared/events/emitter';
import type { CoreSnapshot, RemoteChange } from '../../src-shared/domain/snapshot';
import type { ChangeOutcome, CounterCore } from './contract';
import type { Clock } from './real-clock';

export interface PublisherSources {
  clock: Pick<Clock, 'now'>;
  /** The snapshot to publish (snapshot.ts). */
  snapshot(): CoreSnapshot;
  settled(): boolean;
}

/** A faulty listener must not break syncing: its error is dropped. */
const ignoreListenerError = { onListenerError: () => undefined };

export class Publisher {
  private readonly snapshots = new Emitter<CoreSnapshot>(ignoreListenerError);
  private readonly remoteChanges = new Emitter<RemoteChange>(ignoreListenerError);
  private readonly outcomes = new Emitter<ChangeOutcome>(ignoreListenerError);
  private queued = false;
  /** Outcomes of the start-up, until it is over (then frozen): replayed to each later listener. */
  private readonly startup: ChangeOutcome[] = [];
  private startingUp = true;
  private waiters: (() => void)[] = [];

  constructor(private readonly sources: PublisherSources) {}

  readonly onSnapshot: CounterCore['subscribe'] = this.snapshots.event;

  readonly onRemoteChange: Event<RemoteChange> = this.remoteChanges.event;

  readonly onChangeOutcome: Event<ChangeOutcome> = (listener) => {
    const unsubscribe = this.outcomes.event(listener);
    for (const outcome of this.startup) {
      try {
        listener(outcome);
      } catch {
        // as ignoreListenerError
      }
    }
    return unsubscribe;
  };

  /** Someone else's change. */
  remote(change: RemoteChange): void {
    this.remoteChanges.fire(change);
  }

  /** What became of one of our changes, stamped with the core's clock. */
  outcome(counterId: string, amount: number, outcome: ChangeOutcome['outcome'], edit?: ChangeOutcome['edit']): void {
    const reported: ChangeOutcome = { counterId, amount, outcome, at: this.sources.clock.now(), ...(edit && { edit }) };
    if (this.startingUp) this.startup.push(reported);
    this.outcomes.fire(reported);
  }

  /** The first sync is over: later outcomes reach only the listeners there are. */
  startupOver(): void {
    this.startingUp = false;
  }

  settled(): Promise<void> {
    if (this.sources.settled()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Something changed: publish once the current burst of work is done. */
  changed(): void {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      this.snapshots.fire(this.sources.snapshot());
      if (this.sources.settled()) for (const resolve of this.waiters.splice(0)) resolve();
    });
  }
}
