// User settings: persisted by the main process (electron-store), edited in the popup.
import { z } from 'zod';

import { DEFAULT_SERVER_URL } from './server-address';

export { DEFAULT_SERVER_URL };

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

export const CounterShortcuts = z.object({
  increment: z.string().optional(),
  decrement: z.string().optional(),
});

export const Settings = z.object({
  version: z.literal(1),
  serverUrl: z.string().url(),
  /** The user's confirmation that a plain-http, non-loopback server is fine. */
  allowInsecureServer: z.boolean(),
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
  /** The user explicitly chose to keep the token although the OS offers no real encryption. */
  weakTokenStorage: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  serverUrl: DEFAULT_SERVER_URL,
  allowInsecureServer: false,
  timezone: null,
  shortcuts: { open: null, counters: {} },
  notifications: { enabled: true, mutedCounters: [] },
  pinned: [],
  launchAtLogin: false,
  theme: 'system',
  weakTokenStorage: false,
};

/** What the renderer may change: everything but the version. */
export const SettingsPatch = Settings.omit({ version: true }).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
