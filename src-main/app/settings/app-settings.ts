// The settings in force and those on disk, which differ only while the demo runs (demo-settings.ts).
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
  /** After the rules of a user edit: in force and on disk. */
  loaded(settings: Settings): void;
  save(next: Settings): Promise<void>;
  followMode(mode: 'account' | 'demo'): void;
  readonly onChanged: Event<SettingsChange>;
}

export function createAppSettings(store: SettingsStore): AppSettings {
  const changes = new Emitter<SettingsChange>();
  let settings: Settings = DEFAULT_SETTINGS;
  /** Differs in per-counter fields while the demo runs. */
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
