// What the core shows: every counter as the server has it plus our own changes not yet
// confirmed, the connection (a long 429 pause shown as offline) and the traffic counts.
import type { CoreSnapshot, CounterState, Outbox } from '../../src-shared/domain/snapshot';
import type { CoreParts } from './core-parts';
import type { CounterView } from './counter-merge';
import { pausedConnection } from './pause-status';

export type SnapshotParts = Pick<CoreParts, 'clock' | 'status' | 'table' | 'ledger' | 'sender' | 'scheduler' | 'live'>;

export function coreSnapshot({ clock, status, table, ledger, sender, scheduler }: SnapshotParts): CoreSnapshot {
  const counters = [...table.values()].map((record) =>
    toCounterState(record, {
      localDelta: ledger.localDelta(record.id),
      pending: ledger.isBusy(record.id) || sender.onWire(record.id),
      unconfirmed: ledger.unconfirmed(record.id),
      sendingSlowly: sender.isSlow(record.id),
      waiting: ledger.waitingClicks(record.id),
    }),
  );
  return { connection: pausedConnection(status.connection, scheduler.pausedUntil, clock.now()), counters, stats: { ...status.stats }, outbox: outboxOf({ ledger, scheduler }) };
}

/** Our clicks the server has not confirmed, and whether the scheduler holds them (docs/api.md O8). */
export function outboxOf({ ledger, scheduler }: Pick<SnapshotParts, 'ledger' | 'scheduler'>): Outbox {
  const clicks = ledger.waitingClicks();
  const held = clicks > 0 ? scheduler.heldUserWork() : undefined;
  return held ? { clicks, held } : { clicks };
}

/** Nothing pending or in flight — or nothing will be tried until start() (idle) or ever again (stopped, token refused). */
export function isSettled({ status, live, ledger, sender }: SnapshotParts): boolean {
  const { phase } = status;
  if (phase === 'idle' || phase === 'stopped' || phase === 'unauthorized') return true;
  return phase === 'running' && !live.resyncs.busy && ledger.isEmpty() && !sender.busy();
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
