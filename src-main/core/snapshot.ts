// What the core shows: every counter as the server has it plus our own changes not yet
// confirmed, the connection (a long 429 pause shown as offline) and the traffic counts.
import type { CoreSnapshot } from '../../src-shared/domain/snapshot';
import type { CoreParts } from './core-parts';
import { toCounterState } from './counter-merge';
import { pausedConnection } from './pause-status';

type SnapshotParts = Pick<CoreParts, 'clock' | 'status' | 'table' | 'ledger' | 'sender' | 'scheduler' | 'live'>;

export function coreSnapshot({ clock, status, table, ledger, sender, scheduler }: SnapshotParts): CoreSnapshot {
  const counters = [...table.values()].map((record) =>
    toCounterState(record, {
      localDelta: ledger.localDelta(record.id),
      pending: ledger.isBusy(record.id) || sender.onWire(record.id),
      unconfirmed: ledger.unconfirmed(record.id),
      sendingSlowly: sender.isSlow(record.id),
    }),
  );
  return { connection: pausedConnection(status.connection, scheduler.pausedUntil, clock.now()), counters, stats: { ...status.stats } };
}

/** Nothing pending or in flight — or nothing will be tried until start() (idle) or ever again (stopped, token refused). */
export function isSettled({ status, live, ledger, sender }: SnapshotParts): boolean {
  const { phase } = status;
  if (phase === 'idle' || phase === 'stopped' || phase === 'unauthorized') return true;
  return phase === 'running' && !live.resyncs.busy && ledger.isEmpty() && !sender.busy();
}
