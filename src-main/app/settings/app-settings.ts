// The settings in force and those on disk, which differ only while the demo runs (demo-settings.ts).
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings';
import { Emitter } from '../../../src-shared/events/emitter';
import type { SettingsStore } from '../ports';
import { withAccountCounterSettings } from '../session/demo-settings';

export interface SettingsChange {
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
