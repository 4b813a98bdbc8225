// Settings, one section component each; the page (SettingsScreen) shows SETTINGS_SECTIONS in order.
import { useMemo, type ComponentType } from 'react';
import type { Settings, SettingsPatch, Theme } from '../../src-shared/domain/settings';
import { LANGUAGES, type LanguageChoice } from '../../src-shared/i18n/locale';
import type { PlainKey } from '../../src-shared/i18n/messages';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { displayAccelerator } from '../format/accelerator';
import { SignOutButton } from '../components/SignOutButton';
import { errorText } from '../../src-shared/i18n/error-words';
import { conflictFor, failureFor, shortcutSlots } from '../format/shortcutUse';
import { useI18n } from '../i18n/I18n';
import { UpdatesSection } from './UpdatesSection';

const THEMES: { value: Theme; label: PlainKey }[] = [
  { value: 'system', label: 'settings.themeSystem' },
  { value: 'light', label: 'settings.themeLight' },
  { value: 'dark', label: 'settings.themeDark' },
];

function timezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** The server, where the token is kept, and a way to replace it. */
function AccountSection({ api, state, ids, onError, onReplaceToken }: SectionProps) {
  const i18n = useI18n();
  const { session } = state;
  async function storeWeakly() {
    const result = await call(api, 'session:storeTokenWeakly', {});
    onError(result.ok ? null : errorText(i18n, result.error));
  }
  return (
        <section aria-labelledby={`${ids}-account`}>
          <h2 id={`${ids}-account`} className="subtitle">
            {i18n.t('settings.account')}
          </h2>
          <p className="server-line">
            {session.mode === 'demo' ? i18n.t('settings.demoServer') : i18n.t('settings.server')} <span className="mono">{session.serverUrl}</span>
          </p>
          {session.tokenStorage === 'memory' && session.encryptionWeak && (
            <div className="callout">
              <p>{i18n.t('settings.noKeyStore')}</p>
              <button type="button" className="secondary" onClick={() => void storeWeakly()}>
                {i18n.t('settings.keepWeakly')}
              </button>
            </div>
          )}
          {session.tokenStorage === 'weak' && <p className="muted">{i18n.t('settings.storedWeakly')}</p>}
          <div className="row-actions start">
            <button type="button" className="secondary" onClick={onReplaceToken}>
              {session.mode === 'demo' ? i18n.t('settings.connectAccount') : i18n.t('settings.replaceToken')}
            </button>
          </div>
        </section>
  );
}

/** The zone day counters and "today" are counted in. */
function TimeZoneSection({ state, settings, update, ids }: SectionProps) {
  const i18n = useI18n();
  const zones = useMemo(timezones, []);
  return (
        <section aria-labelledby={`${ids}-tz`}>
          <h2 id={`${ids}-tz`} className="subtitle">
            {i18n.t('settings.timezone')}
          </h2>
          <div role="radiogroup" aria-labelledby={`${ids}-tz`} className="stack tight">
            <label className="check">
              <input type="radio" name="tz" checked={settings.timezone === null} onChange={() => update({ timezone: null })} />
              <span>
                {i18n.t('settings.followSystem')} <span className="muted">({state.systemTimezone})</span>
              </span>
            </label>
            <label className="check">
              <input
                type="radio"
                name="tz"
                checked={settings.timezone !== null}
                onChange={() => update({ timezone: state.systemTimezone })}
              />
              <span>{i18n.t('settings.useZone')}</span>
            </label>
          </div>
          <select
            aria-label={i18n.t('settings.zone')}
            className="zone-select"
            disabled={settings.timezone === null}
            value={settings.timezone ?? state.systemTimezone}
            onChange={(e) => update({ timezone: e.target.value })}
          >
            {(zones.includes(settings.timezone ?? state.systemTimezone) ? zones : [settings.timezone ?? state.systemTimezone, ...zones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </section>
  );
}

/** The global shortcut that opens the popup (per-counter ones are on each edit page). */
function ShortcutsSection({ state, settings, update, ids }: SectionProps) {
  const i18n = useI18n();
  const slots = shortcutSlots(i18n, settings, state.core?.counters ?? []);
  const isMac = state.platform === 'darwin';
  return (
        <section aria-labelledby={`${ids}-keys`}>
          <h2 id={`${ids}-keys`} className="subtitle">
            {i18n.t('settings.shortcuts')}
          </h2>
          <ShortcutRecorder
            label={i18n.t('shortcut.open')}
            value={settings.shortcuts.open}
            isMac={isMac}
            conflictOf={(accelerator) => conflictFor(slots, 'open', accelerator)}
            failure={failureFor(i18n, state.shortcutFailures, settings.shortcuts.open)}
            onChange={(accelerator) => update({ shortcuts: { ...settings.shortcuts, open: accelerator } })}
          />
          {state.shortcutFailures
            .filter((failure) => failure.accelerator !== settings.shortcuts.open)
            .map((failure) => (
              <p key={failure.accelerator} className="error-text" role="alert">
                {i18n.t('shortcut.failure', { keys: displayAccelerator(i18n, failure.accelerator, isMac), reason: failureFor(i18n, [failure], failure.accelerator) ?? '' })}
              </p>
            ))}
          <p className="muted small">{i18n.t('settings.perCounterShortcuts')}</p>
        </section>
  );
}

/** Notifications for other people's changes. */
function NotificationsSection({ settings, update, ids }: SectionProps) {
  const i18n = useI18n();
  const mutedCount = settings.notifications.mutedCounters.length;
  return (
        <section aria-labelledby={`${ids}-notes`}>
          <h2 id={`${ids}-notes`} className="subtitle">
            {i18n.t('settings.notifications')}
          </h2>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.notifications.enabled}
              onChange={(e) => update({ notifications: { ...settings.notifications, enabled: e.target.checked } })}
            />
            <span>{i18n.t('settings.notifyOthers')}</span>
          </label>
          {mutedCount > 0 && (
            <p className="muted small">
              {i18n.t('settings.muted', { count: mutedCount })}{' '}
              <button type="button" className="link" onClick={() => update({ notifications: { ...settings.notifications, mutedCounters: [] } })}>
                {i18n.t('settings.unmuteAll')}
              </button>
            </p>
          )}
        </section>
  );
}

/** Open at login and the theme. */
function GeneralSection({ settings, update, ids }: SectionProps) {
  const i18n = useI18n();
  return (
        <section aria-labelledby={`${ids}-general`}>
          <h2 id={`${ids}-general`} className="subtitle">
            {i18n.t('settings.general')}
          </h2>
          <label className="check">
            <input type="checkbox" checked={settings.launchAtLogin} onChange={(e) => update({ launchAtLogin: e.target.checked })} />
            <span>{i18n.t('settings.openAtLogin')}</span>
          </label>
          <fieldset className="segmented">
            <legend>{i18n.t('settings.theme')}</legend>
            {THEMES.map((theme) => (
              <label key={theme.value} className={settings.theme === theme.value ? 'selected' : undefined}>
                <input type="radio" name="theme" value={theme.value} checked={settings.theme === theme.value} onChange={() => update({ theme: theme.value })} />
                <span>{i18n.t(theme.label)}</span>
              </label>
            ))}
          </fieldset>
        </section>
  );
}

/**
 * The app's language: the system's (named, so the user sees what that means now) or one of
 * ours, each in its own language, so someone who cannot read the current one finds theirs.
 */
function LanguageSection({ state, settings, update, ids }: SectionProps) {
  const i18n = useI18n();
  const choices: { value: LanguageChoice; label: string; lang?: string }[] = [
    { value: 'system', label: i18n.t('settings.languageSystem', { language: i18n.languageName(state.locale.system) }) },
    ...LANGUAGES.map((language) => ({ value: language, label: i18n.languageName(language), lang: language })),
  ];
  return (
        <section aria-labelledby={`${ids}-language`}>
          <h2 id={`${ids}-language`} className="subtitle">
            {i18n.t('settings.language')}
          </h2>
          <div role="radiogroup" aria-labelledby={`${ids}-language`} className="stack tight">
            {choices.map((choice) => (
              <label key={choice.value} className="check">
                <input type="radio" name="language" value={choice.value} checked={settings.language === choice.value} onChange={() => update({ language: choice.value })} />
                <span lang={choice.lang}>{choice.label}</span>
              </label>
            ))}
          </div>
        </section>
  );
}

/** What this computer recorded, as a CSV file. */
function DataSection({ state, ids, onExport }: SectionProps) {
  const i18n = useI18n();
  return (
        <section aria-labelledby={`${ids}-data`}>
          <h2 id={`${ids}-data`} className="subtitle">
            {i18n.t('settings.data')}
          </h2>
          <div className="row-actions start">
            <button type="button" className="secondary" disabled={!state.core} onClick={onExport}>
              {i18n.t('export.button')}
            </button>
          </div>
        </section>
  );
}

/** Apart from "Replace token": signing out cannot be undone. */
function LeaveSection({ api, state, ids, onError }: SectionProps) {
  const i18n = useI18n();
  const { session } = state;
  return (
        <section aria-labelledby={`${ids}-leave`}>
          <h2 id={`${ids}-leave`} className="subtitle">
            {i18n.t('app.name')}
          </h2>
          <p className="muted">{i18n.t('settings.version', { version: state.appVersion ?? i18n.t('settings.versionUnknown') })}</p>
          <div className="row-actions start">
            <SignOutButton api={api} demo={session.mode === 'demo'} onError={onError} />
            <button type="button" className="secondary" onClick={() => void call(api, 'app:quit', {})}>
              {i18n.t('settings.quit')}
            </button>
          </div>
        </section>
  );
}

/** What every section of the page gets. */
export interface SectionProps {
  api: CounterTrayApi;
  state: AppState;
  /** The settings as shown (optimistic: an edit shows at once, main's answer follows). */
  settings: Settings;
  update: (patch: SettingsPatch) => void;
  /** A unique prefix for ids on this page. */
  ids: string;
  onError: (message: string | null) => void;
  onReplaceToken: () => void;
  onExport: () => void;
}

/**
 * The page's sections, in order. A new one (e.g. Settings → Updates) is a component taking
 * SectionProps and one line here.
 */
export const SETTINGS_SECTIONS: ComponentType<SectionProps>[] = [AccountSection, TimeZoneSection, ShortcutsSection, NotificationsSection, GeneralSection, LanguageSection, UpdatesSection, DataSection, LeaveSection];
