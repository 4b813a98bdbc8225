// What settings must satisfy, whoever wrote them: a user edit, or the file read at launch, which any
// process of the same user can change. A patch that breaks a rule is refused, a file repaired.
import { CounterId } from '../../../src-shared/api/schemas';
import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../../../src-shared/domain/settings';
import { checkAccelerator, listShortcuts, MAX_GLOBAL_SHORTCUTS, validateShortcutMap, type ShortcutMap } from './shortcut-rules';
import { words } from '../../../src-shared/i18n/messages';
import { sentences, type Notice, type Said } from '../../../src-shared/i18n/notice';
import { AppError } from '../../ipc/errors';
import type { AppPlatform, SettingsStore } from '../ports';
import { parseServerUrl } from '../session/server-url';
import { isKnownZone } from '../../../src-shared/time/calendar';

interface EditContext {
  platform: AppPlatform;
  /** A shortcut may be added for these only (an unchanged one stays). */
  knownCounterIds: ReadonlySet<string>;
}

export function applySettingsPatch(current: Settings, patch: SettingsPatch, context: EditContext): Settings {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  // A caller that bypassed the schema still cannot move the server.
  const { serverUrl: _ignored, ...allowed } = defined as Partial<Settings>;
  const merged = Settings.safeParse({ ...current, ...allowed, serverUrl: current.serverUrl, version: current.version });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw new AppError('invalid-settings', `Setting ${issue?.path.join('.') ?? ''} is not valid: ${issue?.message ?? 'unknown problem'}`);
  }
  const next = merged.data;
  if (next.timezone !== null && !isKnownZone(next.timezone)) {
    throw new AppError('invalid-settings', words('error.unknownZone', { zone: next.timezone.slice(0, 60) }));
  }
  if (newForUnknown(current.steps, next.steps, context.knownCounterIds).length > 0) throw new AppError('invalid-settings', words('error.stepUnknownCounter'));
  const unknown = shortcutsForUnknown(current.shortcuts, next.shortcuts, context.knownCounterIds);
  const shortcutProblems = [...validateShortcutMap(next.shortcuts, context.platform), ...unknown];
  if (shortcutProblems.length > 0) {
    // A key problem keeps the code's sentence; other limits get words of their own.
    const tooMany = listShortcuts(next.shortcuts).length > MAX_GLOBAL_SHORTCUTS;
    const said = tooMany ? words('error.tooManyShortcuts', { max: MAX_GLOBAL_SHORTCUTS }) : unknown.length > 0 ? words('error.shortcutUnknownCounter') : undefined;
    throw said ? new AppError('invalid-shortcut', said, shortcutProblems.join(' ')) : new AppError('invalid-shortcut', shortcutProblems.join(' '));
  }
  return next;
}

/** Ids whose per-counter setting is new or changed yet not of a counter shared with the user (an unchanged one stays). */
function newForUnknown<T>(before: Record<string, T>, after: Record<string, T>, known: ReadonlySet<string>, counts: (entry: T) => boolean = () => true): string[] {
  const unchanged = (id: string) => JSON.stringify(before[id] ?? {}) === JSON.stringify(after[id]);
  return Object.entries(after).flatMap(([id, entry]) => (counts(entry) && !known.has(id) && !unchanged(id) ? [id] : []));
}

function shortcutsForUnknown(before: ShortcutMap, after: ShortcutMap, known: ReadonlySet<string>): string[] {
  const added = newForUnknown(before.counters, after.counters, known, (entry) => Boolean(entry.increment || entry.decrement));
  if (added.length === 0) return [];
  return [`Shortcuts can be set only for counters shared with you (not ${added.slice(0, 3).map((id) => id.slice(0, 40)).join(', ')}${added.length > 3 ? ', …' : ''}).`];
}

interface LoadedSettingsCheck {
  settings: Settings;
  problems: Said[];
}

/** Plain http to another host survives only for `consentedOrigin` (the vault keeps the consent, not the file). */
export function checkLoadedSettings(loaded: Settings, consentedOrigin: string | null, platform: AppPlatform): LoadedSettingsCheck {
  const problems: Said[] = [];
  let serverUrl = loaded.serverUrl;
  try {
    const parsed = parseServerUrl(loaded.serverUrl);
    if (parsed.plainHttp && parsed.origin !== consentedOrigin) {
      const origin = parsed.origin;
      problems.push((i18n) => i18n.t('notice.rulePlainHttp', { origin }));
      serverUrl = DEFAULT_SETTINGS.serverUrl;
    } else serverUrl = parsed.url;
  } catch {
    problems.push((i18n) => i18n.t('notice.ruleBadServer'));
    serverUrl = DEFAULT_SETTINGS.serverUrl;
  }
  let timezone = loaded.timezone;
  if (timezone !== null && !isKnownZone(timezone)) {
    const zone = timezone.slice(0, 60);
    problems.push((i18n) => i18n.t('notice.ruleUnknownZone', { zone }));
    timezone = null;
  }
  const shortcuts = keepAcceptableShortcuts(loaded.shortcuts, platform);
  if (shortcuts.dropped.length > 0) problems.push((i18n) => i18n.t('notice.ruleShortcuts', { shortcuts: shortcuts.dropped.join(', ') }));
  // Like a shortcut's, a step or a reminder is kept only under a counter id: the file is anyone's to edit.
  const byId = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).filter(([id]) => CounterId.safeParse(id).success));
  return { settings: { ...loaded, serverUrl, timezone, shortcuts: shortcuts.map, steps: byId(loaded.steps), reminders: byId(loaded.reminders) }, problems };
}

/** Without what main refuses, second uses of keys, non-ids, or more than MAX_GLOBAL_SHORTCUTS. */
function keepAcceptableShortcuts(map: ShortcutMap, platform: AppPlatform): { map: ShortcutMap; dropped: string[] } {
  const dropped: string[] = [];
  const seen = new Set<string>();
  const keep = (accelerator: string | undefined | null): boolean => {
    if (accelerator === undefined || accelerator === null) return false;
    const check = checkAccelerator(accelerator, platform);
    if (!check.ok || seen.has(check.keys) || seen.size >= MAX_GLOBAL_SHORTCUTS) {
      dropped.push(accelerator.slice(0, 40));
      return false;
    }
    seen.add(check.keys);
    return true;
  };
  const open = keep(map.open) ? map.open : null;
  const counters: ShortcutMap['counters'] = {};
  for (const [id, entry] of Object.entries(map.counters)) {
    if (!CounterId.safeParse(id).success) {
      for (const accelerator of [entry.increment, entry.decrement]) if (accelerator) dropped.push(accelerator.slice(0, 40));
      continue;
    }
    const next: ShortcutMap['counters'][string] = {};
    if (keep(entry.increment)) next.increment = entry.increment;
    if (keep(entry.decrement)) next.decrement = entry.decrement;
    counters[id] = next;
  }
  return { map: { open, counters }, dropped };
}

/** The file's settings at launch, repaired and backed up where they broke a rule; the notices say so. */
export async function settingsAtLaunch(store: SettingsStore, consentedOrigin: string | null, platform: AppPlatform): Promise<{ settings: Settings; notices: Notice[] }> {
  const loaded = await store.load();
  const checked = checkLoadedSettings(loaded.settings, consentedOrigin, platform);
  const notices: Notice[] = [];
  if (loaded.notice) notices.push({ title: 'notice.settingsTitle', body: loaded.notice });
  if (checked.problems.length > 0) {
    const reset = await store.quarantine(checked.settings, sentences((i18n) => i18n.t('notice.settingsRules'), ...checked.problems));
    notices.push({ title: 'notice.settingsTitle', body: reset });
  }
  return { settings: checked.settings, notices };
}
