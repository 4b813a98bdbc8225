// What settings must satisfy, whoever wrote them (issue 4 §5, §6; issue 12): a user edit
// through `settings:update`, and the file read at launch, which any process of the same
// user can change. One set of rules; a patch that breaks them is refused, a file that
// breaks them is repaired (and backed up by the store) with a notice.
import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../../src-shared/domain/settings';
import { checkAccelerator, keyCombinationLedger, validateShortcutMap, type ShortcutMap } from './shortcut-rules';
import { AppError } from '../ipc/errors';
import { parseServerUrl } from './server-url';

export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  // Only the fields a patch may carry: a caller that bypassed the schema still cannot move the server.
  const { serverUrl: _ignored, ...allowed } = defined as Partial<Settings>;
  const merged = Settings.safeParse({ ...current, ...allowed, serverUrl: current.serverUrl, version: current.version });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw new AppError('invalid-settings', `Setting ${issue?.path.join('.') ?? ''} is not valid: ${issue?.message ?? 'unknown problem'}`);
  }
  const next = merged.data;
  if (next.timezone !== null && !isKnownTimezone(next.timezone)) {
    throw new AppError('invalid-settings', `“${next.timezone}” is not a time zone this system knows (e.g. Europe/Berlin).`);
  }
  const shortcutProblems = validateShortcutMap(next.shortcuts);
  if (shortcutProblems.length > 0) throw new AppError('invalid-shortcut', shortcutProblems.join(' '));
  return next;
}

export interface LoadedSettingsCheck {
  settings: Settings;
  /** Empty when the file passed every rule; otherwise what was reset, in words. */
  problems: string[];
}

/**
 * The rules of a user edit, applied to settings read from disk. `consentedOrigin` is the
 * origin the vault's token is bound to: plain http to another host survives a restart only
 * when the user confirmed it for that token (the encrypted vault keeps that, not the file).
 */
export function checkLoadedSettings(loaded: Settings, consentedOrigin: string | null): LoadedSettingsCheck {
  const problems: string[] = [];
  let serverUrl = loaded.serverUrl;
  try {
    const parsed = parseServerUrl(loaded.serverUrl);
    if (parsed.plainHttp && parsed.origin !== consentedOrigin) {
      problems.push(`the server ${parsed.origin} uses plain http, which you never confirmed for it`);
      serverUrl = DEFAULT_SETTINGS.serverUrl;
    } else serverUrl = parsed.url;
  } catch (error) {
    problems.push(`the server address is not allowed (${error instanceof Error ? error.message : 'invalid'})`);
    serverUrl = DEFAULT_SETTINGS.serverUrl;
  }
  let timezone = loaded.timezone;
  if (timezone !== null && !isKnownTimezone(timezone)) {
    problems.push(`the time zone “${timezone.slice(0, 60)}” is unknown`);
    timezone = null;
  }
  const shortcuts = keepAcceptableShortcuts(loaded.shortcuts);
  if (shortcuts.dropped.length > 0) problems.push(`shortcuts not allowed for a global key were removed (${shortcuts.dropped.join(', ')})`);
  return { settings: { ...loaded, serverUrl, timezone, shortcuts: shortcuts.map }, problems };
}

/** The map without accelerators main's rules refuse, and without the second use of any key combination. */
function keepAcceptableShortcuts(map: ShortcutMap): { map: ShortcutMap; dropped: string[] } {
  const dropped: string[] = [];
  const claim = keyCombinationLedger<true>();
  const keep = (accelerator: string | undefined | null): boolean => {
    if (accelerator === undefined || accelerator === null) return false;
    const check = checkAccelerator(accelerator);
    if (!check.ok || claim(check.normalized, true)) {
      dropped.push(accelerator.slice(0, 40));
      return false;
    }
    return true;
  };
  const open = keep(map.open) ? map.open : null;
  const counters: ShortcutMap['counters'] = {};
  for (const [id, entry] of Object.entries(map.counters)) {
    const next: ShortcutMap['counters'][string] = {};
    if (keep(entry.increment)) next.increment = entry.increment;
    if (keep(entry.decrement)) next.decrement = entry.decrement;
    counters[id] = next;
  }
  return { map: { open, counters }, dropped };
}

export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
