// The settings in force and those on disk, which differ only while the demo runs: its per-counter
// settings (pins, mutes, shortcuts, steps, reminders) stay in memory and the account's come back when it ends, so a
// demo counter's shortcut never keeps a global key. App-wide preferences are saved as usual.
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings';
import { Emitter } from '../../../src-shared/events/emitter';
import type { SettingsStore } from '../ports';

/** What + and − (and a link or command without an amount) move this counter by. */
export const stepOf = (settings: Pick<Settings, 'steps'>, counterId: string): number => settings.steps[counterId] ?? 1;

/** `next`, with the per-counter settings taken from the account's saved ones. */
function withAccountCounterSettings(next: Settings, account: Settings): Settings {
  return {
    ...next,
    pinned: account.pinned,
    steps: account.steps,
    reminders: account.reminders,
    notifications: { ...next.notifications, mutedCounters: account.notifications.mutedCounters },
    shortcuts: { ...next.shortcuts, counters: account.shortcuts.counters },
  };
}

interface SettingsChange {
  next: Settings;
  previous: Settings;
}

export function createAppSettings(store: SettingsStore) {
  const changes = new Emitter<SettingsChange>();
  let settings: Settings = DEFAULT_SETTINGS;
  /** Differs in per-counter fields while the demo runs. */
  let persisted: Settings = DEFAULT_SETTINGS;
  let inDemo = false;

  return {
    current: () => settings,
    /** After the rules of a user edit: in force and on disk. */
    loaded(next: Settings) {
      settings = persisted = next;
    },
    async save(next: Settings) {
      const previous = settings;
      const toDisk = inDemo ? withAccountCounterSettings(next, persisted) : next;
      await store.save(toDisk);
      persisted = toDisk;
      settings = next;
      changes.fire({ next, previous });
    },
    followMode(mode: 'account' | 'demo') {
      const demoNow = mode === 'demo';
      if (inDemo && !demoNow) {
        const previous = settings;
        settings = withAccountCounterSettings(settings, persisted);
        changes.fire({ next: settings, previous });
      }
      inDemo = demoNow;
    },
    onChanged: changes.event,
  };
}

export type AppSettings = ReturnType<typeof createAppSettings>;
