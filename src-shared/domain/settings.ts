// User settings: kept by main (settings.json), edited in the popup.
import { z } from 'zod';

import { Amount } from '../api/schemas';
import { LANGUAGE_CHOICES } from '../i18n/locale';
import { DEFAULT_SERVER_URL } from './server-address';

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/** Ignored where a package manager owns the install. */
export const UpdateMode = z.enum(['automatic', 'notify', 'off']);
export type UpdateMode = z.infer<typeof UpdateMode>;

export const Settings = z.object({
  version: z.literal(2),
  /** Changed only by a successful `session:connect`. Consents live with the token in the vault: any local process can edit this file. */
  serverUrl: z.string().url(),
  /** IANA zone; null follows the system. */
  timezone: z.string().nullable(),
  shortcuts: z.object({
    open: z.string().nullable(),
    counters: z.record(z.string(), z.object({ increment: z.string().optional(), decrement: z.string().optional() })),
  }),
  notifications: z.object({
    enabled: z.boolean(),
    mutedCounters: z.array(z.string()),
  }),
  pinned: z.array(z.string()),
  /** What + and − move an UpDown counter by, where not 1 (added without a version step). */
  steps: z.record(z.string(), Amount),
  launchAtLogin: z.boolean(),
  theme: Theme,
  /** Added without a version step (settings-migration.ts). */
  language: z.enum(LANGUAGE_CHOICES),
  updates: z.object({ mode: UpdateMode }),
  /** counter-tray:// links may change counters: off until the user says yes in main's dialog (settings:update). */
  allowLinks: z.boolean(),
  /** Per counter: a local time (HH:MM) and ISO weekdays (1 Monday … 7 Sunday); added without a version step. */
  reminders: z.record(z.string(), z.object({ time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/), days: z.array(z.int().min(1).max(7)).max(7) })),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  version: 2,
  serverUrl: DEFAULT_SERVER_URL,
  timezone: null,
  shortcuts: { open: null, counters: {} },
  notifications: { enabled: true, mutedCounters: [] },
  pinned: [],
  steps: {},
  launchAtLogin: false,
  theme: 'system',
  language: 'system',
  updates: { mode: 'automatic' },
  allowLinks: false,
  reminders: {},
};

/** Preferences only: where the token goes is asked of main (`session:connect`), which asks the user. */
export const SettingsPatch = Settings.omit({ version: true, serverUrl: true }).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
