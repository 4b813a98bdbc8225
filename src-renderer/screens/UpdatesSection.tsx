// Settings → Updates (issue 26): the mode, where this copy's updates come from, how far the
// current update is, "Check for updates…", "Restart to update", and the notes of the
// version the last update brought. Main decides; this only shows AppState.updates and asks.
import type { UpdateMode } from '../../src-shared/domain/settings';
import type { UpdateSource, UpdatesState, UpdateStatus } from '../../src-shared/domain/updates';
import { call } from '../bridge/ipc';
import { userMessage } from '../format/errors';
import type { SectionProps } from './SettingsScreen';

const MODES: { value: UpdateMode; label: string; hint: string }[] = [
  { value: 'automatic', label: 'Automatic', hint: 'Download in the background, install when you quit or restart' },
  { value: 'notify', label: 'Notify me only', hint: 'Say when a new version is out; download it yourself' },
  { value: 'off', label: 'Off', hint: 'Never check by itself' },
];

/** Where updates come from when Counter Tray does not update itself. */
const ELSEWHERE: Record<Exclude<UpdateSource, 'self'>, string> = {
  deb: 'Installed as a .deb package: updates come from your package manager (apt or your software center).',
  rpm: 'Installed as an .rpm package: updates come from your package manager (dnf or your software center).',
  pacman: 'Installed with pacman: updates come from your package manager.',
  snap: 'Installed from the Snap Store: snap keeps it up to date.',
  flatpak: 'Installed with Flatpak: update it in your software center or with “flatpak update”.',
  appStore: 'Installed from the Mac App Store: updates come from the App Store.',
  windowsStore: 'Installed from the Microsoft Store: updates come from the Store.',
  portable: 'A portable copy: download the new version where you got this one and replace it.',
  unpacked: 'An unpacked copy: download the new version where you got this one.',
  diskImage: 'Running from the disk image: drag Counter Tray to Applications to get updates.',
  development: 'Running from source: update it with git pull and npm install.',
  misconfigured: 'This build names no valid update feed, so it does not update itself: download new versions where you got it.',
};

const time = (at: number) => new Date(at).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });

function statusLine(status: UpdateStatus, version: string): string {
  switch (status.kind) {
    case 'idle':
      return `You have Counter Tray ${version}.`;
    case 'checking':
      return 'Checking for updates…';
    case 'upToDate':
      return `Counter Tray ${version} is up to date (checked ${time(status.checkedAt)}).`;
    case 'available':
      return `Counter Tray ${status.version} is available.`;
    case 'downloading':
      return `Downloading Counter Tray ${status.version}…`;
    case 'ready':
      return `Counter Tray ${status.version} is ready: it is installed when you restart or quit.`;
    case 'failed':
      return status.reason === 'unreachable'
        ? `Could not reach the update server (${time(status.at)}). Counter Tray tries again at the next check.`
        : `An update was refused because it did not pass Counter Tray's checks (${time(status.at)}). Nothing was installed; the log has the details.`;
  }
}

function SelfUpdating({ api, state, settings, update, ids, onError, updates }: SectionProps & { updates: UpdatesState }) {
  const mode = settings.updates.mode;
  const { status } = updates;
  const busy = status.kind === 'checking' || status.kind === 'downloading';
  const ask = async (channel: 'updates:check' | 'updates:download' | 'updates:restart') => {
    const result = await call(api, channel, {});
    onError(result.ok ? null : userMessage(result.error));
  };

  return (
    <>
      <div role="radiogroup" aria-labelledby={`${ids}-update-mode`} className="stack tight">
        <span id={`${ids}-update-mode`} className="muted small">
          Install updates
        </span>
        {MODES.map((option) => (
          <label key={option.value} className="check">
            <input type="radio" name="update-mode" checked={mode === option.value} onChange={() => update({ updates: { mode: option.value } })} />
            <span>
              {option.label} <span className="muted small">— {option.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <p role="status">{statusLine(status, state.appVersion ?? 'unknown')}</p>
      {status.kind === 'downloading' && <progress aria-label="Download progress" max={100} value={status.percent} />}
      <div className="row-actions start">
        {status.kind === 'ready' && (
          <button type="button" className="primary" onClick={() => void ask('updates:restart')}>
            Restart to update to {status.version}
          </button>
        )}
        {status.kind === 'available' && (
          <button type="button" className="secondary" onClick={() => void ask('updates:download')}>
            Download {status.version}
          </button>
        )}
        {status.kind !== 'ready' && (
          <button type="button" className="secondary" disabled={busy} onClick={() => void ask('updates:check')}>
            Check for updates…
          </button>
        )}
      </div>
      {/* A ready update waits for the restart: no check runs meanwhile. */}
      {updates.nextCheckAt !== null && mode !== 'off' && status.kind !== 'ready' && <p className="muted small">Next automatic check: {time(updates.nextCheckAt)}</p>}
    </>
  );
}

/** Settings → Updates: one of the page's sections (SETTINGS_SECTIONS); errors go to the page's alert line. */
export function UpdatesSection(props: SectionProps) {
  const { ids } = props;
  const updates = props.state.updates;
  if (!updates) return null;
  return (
    <section aria-labelledby={`${ids}-updates`}>
      <h2 id={`${ids}-updates`} className="subtitle">
        Updates
      </h2>
      {updates.source === 'self' ? <SelfUpdating {...props} updates={updates} /> : <p className="muted">{ELSEWHERE[updates.source]}</p>}
      {updates.whatsNew && (
        <details open className="whats-new">
          <summary>What's new in {updates.whatsNew.version}</summary>
          <p className="notes">{updates.whatsNew.notes}</p>
        </details>
      )}
    </section>
  );
}
