// Keeps the table and the ledger in step with what the server says: socket opens and drops,
// frames, list resyncs (frames held meanwhile), day counters turning, counters gone (their
// unsent clicks dropped), and at the first sync what the last run left on the wire.
import type { RawData } from 'ws';
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ConnectionState, CoreStats } from '../../src-shared/domain/snapshot';
import { droppedLine } from './answer-verdict';
import type { ApiClient, ListedCounters } from './api-client';
import type { CoreTuning } from './contract';
import type { CounterTable } from './counter-table';
import { DayRollover } from './day-rollover';
import { isCoreError } from './errors';
import type { Phase } from './contract';
import type { SocketHandlers } from './live-socket';
import type { DayWatch } from './midnight';
import { applyFrame, parseFrame, type Frame } from './notifications';
import type { OutgoingChanges } from './outgoing-changes';
import type { PendingLedger } from './pending-ledger';
import type { Publisher } from './snapshot';
import type { RateScheduler } from './rate-scheduler';
import type { Clock } from './clock';
import { ResyncLoop } from './resync-loop';

/** After this many failed attempts in a row the connection is shown as offline, not reconnecting. */
const OFFLINE_AFTER_FAILURES = 3;

export interface LiveSyncDeps {
  clock: Clock;
  tuning: Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs' | 'random'>;
  log(message: string): void;
  phase(): Phase;
  timezone(): string;
  /** What day it is: the app's watch, or the core's own (`ownDays`: stopped with the core). */
  days: DayWatch;
  ownDays: boolean;
  stats: CoreStats;
  api: Pick<ApiClient, 'listCounters' | 'getCounter' | 'serverText'>;
  scheduler: Pick<RateScheduler, 'run'>;
  ledger: PendingLedger;
  table: CounterTable;
  events: Pick<Publisher, 'changed' | 'outcome' | 'remote'>;
  wire: Pick<OutgoingChanges, 'active' | 'merge' | 'forgetEchoes' | 'onWire' | 'pumpAll'>;
  /** The lifecycle's side: the connection shown, a refused token, a failed start, a finished sync. */
  connection(state: ConnectionState): void;
  unauthorized(message: string): void;
  startFailed(error: unknown): void;
  synced(): void;
}

export class LiveSync implements SocketHandlers {
  private socketOpen = false;
  private readonly days: DayRollover;
  /** What the last list read could not parse; ResyncLoop hands over only the counters. */
  private unreadable: ListedCounters['unreadable'] = [];
  /** When the last list read was sent: the server computed its day values for that moment. */
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

  /** Today may be another date in the new zone: turn day counters now; the reopened socket's resync confirms. */
  zoneChanged(): void {
    this.days.zoneChanged();
  }

  dispose(): void {
    this.days.dispose();
    this.resyncs.dispose();
  }

  /** "Retry now": a failed resync waiting for its next try goes at once. */
  retryNow(): void {
    this.resyncs.retryNow();
  }

  // ---- socket ----------------------------------------------------------------------

  onOpen(): void {
    this.socketOpen = true;
    // Echoes sent to an earlier socket never arrive on this one. A lost change of ours may
    // still have landed meanwhile: its amount stays "maybe ours" until the user answers.
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

  /** The server refused a change with 403/404: flagged now, dropped by the resync if it is really no longer ours (docs/api.md O10). */
  gone(id: string, message: string): void {
    const record = this.deps.table.get(id);
    if (record) this.deps.table.flagGone(record, message);
    this.deps.events.changed();
    void this.resync();
  }

  private applyFrame(frame: Frame): void {
    const { table, wire, events } = this.deps;
    applyFrame(frame, table, {
      resync: () => void this.resync(),
      remove: (id) => this.remove(id),
      remote: (change) => events.remote(change),
      merge: (record, notified) => wire.merge(record, notified),
      refreshDates: (id) => void this.refreshDates(id),
    });
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
      if (!this.ownOnWire(id)) table.setServerValue(record, counter.value);
      this.days.rollOver();
      this.deps.events.changed();
    } catch {
      // The next resync catches up.
    }
  }

  private remove(id: string): void {
    if (!this.deps.table.remove(id)) return;
    this.drop(id, 'it was deleted');
  }

  /** A change of ours (click or PATCH) is on the wire for this counter. */
  private ownOnWire(id: string): boolean {
    return this.deps.wire.active(id);
  }

  /** The counter is not listed for us any more: unsent clicks are dropped (nothing was sent), logged by id and reported. */
  drop(id: string, why: string): void {
    const { ledger } = this.deps;
    const unsent = ledger.pending(id);
    const hadClicks = ledger.hasUnsent(id);
    const inflight = ledger.inflight(id);
    ledger.forget(id);
    void ledger.persist();
    if (!hadClicks && !inflight) return;
    this.deps.log(droppedLine(id, why, unsent, inflight?.delta));
    if (hadClicks) this.deps.events.outcome(id, unsent, 'dropped');
  }

  /** At the first sync: a change the last run left on the wire is flagged; clicks of a counter no longer listed are dropped. */
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

  // ---- resync -------------------------------------------------------------------

  private applyList(counters: CounterV2[]): void {
    // A list computed before local midnight and received after it is judged for the day it was computed.
    this.days.observe(counters, this.listRequestedAt);
    const list = { counters, unreadable: this.unreadable, skipped: this.unreadable.length };
    for (const item of list.unreadable) this.deps.log(`counter ${item.id ?? '(no id)'}: the server's list item could not be read (${item.reason}); its last known state and unsent clicks are kept`);
    const { remote, removed } = this.deps.table.mergeList(list, (id) => this.ownOnWire(id));
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

  /** True when handled; otherwise the loop retries with backoff. */
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
