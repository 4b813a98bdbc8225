// Who hears about changes: snapshot subscribers (one snapshot per burst of changes, a
// microtask later), remote-change and change-outcome listeners, and callers waiting for settled().
// Outcomes reported while starting (a change the last run left on the wire, clicks on a
// counter that went away) come before anyone could subscribe: they are kept and handed to
// every listener that subscribes later (issue 22 case 10).
import type { CoreSnapshot, RemoteChange } from '../../src-shared/domain/snapshot';
import type { ChangeOutcome } from './contract';

export class Publisher {
  private queued = false;
  private readonly listeners = new Set<(snapshot: CoreSnapshot) => void>();
  private readonly remoteListeners = new Set<(change: RemoteChange) => void>();
  private readonly outcomeListeners = new Set<(outcome: ChangeOutcome) => void>();
  /** Outcomes of the start-up, until it is over (then frozen): replayed to each later listener. */
  private readonly startup: ChangeOutcome[] = [];
  private startingUp = true;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly snapshot: () => CoreSnapshot,
    private readonly isSettled: () => boolean,
  ) {}

  subscribe(listener: (snapshot: CoreSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onRemoteChange(listener: (change: RemoteChange) => void): () => void {
    this.remoteListeners.add(listener);
    return () => this.remoteListeners.delete(listener);
  }

  onChangeOutcome(listener: (outcome: ChangeOutcome) => void): () => void {
    this.outcomeListeners.add(listener);
    for (const outcome of this.startup) guarded(() => listener(outcome));
    return () => this.outcomeListeners.delete(listener);
  }

  emitOutcome(outcome: ChangeOutcome): void {
    if (this.startingUp) this.startup.push(outcome);
    for (const listener of this.outcomeListeners) guarded(() => listener(outcome));
  }

  /** The first sync is over: later outcomes reach only the listeners there are. */
  startupOver(): void {
    this.startingUp = false;
  }

  settled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  emitRemote(change: RemoteChange): void {
    for (const listener of this.remoteListeners) guarded(() => listener(change));
  }

  /** Something changed: publish once the current burst of work is done. */
  changed(): void {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      const snapshot = this.snapshot();
      for (const listener of this.listeners) guarded(() => listener(snapshot));
      if (this.isSettled()) for (const resolve of this.waiters.splice(0)) resolve();
    });
  }
}

/** A faulty listener must not break syncing. */
function guarded(call: () => void): void {
  try {
    call();
  } catch {
    // ignored on purpose
  }
}
