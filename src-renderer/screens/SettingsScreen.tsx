import { useId, useMemo, useState } from 'react';
import type { Theme } from '../../src-shared/domain/settings';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
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

export function SettingsScreen({ api, state, onClose, onReplaceToken }: Props) {
  const ids = useId();
  const { session } = state;
  const editor = useSettingsEditor(api, state.settings);
  const { settings, update } = editor;
  const [sessionError, setSessionError] = useState<string | null>(null);
  const error = sessionError ?? editor.error;
  const zones = useMemo(timezones, []);
  const slots = shortcutSlots(settings, state.core?.counters ?? []);
  const isMac = state.platform === 'darwin';
  const mutedCount = settings.notifications.mutedCounters.length;

  async function storeWeakly() {
    const result = await call(api, 'session:storeTokenWeakly', {});
    setSessionError(result.ok ? null : userMessage(result.error));
  }

  useEscape(onClose);

  return (
    <main className="screen settings-screen">
      <header className="screen-header">
        <button type="button" className="icon" aria-label="Back" title="Back" autoFocus onClick={onClose}>
          ←
        </button>
        <h1 className="title">Settings</h1>
      </header>
      <div className="screen-body">
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
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

        <UpdatesSection api={api} state={state} />
        {/* Apart from "Replace token": signing out cannot be undone. */}
        <section aria-labelledby={`${ids}-leave`}>
          <h2 id={`${ids}-leave`} className="subtitle">
            Counter Tray
          </h2>
          <p className="muted">Version {state.appVersion ?? 'unknown'}</p>
          <div className="row-actions start">
            <SignOutButton api={api} demo={session.mode === 'demo'} onError={setSessionError} />
            <button type="button" className="secondary" onClick={() => void call(api, 'app:quit', {})}>
              Quit Counter Tray
            </button>
          </div>
        </section>
      </div>
    </main>
  );
}
