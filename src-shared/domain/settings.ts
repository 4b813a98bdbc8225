// User settings: kept by main (settings.json), edited in the popup.
import { z } from 'zod';

import { LANGUAGE_CHOICES } from '../i18n/locale';
import { DEFAULT_SERVER_URL } from './server-address';

export { DEFAULT_SERVER_URL };

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/** Installs a package manager owns ignore it: they never update themselves. */
export const UpdateMode = z.enum(['automatic', 'notify', 'off']);
export type UpdateMode = z.infer<typeof UpdateMode>;

export const CounterShortcuts = z.object({
  increment: z.string().optional(),
  decrement: z.string().optional(),
});

export const Settings = z.object({
  version: z.literal(2),
  /**
   * The server the token is for: main changes it only after `session:connect` succeeded. Consents
   * are not settings (any local process can edit this file): they live with the token in the vault.
   */
  serverUrl: z.string().url(),
  /** IANA zone; null follows the system. */
  timezone: z.string().nullable(),
  shortcuts: z.object({
    open: z.string().nullable(),
    counters: z.record(z.string(), CounterShortcuts),
  }),
  notifications: z.object({
    enabled: z.boolean(),
    mutedCounters: z.array(z.string()),
  }),
  pinned: z.array(z.string()),
  launchAtLogin: z.boolean(),
  theme: Theme,
  /** `system`: the first of the OS's preferred languages the app speaks. Added without a version step (settings-migration.ts). */
  language: z.enum(LANGUAGE_CHOICES),
  updates: z.object({ mode: UpdateMode }),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  version: 2,
  serverUrl: DEFAULT_SERVER_URL,
  timezone: null,
  shortcuts: { open: null, counters: {} },
  notifications: { enabled: true, mutedCounters: [] },
  pinned: [],
  launchAtLogin: false,
  theme: 'system',
  language: 'system',
  updates: { mode: 'automatic' },
};

/** Preferences only: where the token goes (`serverUrl`) is asked of main (`session:connect`), which asks the user. */
export const SettingsPatch = Settings.omit({ version: true, serverUrl: true }).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
