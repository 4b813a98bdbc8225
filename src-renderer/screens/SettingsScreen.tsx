import { useId, useMemo, useState, type ComponentType } from 'react';
import type { Settings, SettingsPatch, Theme } from '../../src-shared/domain/settings';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { BackButton } from '../components/BackButton';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { SignOutButton } from '../components/SignOutButton';
import { userMessage } from '../format/errors';
import { useEscape } from '../components/useDocumentKeydown';
import { useSettingsEditor } from '../components/useSettingsEditor';
import { conflictFor, failureFor, shortcutSlots } from '../format/shortcutUse';
import { UpdatesSection } from './UpdatesSection';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  onClose: () => void;
  onReplaceToken: () => void;
  /** Opens the export screen (issue 28). */
  onExport: () => void;
}

const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
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
  const { session } = state;
  async function storeWeakly() {
    const result = await call(api, 'session:storeTokenWeakly', {});
    onError(result.ok ? null : userMessage(result.error));
  }
  return (
        <section aria-labelledby={`${ids}-account`}>
          <h2 id={`${ids}-account`} className="subtitle">
            Account
          </h2>
          <p className="server-line">
            {session.mode === 'demo' ? 'Demo server at ' : 'Server: '}
            <span className="mono">{session.serverUrl}</span>
          </p>
          {session.tokenStorage === 'memory' && session.encryptionWeak && (
            <div className="callout">
              <p>This system has no secure key store, so your token is kept only until you quit.</p>
              <button type="button" className="secondary" onClick={() => void storeWeakly()}>
                Keep it with weak protection
              </button>
            </div>
          )}
          {session.tokenStorage === 'weak' && <p className="muted">Your token is stored with weak protection (no system key store).</p>}
          <div className="row-actions start">
            <button type="button" className="secondary" onClick={onReplaceToken}>
              {session.mode === 'demo' ? 'Connect an account' : 'Replace token'}
            </button>
          </div>
        </section>
  );
}

/** The zone day counters and "today" are counted in. */
function TimeZoneSection({ state, settings, update, ids }: SectionProps) {
  const zones = useMemo(timezones, []);
  return (
        <section aria-labelledby={`${ids}-tz`}>
          <h2 id={`${ids}-tz`} className="subtitle">
            Time zone for day counters
          </h2>
          <div role="radiogroup" aria-labelledby={`${ids}-tz`} className="stack tight">
            <label className="check">
              <input type="radio" name="tz" checked={settings.timezone === null} onChange={() => update({ timezone: null })} />
              <span>
                Follow the system <span className="muted">({state.systemTimezone})</span>
              </span>
            </label>
            <label className="check">
              <input
                type="radio"
                name="tz"
                checked={settings.timezone !== null}
                onChange={() => update({ timezone: state.systemTimezone })}
              />
              <span>Use this zone</span>
            </label>
          </div>
          <select
            aria-label="Time zone"
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
  const slots = shortcutSlots(settings, state.core?.counters ?? []);
  const isMac = state.platform === 'darwin';
  return (
        <section aria-labelledby={`${ids}-keys`}>
          <h2 id={`${ids}-keys`} className="subtitle">
            Shortcuts
          </h2>
          <ShortcutRecorder
            label="Open the popup"
            value={settings.shortcuts.open}
            isMac={isMac}
            conflictOf={(accelerator) => conflictFor(slots, 'open', accelerator)}
            failure={failureFor(state.shortcutFailures, settings.shortcuts.open)}
            onChange={(accelerator) => update({ shortcuts: { ...settings.shortcuts, open: accelerator } })}
          />
          {state.shortcutFailures
            .filter((failure) => failure.accelerator !== settings.shortcuts.open)
            .map((failure) => (
              <p key={failure.accelerator} className="error-text" role="alert">
                Could not register {failure.accelerator}: {failure.message}
              </p>
            ))}
          <p className="muted small">Shortcuts for single counters are on each counter’s edit page.</p>
        </section>
  );
}

/** Notifications for other people's changes. */
function NotificationsSection({ settings, update, ids }: SectionProps) {
  const mutedCount = settings.notifications.mutedCounters.length;
  return (
        <section aria-labelledby={`${ids}-notes`}>
          <h2 id={`${ids}-notes`} className="subtitle">
            Notifications
          </h2>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.notifications.enabled}
              onChange={(e) => update({ notifications: { ...settings.notifications, enabled: e.target.checked } })}
            />
            <span>Notify me when someone else changes a counter</span>
          </label>
          {mutedCount > 0 && (
            <p className="muted small">
              {mutedCount === 1 ? '1 counter is muted.' : `${mutedCount} counters are muted.`}{' '}
              <button type="button" className="link" onClick={() => update({ notifications: { ...settings.notifications, mutedCounters: [] } })}>
                Unmute all
              </button>
            </p>
          )}
        </section>
  );
}

/** Open at login and the theme. */
function GeneralSection({ settings, update, ids }: SectionProps) {
  return (
        <section aria-labelledby={`${ids}-general`}>
          <h2 id={`${ids}-general`} className="subtitle">
            General
          </h2>
          <label className="check">
            <input type="checkbox" checked={settings.launchAtLogin} onChange={(e) => update({ launchAtLogin: e.target.checked })} />
            <span>Open at login</span>
          </label>
          <fieldset className="segmented">
            <legend>Theme</legend>
            {THEMES.map((theme) => (
              <label key={theme.value} className={settings.theme === theme.value ? 'selected' : undefined}>
                <input type="radio" name="theme" value={theme.value} checked={settings.theme === theme.value} onChange={() => update({ theme: theme.value })} />
                <span>{theme.label}</span>
              </label>
            ))}
          </fieldset>
        </section>
  );
}

/** What this computer recorded, as a CSV file (issue 28). */
function DataSection({ state, ids, onExport }: SectionProps) {
  return (
        <section aria-labelledby={`${ids}-data`}>
          <h2 id={`${ids}-data`} className="subtitle">
            Your activity
          </h2>
          <div className="row-actions start">
            <button type="button" className="secondary" disabled={!state.core} onClick={onExport}>
              Export activity…
            </button>
          </div>
        </section>
  );
}

/** Apart from "Replace token": signing out cannot be undone. */
function LeaveSection({ api, state, ids, onError }: SectionProps) {
  const { session } = state;
  return (
        <section aria-labelledby={`${ids}-leave`}>
          <h2 id={`${ids}-leave`} className="subtitle">
            Counter Tray
          </h2>
          <p className="muted">Version {state.appVersion ?? 'unknown'}</p>
          <div className="row-actions start">
            <SignOutButton api={api} demo={session.mode === 'demo'} onError={onError} />
            <button type="button" className="secondary" onClick={() => void call(api, 'app:quit', {})}>
              Quit Counter Tray
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
export const SETTINGS_SECTIONS: ComponentType<SectionProps>[] = [AccountSection, TimeZoneSection, ShortcutsSection, NotificationsSection, GeneralSection, UpdatesSection, DataSection, LeaveSection];

export function SettingsScreen({ api, state, onClose, onReplaceToken, onExport }: Props) {
  const ids = useId();
  const editor = useSettingsEditor(api, state.settings);
  const [sessionError, setSessionError] = useState<string | null>(null);
  const error = sessionError ?? editor.error;
  useEscape(onClose);
  const props: SectionProps = { api, state, settings: editor.settings, update: editor.update, ids, onError: setSessionError, onReplaceToken, onExport };

  return (
    <main className="screen settings-screen">
      <header className="screen-header">
        <BackButton onClick={onClose} autoFocus />
        <h1 className="title">Settings</h1>
      </header>
      <div className="screen-body">
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        {SETTINGS_SECTIONS.map((Section, index) => (
          <Section key={index} {...props} />
        ))}
      </div>
    </main>
  );
}
