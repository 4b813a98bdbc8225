// Keeps the table and the ledger in step with the server (socket, frames, resyncs, day counters, counters gone).
import type { RawData } from 'ws';
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ConnectionState, CoreStats } from '../../src-shared/domain/snapshot';
import type { ApiClient, ListedCounters } from './api-client';
import type { CoreTuning } from './contract';
import type { CounterTable } from './counter-table';
import { DayRollover } from './day-rollover';
import { isCoreError } from './errors';
import type { Phase } from './contract';
import type { DayWatch } from './midnight';
import { parseFrame, type Frame, type SocketHandlers } from './live-socket';
import type { OutgoingChanges } from './outgoing-changes';
import type { PendingLedger } from './pending-ledger';
import type { Publisher } from './snapshot';
import type { RateScheduler } from './rate-scheduler';
import type { Clock } from './clock';
import { ResyncLoop } from './resync-loop';

/** After this many failed attempts in a row the connection shows offline, not reconnecting. */
const OFFLINE_AFTER_FAILURES = 3;

interface LiveSyncDeps {
  clock: Clock;
  tuning: Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs' | 'random'>;
  log(message: string): void;
  phase(): Phase;
  timezone(): string;
  days: DayWatch;
  ownDays: boolean;
  stats: CoreStats;
  api: Pick<ApiClient, 'listCounters' | 'getCounter' | 'serverText'>;
  scheduler: Pick<RateScheduler, 'run'>;
  ledger: PendingLedger;
  table: CounterTable;
  events: Pick<Publisher, 'changed' | 'outcome' | 'remote'>;
  wire: Pick<OutgoingChanges, 'active' | 'merge' | 'forgetEchoes' | 'onWire' | 'pumpAll'>;
  connection(state: ConnectionState): void;
  unauthorized(message: string): void;
  startFailed(error: unknown): void;
  synced(): void;
}

export class LiveSync implements SocketHandlers {
  private socketOpen = false;
  private readonly days: DayRollover;
  private unreadable: ListedCounters['unreadable'] = [];
  /** The server computed the list's day values for then. */
  private listRequestedAt = 0;
  readonly resyncs: ResyncLoop;

  constructor(private readonly deps: LiveSyncDeps) {
    const { clock, tuning, table, events } = deps;
    this.days = new DayRollover({
      clock,
      timezone: deps.timezone,
      days: deps.days,
      ownWatch: deps.ownDays,
      records: () => table.values(),
      turn: (record, value) => table.setServerValue(record, value),
      changed: () => events.changed(),
      log: deps.log,
    });
    this.resyncs = new ResyncLoop(clock, tuning, {
      active: () => deps.phase() === 'starting' || deps.phase() === 'running',
      list: async () => {
        const listed = await deps.scheduler.run('background', () => {
          this.listRequestedAt = clock.now();
          return deps.api.listCounters(deps.timezone());
        });
        this.unreadable = listed?.unreadable ?? [];
        return listed?.counters;
      },
      apply: (counters) => this.applyList(counters),
      synced: (held) => this.synced(held),
      failed: (error) => this.resyncFailed(error),
      started: () => (deps.stats.resyncs += 1),
      finished: () => events.changed(),
    });
  }

  resync(): Promise<void> {
    return this.resyncs.request();
  }

  /** Day counters turn for the new zone now; the reopened socket's resync confirms. */
  zoneChanged(): void {
    this.days.zoneChanged();
  }

  dispose(): void {
    this.days.dispose();
    this.resyncs.dispose();
  }

  retryNow(): void {
    this.resyncs.retryNow();
  }

  // ---- socket ----

  onOpen(): void {
    this.socketOpen = true;
    // Echoes sent to an earlier socket never arrive on this one; a lost change stays "maybe ours".
    for (const record of this.deps.table.values()) this.deps.wire.forgetEchoes(record);
    void this.resync();
  }

  onDown(reason: string, nextAttemptAt: number, failures: number): void {
    this.socketOpen = false;
    const phase = this.deps.phase();
    if (phase === 'stopped' || phase === 'unauthorized') return;
    const status = failures > OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting';
    this.deps.connection({ status, nextAttemptAt, message: reason });
    // Without a socket at start, sync over REST anyway; the socket keeps trying.
    if (phase === 'starting' && !this.resyncs.busy) void this.resync();
  }

  onUnauthorized(message: string): void {
    this.deps.unauthorized(message);
  }

  onFrame(data: RawData, isBinary: boolean): void {
    const frame = parseFrame(data, isBinary, this.deps.api.serverText);
    const { stats } = this.deps;
    if (frame.kind === 'ignored') {
      stats.ignoredFrames += 1;
      this.deps.events.changed();
      return;
    }
    stats.notifications += 1;
    if (!this.resyncs.hold(frame)) this.applyFrame(frame);
  }

  /** A 403/404 on a change: flagged now, dropped by the resync if really gone (docs/api.md O10). */
  gone(id: string, message: string): void {
    const record = this.deps.table.get(id);
    if (record) this.deps.table.flagGone(record, message);
    this.deps.events.changed();
    void this.resync();
  }

  /** What a notification does to the counters (docs/api.md §6, O4, O5). */
  private applyFrame(frame: Frame): void {
    const { table, wire, events } = this.deps;
    switch (frame.kind) {
      case 'counterUpdated': {
        const { counterId, name, type, value } = frame.params;
        const record = table.get(counterId);
        if (!record) void this.resync(); // newly visible to us: learn it whole
        else if (!table.noteUpdated(record, { value, name, type })) {
          // not held for a change of ours on the wire (that is judged when it lands)
          const remote = wire.merge(record, { value, name });
          if (remote) events.remote(remote);
          if (remote && type !== 'UpDown') void this.refreshDates(counterId); // counterUpdated carries no dates
        }
        break;
      }
      case 'counterDeleted':
        if (frame.counterId === undefined) void this.resync(); // params name no counter
        else if (table.remove(frame.counterId)) this.drop(frame.counterId, 'it was deleted');
        break;
      case 'counterMemberlistChanged':
        void this.resync(); // visibility may have changed either way
        break;
      case 'ignored':
        break;
    }
    events.changed();
  }

  private async refreshDates(id: string): Promise<void> {
    const { clock, scheduler, api, table } = this.deps;
    try {
      let requestedAt = 0;
      const counter = await scheduler.run('background', () => {
        requestedAt = clock.now();
        return api.getCounter(id, this.deps.timezone());
      });
      const record = table.get(id);
      if (!counter || !record) return;
      this.days.observe([counter], requestedAt);
      table.takeDates(record, counter);
      if (!this.deps.wire.active(id)) table.setServerValue(record, counter.value);
      this.days.rollOver();
      this.deps.events.changed();
    } catch {
      // The next resync catches up.
    }
  }

  /** Not listed for us any more: unsent clicks dropped, logged by id and reported. */
  drop(id: string, why: string): void {
    const { ledger } = this.deps;
    const unsent = ledger.pending(id);
    const hadClicks = ledger.hasUnsent(id);
    const inflight = ledger.inflight(id);
    ledger.forget(id);
    void ledger.persist();
    if (!hadClicks && !inflight) return;
    const left = inflight === undefined ? '' : `; a change of ${inflight.delta} left on the wire by the last run is forgotten`;
    this.deps.log(`counter ${id}: ${why}; unsent clicks (net ${unsent > 0 ? `+${unsent}` : unsent}) dropped, nothing of them was sent${left}`);
    if (hadClicks) this.deps.events.outcome(id, unsent, 'dropped');
  }

  /** At the first sync: a change the last run left on the wire is flagged; clicks of a counter not listed are dropped. */
  recoverFromLastRun(onWire = (id: string) => this.deps.wire.onWire(id)): void {
    const { ledger, table } = this.deps;
    for (const id of ledger.ids()) {
      const change = ledger.inflight(id);
      const record = table.get(id);
      if (!record) {
        this.drop(id, 'it is no longer shared with this account');
        continue;
      }
      if (change && !onWire(id)) {
        ledger.markUnconfirmed(id);
        this.deps.events.outcome(id, change.delta, 'unconfirmed');
      }
      table.setMaybeOurs(record, ledger.unconfirmed(id)); // every open "could not confirm" may explain a later step
    }
    void ledger.persist();
  }

  // ---- resync ----

  private applyList(counters: CounterV2[]): void {
    // A list computed before local midnight and received after it is judged for its own day ...
    this.days.observe(counters, this.listRequestedAt);
    const list = { counters, unreadable: this.unreadable };
    for (const item of list.unreadable) this.deps.log(`counter ${item.id ?? '(no id)'}: the server's list item could not be read (${item.reason}); its last known state and unsent clicks are kept`);
    const { remote, removed } = this.deps.table.mergeList(list, (id) => this.deps.wire.active(id));
    // ... and then shown for today: day counters the server's rule agrees with turn now.
    this.days.rollOver();
    if (this.deps.phase() === 'running') for (const change of remote) this.deps.events.remote(change);
    for (const id of removed) this.drop(id, 'it is no longer shared with this account');
    void this.deps.ledger.persist();
  }

  private synced(held: Frame[]): void {
    for (const frame of held) this.applyFrame(frame);
    if (this.deps.phase() === 'starting') this.recoverFromLastRun();
    this.deps.synced();
    this.deps.wire.pumpAll();
    if (this.socketOpen) this.deps.connection({ status: 'live' });
    this.days.follow();
  }

  private resyncFailed(error: unknown): boolean {
    if (isCoreError(error) && error.kind === 'unauthorized') {
      this.deps.unauthorized(error.message);
      return true;
    }
    if (this.deps.phase() === 'starting') {
      this.deps.startFailed(error);
      return true;
    }
    return false;
  }
}
