// The activity record fed only by what the running core reports (docs/api.md R1), so it never
// guesses; one record per account (a file) or per demo (memory), switched with the core.
import type { ActivityEvent, ActivitySummary, ClickSource } from '../../../src-shared/domain/activity';
import type { CoreSnapshot, RemoteChange } from '../../../src-shared/domain/snapshot';
import type { ChangeOutcome, Clock, CounterCore } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import { ClickAttribution } from './attribution';
import { dayKey } from './days';
import { ActivityRecord } from './record';
import { createRecordWriter, fittedFile, type RecordStorage, type RecordWriter } from './record-storage';
import { afterClick, createLapsingOffer, presentOffer, undoBlockedBecause, UNDO_WINDOW_MS, type PendingUndo } from './offers';
import { words } from '../../../src-shared/i18n/messages';
import type { Said } from '../../../src-shared/i18n/notice';
import type { HistoryRange } from '../../../src-shared/domain/history';
import type { IsoWeekday } from '../../../src-shared/time/week-start';
import { computeHistory } from './history';
import type { GoalRule } from './streaks';

interface ActivityServiceDeps {
  clock: Clock;
  timezone(): string;
  /** Today's totals or the undo offer changed. */
  changed(): void;
  notice(message: Said): void;
  warn(message: string): void;
}

export function createActivityService(deps: ActivityServiceDeps) {
  let core: CounterCore | null = null;
  let record = new ActivityRecord();
  let writer: RecordWriter | null = null;
  let unsubscribes: (() => void)[] = [];
  /** Events that arrived while the record file was loading. */
  let early: [string, ActivityEvent][] | null = null;
  let attachment = 0;
  /** Bumped whenever another record object takes over (attach, load). */
  let generation = 0;
  const attribution = new ClickAttribution();
  const offers = createLapsingOffer<PendingUndo>(deps.clock, () => deps.changed());
  let cached: { key: string; summary: ActivitySummary } | null = null;
  /** The latest attach, so stop() waits for its final write. */
  let attaching: Promise<void> = Promise.resolve();

  const now = () => deps.clock.now();
  const counterOf = (id: string) => core?.snapshot().counters.find((c) => c.id === id);

  function append(counterId: string, event: ActivityEvent): void {
    if (early) return void early.push([counterId, event]);
    record.append(counterId, event, deps.timezone());
    writer?.schedule();
    deps.changed();
  }

  function onOutcome(outcome: ChangeOutcome): void {
    switch (outcome.outcome) {
      case 'resent':
      case 'kept':
        return; // the change itself is reported when it lands
      case 'dropped':
        return attribution.forgetCounter(outcome.counterId); // account-pending-store.ts tells the user
      case 'edited':
        if (outcome.edit) append(outcome.counterId, { kind: 'edit', at: outcome.at, by: 'you', fields: [...outcome.edit.fields], from: outcome.edit.from, to: outcome.edit.to });
        return;
      case 'withdrawn': {
        // Withdrawn before it was sent: the clicks and the undo cancelled.
        const sources = attribution.takeLatest(outcome.counterId, outcome.amount);
        append(outcome.counterId, { kind: 'own', at: outcome.at, amount: 0, outcome: 'applied', sources: { ...sources, undo: (sources.undo ?? 0) - outcome.amount } });
        return;
      }
      default:
        return onSent(outcome, outcome.outcome);
    }
  }

  function onSent(outcome: ChangeOutcome, kind: 'applied' | 'refused' | 'unconfirmed'): void {
    const sources = attribution.take(outcome.counterId, outcome.amount);
    if (outcome.outcome === 'refused') {
      attribution.dropDirection(outcome.counterId, outcome.amount > 0 ? 1 : -1);
      // A refused change did not happen: there is nothing of it to take back.
      const offer = offers.current;
      if (offer?.counterId === outcome.counterId) {
        const rest = offer.amount - outcome.amount;
        offers.set(rest === 0 || Math.sign(rest) !== Math.sign(offer.amount) ? null : { ...offer, amount: rest });
      }
    }
    append(outcome.counterId, { kind: 'own', at: outcome.at, amount: outcome.amount, outcome: kind, sources });
  }

  function onRemote(change: RemoteChange, snapshot: CoreSnapshot): void {
    const counter = snapshot.counters.find((c) => c.id === change.counterId);
    const at = now();
    if (counter && counter.type !== 'UpDown') {
      // Day counters move at midnight on their own (the core does not report that); a reported change is a date edit.
      append(change.counterId, { kind: 'edit', at, by: 'others', fields: [counter.type === 'FromDate' ? 'startDate' : 'endDate'], from: change.from, to: change.to });
      return;
    }
    // Found by a resync before the socket is live again: changed while we were away.
    const live = snapshot.connection.status === 'live';
    append(change.counterId, { kind: live ? 'others' : 'away', at, from: change.from, to: change.to });
  }

  /** Names as last seen, to tell a rename by others (the service sends no event for it). */
  const names = new Map<string, string>();
  const ownEdits = new Map<string, number>();

  function onSnapshot(snapshot: CoreSnapshot): void {
    for (const counter of snapshot.counters) {
      const seen = names.get(counter.id);
      names.set(counter.id, counter.name);
      // Dates of day counters are recorded from their day count (onRemote); names only here.
      if (seen !== undefined && seen !== counter.name && !ownEdits.has(counter.id)) {
        append(counter.id, { kind: 'edit', at: now(), by: 'others', fields: ['name'] });
      }
      if (counter.pending || !attribution.has(counter.id)) continue;
      const cancelled = attribution.settle(counter.id);
      if (cancelled) append(counter.id, { kind: 'own', at: now(), amount: 0, outcome: 'applied', sources: cancelled });
    }
  }

  async function attachTo(next: CounterCore | null, storage: RecordStorage | null): Promise<void> {
    attachment += 1;
    const mine = attachment;
    for (const off of unsubscribes) off();
    unsubscribes = [];
    attribution.forget();
    names.clear();
    ownEdits.clear();
    offers.set(null);
    const previous = writer;
    writer = null;
    previous?.dispose();
    await previous?.flush();
    core = next;
    record = new ActivityRecord();
    generation += 1;
    cached = null;
    if (!next || !storage) return;
    early = [];
    unsubscribes = [
      next.onChangeOutcome(onOutcome),
      next.onRemoteChange((change) => onRemote(change, next.snapshot())),
      next.subscribe(onSnapshot),
    ];
    for (const counter of next.snapshot().counters) names.set(counter.id, counter.name);
    const loaded = await storage.load().catch((error: unknown) => {
      deps.warn(`activity record load failed: ${error instanceof Error ? error.message : String(error)}`);
      return { value: new ActivityRecord() };
    });
    if (mine !== attachment) return;
    record = loaded.value;
    generation += 1;
    cached = null; // the cache key counts changes of one record, not which record
    const waiting = early;
    early = null;
    for (const [id, event] of waiting) record.append(id, event, deps.timezone());
    record.compact(now(), deps.timezone());
    const current = record;
    writer = createRecordWriter({
      clock: deps.clock,
      snapshot: () => {
        current.compact(now(), deps.timezone());
        return fittedFile(current);
      },
      save: (file) => storage.save(file),
      onError: (error) => deps.warn(`activity record not saved: ${error instanceof Error ? error.message : String(error)}`),
    });
    if ('notice' in loaded && loaded.notice) {
      deps.notice(loaded.notice);
      writer.schedule(); // replace the bad file with a good one
    }
    // An older format, or events that came in meanwhile: written back at once.
    if (waiting.length > 0 || current.upgraded) writer.schedule();
    deps.changed();
  }

  return {
    /** Follows the running core (null: none) with its own record. */
    attach(next: CounterCore | null, storage: RecordStorage | null): Promise<void> {
      // One switch at a time: the previous record's last write finishes before the next loads.
      attaching = attaching.catch(() => undefined).then(() => attachTo(next, storage));
      return attaching;
    },

    /** Call before the click reaches the core. */
    click(counterId: string, source: ClickSource, amount: number) {
      const counter = counterOf(counterId);
      // The core ignores clicks in a direction the server refused: nothing to record or undo.
      if (!counter || counter.refused[amount > 0 ? 'increment' : 'decrement'] !== undefined) return;
      attribution.click(counterId, source, amount);
      if (source !== 'undo') offers.set(afterClick(offers.current, counterId, source, amount, now(), UNDO_WINDOW_MS));
    },

    /** Through the core's ledger: unsent clicks are withdrawn, sent ones get the opposite change. */
    undo(counterId: string) {
      const pending = offers.current;
      if (!core || !pending || pending.counterId !== counterId || pending.expiresAt <= now()) {
        throw new AppError('nothing-to-undo', words('undo.nothing'));
      }
      const counter = counterOf(counterId);
      const blocked = counter ? undoBlockedBecause(counter, pending.amount) : 'This counter is no longer shared with you.';
      if (blocked) throw new AppError('undo-refused', blocked);
      offers.set(null);
      const { opposite } = core.undo(counterId, pending.amount);
      if (opposite !== 0) attribution.click(counterId, 'undo', opposite);
    },

    /** An own edit (PATCH), reported by the core once placed; a rename seen meanwhile is not others'. */
    async edit(counterId: string, run: () => Promise<unknown>) {
      ownEdits.set(counterId, (ownEdits.get(counterId) ?? 0) + 1);
      try {
        await run();
      } finally {
        const left = (ownEdits.get(counterId) ?? 1) - 1;
        if (left > 0) ownEdits.set(counterId, left);
        else ownEdits.delete(counterId);
        // The name now shown is ours: a snapshot that shows it later is no rename by others.
        const name = counterOf(counterId)?.name;
        if (name !== undefined) names.set(counterId, name);
      }
    },

    summary(): ActivitySummary {
      const undo = presentOffer(offers.current, core?.snapshot().counters ?? []);
      // The zone is part of the key: the same calendar day in another zone holds other events.
      const key = `${record.version}|${deps.timezone()}|${dayKey(now(), deps.timezone())}|${JSON.stringify(undo)}`;
      if (cached?.key === key) return cached.summary;
      const summary: ActivitySummary = { today: record.today(now(), deps.timezone()), undo };
      cached = { key, summary };
      return summary;
    },

    detail(counterId: string) {
      const counter = counterOf(counterId);
      return record.detail(counterId, counter?.value ?? 0, now(), deps.timezone());
    },

    history(counterId: string, range: HistoryRange, { firstDayOfWeek, goal }: { firstDayOfWeek: IsoWeekday; goal: GoalRule | null }) {
      const counter = counterOf(counterId);
      const zone = deps.timezone();
      return computeHistory({
        counterId,
        range,
        today: dayKey(now(), zone),
        firstDayOfWeek,
        firstRecorded: record.firstDay(now(), zone),
        currentValue: counter?.value ?? 0,
        totalsBetween: (from, until, stepsOnly) => record.totalsBetween(counterId, from, until, zone, stepsOnly),
        streak: counter?.type === 'UpDown' ? { refused: { increment: counter.refused.increment !== undefined, decrement: counter.refused.decrement !== undefined }, goal } : null,
      });
    },

    /** Net steps from the local day `fromDay` to today (goals); a step stamped on a later day is that day's. */
    steps: (counterId: string, fromDay: string) => record.stepsBetween(counterId, fromDay, dayKey(now(), deps.timezone()), deps.timezone()),
    exportLog: (counterId: string) => record.exportLog(counterId, deps.timezone()),
    /** Changes with the record (or another record): callers cache by it. */
    version: () => `${generation}.${record.version}`,

    async stop() {
      await attaching.catch(() => undefined);
      for (const off of unsubscribes) off();
      unsubscribes = [];
      offers.dispose();
      writer?.dispose();
      await writer?.flush();
      writer = null;
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
