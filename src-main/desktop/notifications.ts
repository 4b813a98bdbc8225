// OS notifications for changes made elsewhere, merged per counter over a few seconds; a resync after
// a reconnect or wake-up gives one summary instead of a storm.
import { newlyRefused } from '../../src-shared/domain/counter-flags';
import type { ConnectionStatus, RemoteChange } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import type { Clock } from '../core/contract';
import { goalProgressText, milestoneToday } from '../../src-shared/i18n/goal-words';
import type { Announcement as ExtrasAnnouncement } from '../app/goals/goals-service';

export interface CounterNotification {
  title: string;
  body: string;
  /** Absent for a summary. */
  counterId?: string;
}

interface NotifierOptions {
  clock: Clock;
  deliver(notification: CounterNotification): void;
  // Read each time, so a settings edit or a language switch applies at once.
  preferences(): { enabled: boolean; mutedCounters: readonly string[] };
  i18n(): Translator;
  windowMs?: number;
}

interface Notifier {
  remoteChange(change: RemoteChange): void;
  announce(announcement: ExtrasAnnouncement): void;
  connectionChanged(status: ConnectionStatus): void;
  /** Woken from sleep, time zone changed: the coming resync is one summary. */
  beginResync(): void;
  dispose(): void;
}

interface Merged {
  name: string;
  from: number;
  to: number;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const windowMs = options.windowMs ?? 3_000;
  const { clock } = options;
  const pending = new Map<string, Merged>();
  const timers = new Map<string, unknown>();
  let summary: Map<string, Merged> | null = null;
  let summaryTimer: unknown;
  let lastStatus: ConnectionStatus | undefined;

  const muted = (id: string) => {
    const prefs = options.preferences();
    return !prefs.enabled || prefs.mutedCounters.includes(id);
  };

  const merge = (into: Map<string, Merged>, change: RemoteChange) =>
    into.set(change.counterId, { name: change.name, from: into.get(change.counterId)?.from ?? change.from, to: change.to });

  function flushCounter(id: string): void {
    const merged = pending.get(id);
    pending.delete(id);
    timers.delete(id);
    // +1 then -1 says nothing; mute may have been switched on meanwhile.
    if (!merged || merged.from === merged.to || muted(id)) return;
    options.deliver({ title: merged.name, body: changeText(options.i18n(), merged.from, merged.to), counterId: id });
  }

  function flushSummary(): void {
    summaryTimer = undefined;
    const collected = summary;
    summary = null;
    if (!collected) return;
    const changed = [...collected].filter(([id, m]) => m.from !== m.to && !muted(id));
    if (changed.length === 0) return;
    const i18n = options.i18n();
    if (changed.length === 1) {
      const [id, m] = changed[0] as [string, Merged];
      options.deliver({ title: m.name, body: changeText(i18n, m.from, m.to), counterId: id });
      return;
    }
    const lines = changed.slice(0, 3).map(([, m]) => i18n.t('notify.summaryLine', { name: m.name, from: i18n.number(m.from), to: i18n.number(m.to) }));
    if (changed.length > 3) lines.push(i18n.t('notify.summaryMore', { count: changed.length - 3 }));
    options.deliver({ title: i18n.t('notify.summaryTitle', { count: changed.length }), body: lines.join('\n') });
  }

  function startCollecting(): void {
    if (summaryTimer !== undefined) clock.clearTimeout(summaryTimer);
    summaryTimer = undefined;
    summary ??= new Map();
    // Changes already waiting in a per-counter window join the summary.
    for (const [id, merged] of pending) merge(summary, { counterId: id, ...merged });
    clearPending();
  }

  function clearPending(): void {
    for (const timer of timers.values()) clock.clearTimeout(timer);
    timers.clear();
    pending.clear();
  }

  function closeSummarySoon(): void {
    if (summaryTimer !== undefined) clock.clearTimeout(summaryTimer);
    summaryTimer = clock.setTimeout(flushSummary, windowMs);
  }

  return {
    announce(announcement) {
      // Only the global pause: the per-counter mute is about other people's changes.
      if (!options.preferences().enabled) return;
      options.deliver(announcementNotification(options.i18n(), announcement));
    },
    remoteChange(change) {
      if (muted(change.counterId)) return;
      if (summary) {
        merge(summary, change);
        // Resync answers keep arriving: the summary waits for them to settle.
        if (summaryTimer !== undefined) closeSummarySoon();
        return;
      }
      if (!pending.has(change.counterId)) timers.set(change.counterId, clock.setTimeout(() => flushCounter(change.counterId), windowMs));
      merge(pending, change);
    },
    connectionChanged(status) {
      const previous = lastStatus;
      lastStatus = status;
      if (status === 'live') {
        if (summary) closeSummarySoon();
      } else if (previous === 'live' && (status === 'reconnecting' || status === 'offline' || status === 'connecting')) {
        startCollecting();
      }
    },
    beginResync() {
      startCollecting();
      if (lastStatus === 'live') closeSummarySoon();
    },
    dispose() {
      clearPending();
      if (summaryTimer !== undefined) clock.clearTimeout(summaryTimer);
      summary = null;
    },
  };
}

function announcementNotification(i18n: Translator, announcement: ExtrasAnnouncement): CounterNotification {
  if (announcement.kind === 'goalReached') {
    const goal = goalProgressText(i18n, { ...announcement.goal, done: announcement.done });
    return { title: announcement.name, body: i18n.t('notify.goalReached', { goal }), counterId: announcement.counterId };
  }
  return { title: announcement.name, body: milestoneToday(i18n, announcement.milestone, announcement.type), counterId: announcement.counterId };
}

/** A tray or shortcut click the server refused would otherwise bounce back unseen. */
export function refusalNotices(before: AppStateBody, after: AppStateBody, i18n: Translator): CounterNotification[] {
  return newlyRefused(before.core?.counters ?? [], after.core?.counters ?? []).map(({ id, name, direction }) => ({
    title: name,
    body: i18n.t('notify.refused', { direction }),
    counterId: id,
  }));
}

function changeText(i18n: Translator, from: number, to: number): string {
  return i18n.t('notify.change', { from: i18n.number(from), to: i18n.number(to) });
}
