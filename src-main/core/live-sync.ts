// Keeps the counter table in step with the server: socket opens and drops, notification
// frames, list resyncs (held frames applied after), day-date refreshes, counters that are
// gone, and the turn of day counters on each new local day (no request: day-rollover.ts). The
// lifecycle owns the phase; this module only reads server state into the table.
import type { RawData } from 'ws';
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ListedCounters } from './api-client';
import { applyFrame } from './apply-frame';
import type { CoreParts } from './core-parts';
import { isCoreError } from './errors';
import { DayRollover } from './day-rollover';
import type { SocketHandlers } from './live-socket';
import { parseFrame } from './notifications';
import type { Frame } from './notifications';
import { ResyncLoop } from './resync-loop';

/** After this many failed attempts in a row the connection is shown as offline, not reconnecting. */
const OFFLINE_AFTER_FAILURES = 3;

type LiveSyncParts = Pick<CoreParts, 'clock' | 'days' | 'ownDays' | 'tuning' | 'log' | 'status' | 'lifecycle' | 'events' | 'api' | 'scheduler' | 'ledger' | 'table' | 'own' | 'judge'>;

export class LiveSync implements SocketHandlers {
  private socketOpen = false;
  private readonly days: DayRollover;
  /** What the last list read could not parse; ResyncLoop hands over only the counters. */
  private unreadable: ListedCounters['unreadable'] = [];
  /** When the last list read was sent: the server computed its day values for that moment. */
  private listRequestedAt = 0;
  readonly resyncs: ResyncLoop;

  constructor(private readonly parts: LiveSyncParts) {
    const { clock, tuning, status } = parts;
    this.days = new DayRollover({
      clock,
      timezone: () => status.timezone,
      days: parts.days,
      ownWatch: parts.ownDays,
      records: () => parts.table.values(),
      turn: (record, value) => parts.table.setServerValue(record, value),
      changed: () => parts.events.changed(),
      log: (message) => parts.log(message),
    });
    this.resyncs = new ResyncLoop(clock, tuning, {
      active: () => status.phase === 'starting' || status.phase === 'running',
      list: async () => {
        const listed = await parts.scheduler.run('background', () => {
          this.listRequestedAt = clock.now();
          return parts.api.listCounters(status.timezone);
        });
        this.unreadable = listed?.unreadable ?? [];
        return listed?.counters;
      },
      apply: (counters) => this.applyList(counters),
      synced: (held) => this.synced(held),
      failed: (error) => this.resyncFailed(error),
      started: () => (status.stats.resyncs += 1),
      finished: () => parts.events.changed(),
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
    for (const record of this.parts.table.values()) this.parts.own.forgetEchoes(record);
    void this.resync();
  }

  onDown(reason: string, nextAttemptAt: number, failures: number): void {
    this.socketOpen = false;
    const { phase } = this.parts.status;
    if (phase === 'stopped' || phase === 'unauthorized') return;
    const status = failures > OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting';
    this.parts.lifecycle.setConnection({ status, nextAttemptAt, message: reason });
    // Without a socket at start, sync over REST anyway; the socket keeps trying.
    if (phase === 'starting' && !this.resyncs.busy) void this.resync();
  }

  onUnauthorized(message: string): void {
    this.parts.lifecycle.becomeUnauthorized(message);
  }

  onFrame(data: RawData, isBinary: boolean): void {
    const frame = parseFrame(data, isBinary, this.parts.api.serverText);
    const { stats } = this.parts.status;
    if (frame.kind === 'ignored') {
      stats.ignoredFrames += 1;
      this.parts.events.changed();
      return;
    }
    stats.notifications += 1;
    if (!this.resyncs.hold(frame)) this.applyFrame(frame);
  }

  /** The server refused a change with 403/404: flagged now, dropped by the resync if it is really no longer ours (docs/api.md O10). */
  gone(id: string, message: string): void {
    const record = this.parts.table.get(id);
    if (record) this.parts.table.flagGone(record, message);
    this.parts.events.changed();
    void this.resync();
  }

  private applyFrame(frame: Frame): void {
    const { table, own, events, clock } = this.parts;
    applyFrame(frame, table, {
      resync: () => void this.resync(),
      remove: (id) => this.remove(id),
      remote: (change) => events.remote(change),
      merge: (record, notified) => own.merged(table.takeNotification(record, notified, clock.now())),
      refreshDates: (id) => void this.refreshDates(id),
    });
    events.changed();
  }

  private async refreshDates(id: string): Promise<void> {
    const { clock, scheduler, api, status, table } = this.parts;
    try {
      let requestedAt = 0;
      const counter = await scheduler.run('background', () => {
        requestedAt = clock.now();
        return api.getCounter(id, status.timezone);
      });
      const record = table.get(id);
      if (!counter || !record) return;
      this.days.observe([counter], requestedAt);
      table.takeDates(record, counter);
      if (!this.ownOnWire(id)) table.setServerValue(record, counter.value);
      this.days.rollOver();
      this.parts.events.changed();
    } catch {
      // The next resync catches up.
    }
  }

  private remove(id: string): void {
    if (!this.parts.table.remove(id)) return;
    this.parts.judge.drop(id, 'it was deleted');
  }

  /** A change of ours (click or PATCH) is on the wire for this counter. */
  private ownOnWire(id: string): boolean {
    return this.parts.own.active(id);
  }

  // ---- resync -------------------------------------------------------------------

  private applyList(counters: CounterV2[]): void {
    // A list computed before local midnight and received after it is judged for the day it was computed.
    this.days.observe(counters, this.listRequestedAt);
    const list = { counters, unreadable: this.unreadable, skipped: this.unreadable.length };
    for (const item of list.unreadable) this.parts.log(`counter ${item.id ?? '(no id)'}: the server's list item could not be read (${item.reason}); its last known state and unsent clicks are kept`);
    const { remote, removed } = this.parts.table.mergeList(list, (id) => this.ownOnWire(id));
    // ... and then shown for today: day counters the server's rule agrees with turn now.
    this.days.rollOver();
    if (this.parts.status.phase === 'running') for (const change of remote) this.parts.events.remote(change);
    for (const id of removed) this.parts.judge.drop(id, 'it is no longer shared with this account');
    void this.parts.ledger.persist();
  }

  private synced(held: Frame[]): void {
    for (const frame of held) this.applyFrame(frame);
    this.parts.lifecycle.synced();
    if (this.socketOpen) this.parts.lifecycle.setConnection({ status: 'live' });
    this.days.follow();
  }

  /** True when handled; otherwise the loop retries with backoff. */
  private resyncFailed(error: unknown): boolean {
    if (isCoreError(error) && error.kind === 'unauthorized') {
      this.parts.lifecycle.becomeUnauthorized(error.message);
      return true;
    }
    if (this.parts.status.phase === 'starting') {
      this.parts.lifecycle.failStart(error);
      return true;
    }
    return false;
  }
}
