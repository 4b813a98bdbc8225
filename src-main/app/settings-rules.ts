// What a settings change must satisfy before it is saved (issue 4 §5, §6).
import { Settings, type SettingsPatch } from '../../src-shared/domain/settings';
import { validateShortcutMap } from './shortcut-rules';
import { AppError } from '../ipc/errors';
import { validateServerUrl } from './server-url';

export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = Settings.safeParse({ ...current, ...defined });
  if (!merged.success) {
    const issue = merged.error.issues[0];
    throw new AppError('invalid-settings', `Setting ${issue?.path.join('.') ?? ''} is not valid: ${issue?.message ?? 'unknown problem'}`);
  }
  const next = merged.data;
  if (patch.serverUrl !== undefined || patch.allowInsecureServer !== undefined) {
    next.serverUrl = validateServerUrl(next.serverUrl, next.allowInsecureServer);
  }
  if (next.timezone !== null && !isKnownTimezone(next.timezone)) {
    throw new AppError('invalid-settings', `“${next.timezone}” is not a time zone this system knows (e.g. Europe/Berlin).`);
  }
  const shortcutProblems = validateShortcutMap(next.shortcuts);
  if (shortcutProblems.length > 0) throw new AppError('invalid-shortcut', shortcutProblems.join(' '));
  return next;
}

export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
