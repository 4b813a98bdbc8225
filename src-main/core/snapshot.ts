// What the core shows, as immutable values: a counter's `CounterState` is replaced only when something
// it shows changed, the array only when one did (README.md, "Counters are immutable values").
import type { CoreSnapshot, CoreStats, ConnectionState, CounterState, Outbox } from '../../src-shared/domain/snapshot';
import type { CounterView } from './counter-merge';
import type { CounterTable } from './counter-table';
import type { Phase } from './lifecycle';
import { pausedConnection } from './pause-status';
import type { PendingLedger } from './pending-ledger';
import type { RateScheduler } from './rate-scheduler';
import type { Clock } from './real-clock';

export interface SnapshotSources {
  clock: Pick<Clock, 'now'>;
  connection(): ConnectionState;
  stats: Readonly<CoreStats>;
  table: Pick<CounterTable, 'get' | 'values' | 'takeTouched'>;
  ledger: Pick<PendingLedger, 'localDelta' | 'isBusy' | 'unconfirmed' | 'waitingClicks'>;
  /** "Still sending…": on the wire longer than the request timeout. */
  isSlow(id: string): boolean;
  scheduler: Pick<RateScheduler, 'pausedUntil' | 'heldUserWork'>;
}

export class Snapshots {
  private readonly states = new Map<string, CounterState>();
  private counters: readonly CounterState[] = Object.freeze([]);
  private last: CoreSnapshot | undefined;

  constructor(private readonly sources: SnapshotSources) {}

  /** The current snapshot: every part that did not change (a counter, the array, the connection, the counts) is the object the last one had; nothing changed, the same snapshot. */
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

  /** Rebuilds the states of the counters the table saw touched; every other keeps its object. */
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
      if (previous && sameShown(previous, next)) continue;
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

  /** Our clicks the server has not confirmed, and whether the scheduler holds them (docs/api.md O8). */
  private outbox(): Outbox {
    const clicks = this.sources.ledger.waitingClicks();
    const held = clicks > 0 ? this.sources.scheduler.heldUserWork() : undefined;
    return held ? { clicks, held } : { clicks };
  }
}

/** A state and its nested objects (`refused`, `error`), frozen: a consumer that writes one fails at once instead of corrupting the next snapshot. */
function deepFreeze(state: CounterState): CounterState {
  Object.freeze(state.refused);
  if (state.error) Object.freeze(state.error);
  return Object.freeze(state);
}

/** The object shown before when `next` shows the same, frozen either way. */
function kept<T extends object>(before: T | undefined, next: T): T {
  return before !== undefined && sameFields(before, next, 1) ? before : Object.freeze(next);
}

/** Two states of one counter show the same (values, and one level of nested objects: `refused`, `error`). */
export function sameShown(a: CounterState, b: CounterState): boolean {
  return sameFields(a, b, 1);
}

function sameFields(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth < 0 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameFields((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth - 1));
}

/** Nothing pending or in flight — or nothing will be tried until start() (idle) or ever again (stopped, token refused). */
export function isSettled(phase: Phase, busy: () => boolean): boolean {
  if (phase === 'idle' || phase === 'stopped' || phase === 'unauthorized') return true;
  return phase === 'running' && !busy();
}

/** What the ledger and the sender add to a counter's server state. */
interface LocalState {
  localDelta: number;
  pending: boolean;
  /** Lost changes awaiting the user's choice. */
  unconfirmed: readonly number[];
  sendingSlowly: boolean;
  /** Clicks unsent or on the wire. */
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
