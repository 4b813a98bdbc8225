// Keeps the counter table in step with the server: socket opens and drops, notification
// frames, list resyncs (held frames applied after), day-date refreshes and the local
// midnight turn of day counters (no request: day-rollover.ts). The engine owns the lifecycle; this module only reads and merges server state.
import type { RawData } from 'ws';
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ConnectionState, CoreStats, RemoteChange } from '../../src-shared/domain/snapshot';
import type { ApiClient, ListedCounters } from './api-client';
import { applyFrame } from './apply-frame';
import type { Clock, CoreTuning } from './contract';
import { mergeList, mergeNotified } from './counter-table';
import type { CounterRecord } from './counter-table';
import { isCoreError } from './errors';
import { DayRollover } from './day-rollover';
import { parseFrame } from './notifications';
import type { Frame } from './notifications';
import type { OwnWindow } from './own-window';
import type { PendingLedger } from './pending-ledger';
import type { RateScheduler } from './rate-scheduler';
import { ResyncLoop } from './resync-loop';

/** After this many failed attempts in a row the connection is shown as offline, not reconnecting. */
const OFFLINE_AFTER_FAILURES = 3;

export type Phase = 'idle' | 'starting' | 'running' | 'unauthorized' | 'stopped';

export interface LiveSyncContext {
  clock: Clock;
  tuning: CoreTuning;
  api: ApiClient;
  scheduler: RateScheduler;
  ledger: PendingLedger;
  records: Map<string, CounterRecord>;
  own: OwnWindow;
  stats: CoreStats;
  phase(): Phase;
  timezone(): string;
  /** A change of ours (click or PATCH) is on the wire for this counter. */
  ownOnWire(id: string): boolean;
  setConnection(connection: ConnectionState): void;
  publish(): void;
  reportRemote(change: RemoteChange): void;
  /** The counter is not listed for us any more: its unsent clicks are dropped and reported. */
  drop(id: string, why: string): void;
  log(message: string): void;
  becomeUnauthorized(message: string): void;
  /** The first sync failed: give up cleanly so start() can be called again. */
  failStart(error: unknown): void;
  /** A resync completed; `first` while starting. */
  synced(first: boolean): void;
}

export class LiveSync {
  private socketOpen = false;
  private readonly days: DayRollover;
  /** What the last list read could not parse; ResyncLoop hands over only the counters. */
  private unreadable: ListedCounters['unreadable'] = [];
  /** When the last list read was sent: the server computed its day values for that moment (issue 22 case 4). */
  private listRequestedAt = 0;
  readonly resyncs: ResyncLoop;

  constructor(private readonly ctx: LiveSyncContext) {
    this.days = new DayRollover({
      clock: ctx.clock,
      timezone: () => ctx.timezone(),
      records: () => ctx.records.values(),
      changed: () => ctx.publish(),
      log: (message) => ctx.log(message),
    });
    this.resyncs = new ResyncLoop(ctx.clock, ctx.tuning, {
      active: () => ctx.phase() === 'starting' || ctx.phase() === 'running',
      list: async () => {
        const listed = await ctx.scheduler.run('background', () => {
          this.listRequestedAt = ctx.clock.now();
          return ctx.api.listCounters(ctx.timezone());
        });
        this.unreadable = listed?.unreadable ?? [];
        return listed?.counters;
      },
      apply: (counters) => this.applyList(counters),
      synced: (held) => this.synced(held),
      failed: (error) => this.resyncFailed(error),
      started: () => (ctx.stats.resyncs += 1),
      finished: () => ctx.publish(),
    });
  }

  get isOpen(): boolean {
    return this.socketOpen;
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

  socketOpened(): void {
    this.socketOpen = true;
    // Echoes sent to an earlier socket never arrive on this one. A lost change of ours may
    // still have landed meanwhile: its amount stays "maybe ours" until the user answers.
    for (const record of this.ctx.records.values()) this.ctx.own.forgetEchoes(record);
    void this.resync();
  }

  socketDown(reason: string, nextAttemptAt: number, failures: number): void {
    this.socketOpen = false;
    const phase = this.ctx.phase();
    if (phase === 'stopped' || phase === 'unauthorized') return;
    const status = failures > OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting';
    this.ctx.setConnection({ status, nextAttemptAt, message: reason });
    // Without a socket at start, sync over REST anyway; the socket keeps trying.
    if (phase === 'starting' && !this.resyncs.busy) void this.resync();
  }

  frameReceived(data: RawData, isBinary: boolean): void {
    const frame = parseFrame(data, isBinary, this.ctx.api.serverText);
    if (frame.kind === 'ignored') {
      this.ctx.stats.ignoredFrames += 1;
      this.ctx.publish();
      return;
    }
    this.ctx.stats.notifications += 1;
    if (!this.resyncs.hold(frame)) this.applyFrame(frame);
  }

  private applyFrame(frame: Frame): void {
    applyFrame(frame, this.ctx.records, {
      resync: () => void this.resync(),
      remove: (id) => this.remove(id),
      remote: (change) => this.ctx.reportRemote(change),
      merge: (record, notified) => this.ctx.own.merged(mergeNotified(record, notified, this.ctx.clock.now())),
      refreshDates: (id) => void this.refreshDates(id),
    });
    this.ctx.publish();
  }

  private async refreshDates(id: string): Promise<void> {
    try {
      let requestedAt = 0;
      const counter = await this.ctx.scheduler.run('background', () => {
        requestedAt = this.ctx.clock.now();
        return this.ctx.api.getCounter(id, this.ctx.timezone());
      });
      const record = this.ctx.records.get(id);
      if (!counter || !record) return;
      this.days.observe([counter], requestedAt);
      record.startDate = counter.startDate;
      record.endDate = counter.endDate;
      if (!this.ctx.ownOnWire(id)) record.confirmed = record.streamValue = counter.value;
      this.days.rollOver();
      this.ctx.publish();
    } catch {
      // The next resync catches up.
    }
  }

  remove(id: string): void {
    if (!this.ctx.records.delete(id)) return;
    this.ctx.drop(id, 'it was deleted');
  }

  // ---- resync -------------------------------------------------------------------

  private applyList(counters: CounterV2[]): void {
    // A list computed before local midnight and received after it is judged for the day it was computed.
    this.days.observe(counters, this.listRequestedAt);
    const list = { counters, unreadable: this.unreadable, skipped: this.unreadable.length };
    for (const item of list.unreadable) this.ctx.log(`counter ${item.id ?? '(no id)'}: the server's list item could not be read (${item.reason}); its last known state and unsent clicks are kept`);
    const { remote, removed } = mergeList(this.ctx.records, list, (id) => this.ctx.ownOnWire(id));
    // ... and then shown for today: day counters the server's rule agrees with turn now.
    this.days.rollOver();
    if (this.ctx.phase() === 'running') for (const change of remote) this.ctx.reportRemote(change);
    for (const id of removed) this.ctx.drop(id, 'it is no longer shared with this account');
    void this.ctx.ledger.persist();
  }

  private synced(held: Frame[]): void {
    for (const frame of held) this.applyFrame(frame);
    this.ctx.synced(this.ctx.phase() === 'starting');
    if (this.socketOpen) this.ctx.setConnection({ status: 'live' });
    this.days.schedule();
  }

  /** True when handled; otherwise the loop retries with backoff. */
  private resyncFailed(error: unknown): boolean {
    if (isCoreError(error) && error.kind === 'unauthorized') {
      this.ctx.becomeUnauthorized(error.message);
      return true;
    }
    if (this.ctx.phase() === 'starting') {
      this.ctx.failStart(error);
      return true;
    }
    return false;
  }
}
