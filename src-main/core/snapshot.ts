// What the core shows and who hears it (README.md, "Counters are immutable values").
import { Emitter, type Event } from '../../src-shared/events/emitter';
import type { CoreSnapshot, CoreStats, ConnectionState, CounterState, Outbox, RemoteChange } from '../../src-shared/domain/snapshot';
import type { Clock } from './clock';
import type { ChangeOutcome, CounterCore, Phase } from './contract';
import type { CounterView } from './counter-merge';
import type { CounterTable } from './counter-table';
import type { PendingLedger } from './pending-ledger';
import type { RateScheduler } from './rate-scheduler';

interface SnapshotSources {
  clock: Pick<Clock, 'now'>;
  connection(): ConnectionState;
  stats: Readonly<CoreStats>;
  table: Pick<CounterTable, 'get' | 'values' | 'takeTouched'>;
  ledger: Pick<PendingLedger, 'localDelta' | 'isBusy' | 'unconfirmed' | 'waitingClicks'>;
  isSlow(id: string): boolean;
  scheduler: Pick<RateScheduler, 'pausedUntil' | 'heldUserWork'>;
}

export class Snapshots {
  private readonly states = new Map<string, CounterState>();
  private counters: readonly CounterState[] = Object.freeze([]);
  private last: CoreSnapshot | undefined;

  constructor(private readonly sources: SnapshotSources) {}

  /** Every part that did not change is the last snapshot's object; nothing changed, the same snapshot. */
  snapshot(): CoreSnapshot {
    this.refresh();
    const { clock, connection, stats, scheduler } = this.sources;
    const last = this.last;
    // Frozen, never written again: the cast only drops `readonly` for the shared schema's type.
    const next: CoreSnapshot = {
      connection: kept(last?.connection, pausedConnection(connection(), scheduler.pausedUntil, clock.now())),
      counters: this.counters as CounterState[],
      stats: kept(last?.stats, { ...stats }),
      outbox: kept(last?.outbox, this.outbox()),
    };
    if (last && (Object.keys(next) as (keyof CoreSnapshot)[]).every((key) => next[key] === last[key])) return last;
    this.last = Object.freeze(next);
    return next;
  }

  private refresh(): void {
    const { table } = this.sources;
    const touched = table.takeTouched();
    let changed = touched.reordered;
    for (const id of touched.ids) {
      const record = table.get(id);
      const previous = this.states.get(id);
      if (!record) {
        if (!previous) continue;
        this.states.delete(id);
        changed = true;
        continue;
      }
      const next = this.stateOf(record);
      if (previous && sameFields(previous, next, 1)) continue;
      this.states.set(id, next);
      changed = true;
    }
    if (changed) this.counters = Object.freeze(Array.from(table.values(), (record) => this.states.get(record.id) ?? this.adopt(record)));
  }

  /** A counter the table never reported touched (it always does): its state all the same. */
  private adopt(record: CounterView): CounterState {
    const state = this.stateOf(record);
    this.states.set(record.id, state);
    return state;
  }

  private stateOf(record: CounterView): CounterState {
    const { ledger, isSlow } = this.sources;
    const id = record.id;
    const local = { localDelta: ledger.localDelta(id), pending: ledger.isBusy(id), unconfirmed: ledger.unconfirmed(id), sendingSlowly: isSlow(id), waiting: ledger.waitingClicks(id) };
    return deepFreeze(toCounterState(record, local));
  }

  /** Our unconfirmed clicks, and whether the scheduler holds them (docs/api.md O8). */
  private outbox(): Outbox {
    const clicks = this.sources.ledger.waitingClicks();
    const held = clicks > 0 ? this.sources.scheduler.heldUserWork() : undefined;
    return held ? { clicks, held } : { clicks };
  }
}

/** Frozen with its nested objects: a consumer that writes one fails at once instead of corrupting the next snapshot. */
function deepFreeze(state: CounterState): CounterState {
  Object.freeze(state.refused);
  if (state.error) Object.freeze(state.error);
  return Object.freeze(state);
}

/** The object shown before when `next` shows the same (one level deep), frozen either way. */
function kept<T extends object>(before: T | undefined, next: T): T {
  return before !== undefined && sameFields(before, next, 1) ? before : Object.freeze(next);
}

function sameFields(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth < 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameFields((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth - 1));
}

/** Shorter pauses are routine pacing, not worth a status change. */
const SHOWN_PAUSE_MS = 10_000;

/** A long 429 pause holds every click back: the user is told until when. */
function pausedConnection(connection: ConnectionState, pausedUntil: number, now: number): ConnectionState {
  const left = pausedUntil - now;
  if (left < SHOWN_PAUSE_MS || (connection.status !== 'live' && connection.status !== 'reconnecting' && connection.status !== 'connecting')) {
    return { ...connection };
  }
  const minutes = Math.ceil(left / 60_000);
  return {
    status: 'offline',
    nextAttemptAt: pausedUntil,
    message: `The server asked us to wait (HTTP 429): nothing is sent for ${minutes === 1 ? 'a minute' : `${minutes} minutes`}; your clicks are kept.`,
  };
}

/** Nothing pending or in flight, or nothing will be tried until start() or ever again. */
export function isSettled(phase: Phase, busy: () => boolean): boolean {
  if (phase === 'idle' || phase === 'stopped' || phase === 'unauthorized') return true;
  return phase === 'running' && !busy();
}

interface LocalState {
  localDelta: number;
  pending: boolean;
  unconfirmed: readonly number[];
  sendingSlowly: boolean;
  waiting: number;
}

export function toCounterState(record: CounterView, local: LocalState): CounterState {
  const state: CounterState = {
    id: record.id,
    name: record.name,
    type: record.type,
    value: record.confirmed + local.localDelta,
    pending: local.pending,
    refused: { ...record.refused },
  };
  if (record.startDate !== undefined) state.startDate = record.startDate;
  if (record.endDate !== undefined) state.endDate = record.endDate;
  if (local.sendingSlowly) state.sendingSlowly = true;
  if (local.waiting > 0) state.waiting = local.waiting;
  if (record.error?.kind !== 'gone' && local.unconfirmed.length > 0) state.error = unconfirmedFlag(local.unconfirmed, record.confirmed);
  else if (record.error) state.error = { ...record.error };
  return state;
}

function unconfirmedFlag(amounts: readonly number[], serverValue: number): NonNullable<CounterState['error']> {
  const amount = amounts.reduce((total, value) => total + value, 0);
  const signed = amount > 0 ? `+${amount}` : String(amount);
  return {
    kind: 'unconfirmed',
    amount,
    message: `Could not confirm whether your change of ${signed} was applied; the server shows ${serverValue}. Send it again, or keep the server's value.`,
  };
}

interface PublisherSources {
  clock: Pick<Clock, 'now'>;
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
  /** Outcomes of the start-up, replayed to each later listener. */
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

  remote(change: RemoteChange): void {
    this.remoteChanges.fire(change);
  }

  outcome(counterId: string, amount: number, outcome: ChangeOutcome['outcome'], edit?: ChangeOutcome['edit']): void {
    const reported: ChangeOutcome = { counterId, amount, outcome, at: this.sources.clock.now(), ...(edit && { edit }) };
    if (this.startingUp) this.startup.push(reported);
    this.outcomes.fire(reported);
  }

  /** Later outcomes reach only the listeners there are. */
  startupOver(): void {
    this.startingUp = false;
  }

  settled(): Promise<void> {
    if (this.sources.settled()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Publishes once the current burst of work is done. */
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
