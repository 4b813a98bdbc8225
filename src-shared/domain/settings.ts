// User settings: persisted by the main process (settings.json, app/settings/file-settings-store.ts), edited in the popup.
import { z } from 'zod';

import { LANGUAGE_CHOICES } from '../i18n/locale';
import { DEFAULT_SERVER_URL } from './server-address';

export { DEFAULT_SERVER_URL };

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/**
 * How Counter Tray keeps itself current: download in the background and install
 * on quit, only say that a version is out, or never look by itself ("Check for updates…"
 * still works). Installs a package manager owns ignore it: they never update themselves.
 */
export const UpdateMode = z.enum(['automatic', 'notify', 'off']);
export type UpdateMode = z.infer<typeof UpdateMode>;

export const CounterShortcuts = z.object({
  increment: z.string().optional(),
  decrement: z.string().optional(),
});

export const Settings = z.object({
  version: z.literal(2),
  /**
   * The server the token is for. Never set by the renderer: main changes it only after
   * `session:connect` succeeded (asking the user itself first when the server is new).
   * Consents (plain http, weak token storage) are not settings: a file any local process
   * can edit is no place for them; they live with the token in the vault.
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
  /**
   * The app's language: the OS's (`system`, the first of its preferred languages the app
   * speaks) or a chosen one. Added without a version step: a file without it loads with
   * `system` (settings-migration.ts fills a missing field from DEFAULT_SETTINGS).
   */
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

/**
 * What the renderer may change: preferences only. Where the token goes (`serverUrl`) is
 * not a preference: the popup asks main (`session:connect`), and main asks the user.
 */
export const SettingsPatch = Settings.omit({ version: true, serverUrl: true }).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
