// The settings in force and what is on disk. They differ only while the demo runs: the
// demo's counters get per-counter settings of their own, which never overwrite the
// account's on disk, and leaving the demo brings the account's back (demo-settings.ts).
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings';
import { Emitter, type Event } from '../../../src-shared/events/emitter';
import type { SettingsStore } from '../ports';
import { withAccountCounterSettings } from '../session/demo-settings';

export interface SettingsChange {
  next: Settings;
  previous: Settings;
}

export interface AppSettings {
  current(): Settings;
  /** What the launch read (after the rules of a user edit were applied): in force and on disk. */
  loaded(settings: Settings): void;
  save(next: Settings): Promise<void>;
  /** The session is in the demo now, or not. */
  followMode(mode: 'account' | 'demo'): void;
  readonly onChanged: Event<SettingsChange>;
}

export function createAppSettings(store: SettingsStore): AppSettings {
  const changes = new Emitter<SettingsChange>();
  let settings: Settings = DEFAULT_SETTINGS;
  /** What is on disk: differs from `settings` in per-counter fields while the demo runs. */
  let persisted: Settings = DEFAULT_SETTINGS;
  let inDemo = false;

  return {
    current: () => settings,
    loaded(next) {
      settings = persisted = next;
    },
    async save(next) {
      const previous = settings;
      const toDisk = inDemo ? withAccountCounterSettings(next, persisted) : next;
      await store.save(toDisk);
      persisted = toDisk;
      settings = next;
      changes.fire({ next, previous });
    },
    followMode(mode) {
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
