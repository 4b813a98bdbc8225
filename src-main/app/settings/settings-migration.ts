// Settings files outlive app versions: migrate old layouts, salvage what is valid, never crash on a
// broken file. Pure: the store does the backup it asks for.
import { DEFAULT_SETTINGS, Settings } from '../../../src-shared/domain/settings';
import type { PlainKey } from '../../../src-shared/i18n/messages';
import type { Said } from '../../../src-shared/i18n/notice';

const CURRENT_SETTINGS_VERSION = 2;

type SettingsOutcome =
  | { kind: 'ok'; settings: Settings }
  /** Upgraded or partly salvaged: save it; `notice` says what was dropped. */
  | { kind: 'migrated'; settings: Settings; from: number; notice?: Said }
  /** Not JSON, not an object, from a newer app: back it up, start from defaults. */
  | { kind: 'reset'; settings: Settings; notice: Said };

/** By the name the user knows, for "…back to their defaults: time zone, theme". */
const SETTING_NAMES: Record<Exclude<keyof Settings, 'version'>, PlainKey> = {
  serverUrl: 'setting.serverUrl',
  timezone: 'setting.timezone',
  shortcuts: 'setting.shortcuts',
  notifications: 'setting.notifications',
  pinned: 'setting.pinned',
  steps: 'setting.steps',
  launchAtLogin: 'setting.launchAtLogin',
  theme: 'setting.theme',
  language: 'setting.language',
  updates: 'setting.updates',
  allowLinks: 'setting.allowLinks',
  reminders: 'setting.reminders',
};

type Raw = Record<string, unknown>;

/** Version 0 is the 0.0.x previews' flat layout. */
const MIGRATIONS: Record<number, (raw: Raw) => Raw> = {
  0: (raw) => {
    const { server, pinnedCounter, notify, mutedCounters, ...rest } = raw;
    return {
      ...rest,
      version: 1,
      ...(typeof server === 'string' ? { serverUrl: server } : {}),
      ...(typeof pinnedCounter === 'string' ? { pinned: [pinnedCounter] } : {}),
      notifications: {
        enabled: typeof notify === 'boolean' ? notify : DEFAULT_SETTINGS.notifications.enabled,
        mutedCounters: Array.isArray(mutedCounters) ? mutedCounters : [],
      },
    };
  },
  1: (raw) => ({ ...raw, version: 2, updates: DEFAULT_SETTINGS.updates }),
};

/** Added without a version step: filled in; an older app drops a key it does not know. */
const ADDED_LATER: Partial<Settings> = { language: DEFAULT_SETTINGS.language, allowLinks: DEFAULT_SETTINGS.allowLinks, steps: DEFAULT_SETTINGS.steps, reminders: DEFAULT_SETTINGS.reminders };

export function readSettingsText(text: string | undefined): SettingsOutcome {
  if (text === undefined || text.trim() === '') return { kind: 'ok', settings: DEFAULT_SETTINGS };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return reset((i18n) => i18n.t('notice.settingsNotJson'));
  }
  return migrateSettings(raw);
}

export function migrateSettings(raw: unknown): SettingsOutcome {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return reset((i18n) => i18n.t('notice.settingsNotSettings'));
  let current = raw as Raw;
  const from = typeof current.version === 'number' ? current.version : 0;
  const version = String(current.version).slice(0, 20);
  if (!Number.isInteger(from) || from < 0) return reset((i18n) => i18n.t('notice.settingsUnknownVersion', { version }));
  if (from > CURRENT_SETTINGS_VERSION) return reset((i18n) => i18n.t('notice.settingsNewer', { version }));

  for (let version = from; version < CURRENT_SETTINGS_VERSION; version += 1) {
    const step = MIGRATIONS[version];
    if (!step) return reset((i18n) => i18n.t('notice.settingsUnknownVersion', { version: String(version) }));
    current = step(current);
  }

  current = { ...ADDED_LATER, ...current };
  const whole = Settings.safeParse(current);
  if (whole.success) return from === CURRENT_SETTINGS_VERSION ? { kind: 'ok', settings: whole.data } : { kind: 'migrated', settings: whole.data, from };

  // Field by field: one bad value must not cost every other setting.
  const dropped: (keyof typeof SETTING_NAMES)[] = [];
  const salvaged: Raw = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (!(key in current)) continue;
    const field = Settings.shape[key].safeParse(current[key]);
    if (field.success) salvaged[key] = field.data;
    else if (key !== 'version') dropped.push(key);
  }
  salvaged.version = CURRENT_SETTINGS_VERSION;
  const settings = Settings.parse(salvaged);
  return {
    kind: 'migrated',
    settings,
    from,
    ...(dropped.length > 0 ? { notice: (i18n: Parameters<Said>[0]) => i18n.t('notice.settingsSalvaged', { fields: i18n.list(dropped.map((key) => i18n.t(SETTING_NAMES[key]))) }) } : {}),
  };
}

function reset(reason: Said): SettingsOutcome {
  return { kind: 'reset', settings: DEFAULT_SETTINGS, notice: reason };
}

export function backupPathFor(settingsPath: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${settingsPath}.corrupt-${stamp}.bak`;
}
