// OS notifications for changes made elsewhere: merged per counter over a short window ("Coffees
// today 3 → 7"), and a resync after a reconnect or wake-up gives one summary instead of a storm.
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
  /** Clicking opens the popup on this counter; absent for a summary. */
  counterId?: string;
}

export interface NotifierOptions {
  clock: Clock;
  deliver(notification: CounterNotification): void;
  /** Read at every change, so a settings edit applies at once. */
  preferences(): { enabled: boolean; mutedCounters: readonly string[] };
  /** Read when a notification is written, so a language switch applies at once. */
  i18n(): Translator;
  windowMs?: number;
}

export interface Notifier {
  remoteChange(change: RemoteChange): void;
  /** A goal reached or a milestone today: the app announces each once; Pause notifications silences them. */
  announce(announcement: ExtrasAnnouncement): void;
  connectionChanged(status: ConnectionStatus): void;
  /** Woken from sleep, time zone changed: the coming resync reports as one summary. */
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
  const pending = new Map<string, { merged: Merged; timer: unknown }>();
  let summary: Map<string, Merged> | null = null;
  let summaryTimer: unknown;
  let lastStatus: ConnectionStatus | undefined;

  const muted = (id: string) => {
    const prefs = options.preferences();
    return !prefs.enabled || prefs.mutedCounters.includes(id);
  };

  const merge = (into: Map<string, Merged>, change: RemoteChange) => {
    const existing = into.get(change.counterId);
    into.set(change.counterId, existing ? { name: change.name, from: existing.from, to: change.to } : { name: change.name, from: change.from, to: change.to });
  };

  function flushCounter(id: string): void {
    const entry = pending.get(id);
    pending.delete(id);
    // Someone went +1 then -1: nothing changed, nothing to say. Mute may have been switched on meanwhile.
    if (!entry || entry.merged.from === entry.merged.to || muted(id)) return;
    const { name, from, to } = entry.merged;
    options.deliver({ title: name, body: changeText(options.i18n(), from, to), counterId: id });
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
    for (const [id, entry] of pending) {
      clock.clearTimeout(entry.timer);
      merge(summary, { counterId: id, ...entry.merged });
    }
    pending.clear();
  }

  function closeSummarySoon(): void {
    if (summaryTimer !== undefined) clock.clearTimeout(summaryTimer);
    summaryTimer = clock.setTimeout(flushSummary, windowMs);
  }

  return {
    announce(announcement) {
      // Only the global pause applies: the per-counter mute is about other people's changes, milestones have their own.
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
      const existing = pending.get(change.counterId);
      if (existing) {
        existing.merged = { name: change.name, from: existing.merged.from, to: change.to };
        return;
      }
      pending.set(change.counterId, { merged: { name: change.name, from: change.from, to: change.to }, timer: clock.setTimeout(() => flushCounter(change.counterId), windowMs) });
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
      for (const entry of pending.values()) clock.clearTimeout(entry.timer);
      pending.clear();
      if (summaryTimer !== undefined) clock.clearTimeout(summaryTimer);
      summary = null;
    },
  };
}

export function announcementNotification(i18n: Translator, announcement: ExtrasAnnouncement): CounterNotification {
  if (announcement.kind === 'goalReached') {
    const goal = goalProgressText(i18n, { ...announcement.goal, done: announcement.done });
    return { title: announcement.name, body: i18n.t('notify.goalReached', { goal }), counterId: announcement.counterId };
  }
  return { title: announcement.name, body: milestoneToday(i18n, announcement.milestone, announcement.type), counterId: announcement.counterId };
}

/** The first refusal of a direction, in the app's words: a tray or shortcut click the server refused otherwise bounces back unseen. */
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
