import type { UpdateMode } from '../../src-shared/domain/settings';
import type { UpdateSource, UpdatesState, UpdateStatus } from '../../src-shared/domain/updates';
import { errorText } from '../../src-shared/i18n/error-words';
import type { PlainKey } from '../../src-shared/i18n/messages';
import type { Translator } from '../../src-shared/i18n/translator';
import { call } from '../bridge/ipc';
import { ExpandIcon, ICON } from '../components/icons';
import { Segmented } from '../components/Segmented';
import { SettingsGroup } from '../components/SettingsGroup';
import { useI18n } from '../i18n/I18n';
import type { SectionProps } from './SettingsScreen';

const MODES = [
  { value: 'automatic', label: 'updates.modeAutomatic', hint: 'updates.modeAutomaticHint' },
  { value: 'notify', label: 'updates.modeNotify', hint: 'updates.modeNotifyHint' },
  { value: 'off', label: 'updates.modeOff', hint: 'updates.modeOffHint' },
] as const satisfies readonly { value: UpdateMode; label: PlainKey; hint: PlainKey }[];

const ACTIONABLE: ReadonlySet<UpdateStatus['kind']> = new Set(['available', 'downloading', 'ready', 'failed']);

const ELSEWHERE = {
  deb: 'updates.fromDeb',
  rpm: 'updates.fromRpm',
  pacman: 'updates.fromPacman',
  snap: 'updates.fromSnap',
  flatpak: 'updates.fromFlatpak',
  appStore: 'updates.fromAppStore',
  windowsStore: 'updates.fromWindowsStore',
  portable: 'updates.fromPortable',
  unpacked: 'updates.fromUnpacked',
  diskImage: 'updates.fromDiskImage',
  development: 'updates.fromDevelopment',
  misconfigured: 'updates.fromMisconfigured',
} as const satisfies Record<Exclude<UpdateSource, 'self'>, PlainKey>;

function statusLine(i18n: Translator, status: UpdateStatus, current: string): string {
  switch (status.kind) {
    case 'idle':
      return i18n.t('updates.idle', { version: current });
    case 'checking':
      return i18n.t('updates.checking');
    case 'upToDate':
      return i18n.t('updates.upToDate', { version: current, time: i18n.dayAndTime(status.checkedAt) });
    case 'available':
      return i18n.t('updates.available', { version: status.version });
    case 'downloading':
      return i18n.t('updates.downloading', { version: status.version });
    case 'ready':
      return i18n.t('updates.ready', { version: status.version });
    case 'failed':
      return status.reason === 'unreachable' ? i18n.t('updates.unreachable', { time: i18n.dayAndTime(status.at) }) : i18n.t('updates.refused', { time: i18n.dayAndTime(status.at) });
  }
}

function SelfUpdating({ api, state, settings, update, onError, updates }: SectionProps & { updates: UpdatesState }) {
  const i18n = useI18n();
  const mode = settings.updates.mode;
  const { status } = updates;
  const busy = status.kind === 'checking' || status.kind === 'downloading';
  const ask = async (channel: 'updates:check' | 'updates:download' | 'updates:restart') => {
    const result = await call(api, channel, {});
    onError(result.ok ? null : errorText(i18n, result.error));
  };

  const hint = MODES.find((option) => option.value === mode)?.hint;
  return (
    <>
      <Segmented label={i18n.t('updates.install')} segments={MODES.map((option) => ({ value: option.value, label: i18n.t(option.label) }))} value={mode} onChange={(next) => update({ updates: { mode: next } })} {...(hint ? { hint: i18n.t(hint) } : {})} />
      <div className="setting">
        <p role="status" className={status.kind === 'ready' ? 'update-ready' : undefined}>
          {statusLine(i18n, status, state.appVersion ?? i18n.t('settings.versionUnknown'))}
        </p>
        {status.kind === 'downloading' && <progress aria-label={i18n.t('updates.progress')} max={100} value={status.percent} />}
        <div className="row-actions start">
          {status.kind === 'ready' && (
            <button type="button" className="primary" onClick={() => void ask('updates:restart')}>
              {i18n.t('updates.restart', { version: status.version })}
            </button>
          )}
          {status.kind === 'available' && (
            <button type="button" className="secondary" onClick={() => void ask('updates:download')}>
              {i18n.t('updates.download', { version: status.version })}
            </button>
          )}
          {status.kind !== 'ready' && (
            <button type="button" className="secondary" disabled={busy} onClick={() => void ask('updates:check')}>
              {i18n.t('updates.check')}
            </button>
          )}
        </div>
        {/* A ready update waits for the restart: no check runs meanwhile. */}
        {updates.nextCheckAt !== null && mode !== 'off' && status.kind !== 'ready' && <p className="setting-detail">{i18n.t('updates.nextCheck', { time: i18n.dayAndTime(updates.nextCheckAt) })}</p>}
      </div>
    </>
  );
}

export function UpdatesSection(props: SectionProps) {
  const i18n = useI18n();
  const updates = props.state.updates;
  if (!updates) return null;
  // Folded while there is nothing to do or say now; a copy another program updates says how under the heading.
  const open = ACTIONABLE.has(updates.status.kind) || updates.whatsNew !== null;
  return (
    <SettingsGroup title={i18n.t('updates.title')} open={open}>
      {updates.source === 'self' ? <SelfUpdating {...props} updates={updates} /> : <p className="setting setting-detail">{i18n.t(ELSEWHERE[updates.source])}</p>}
      {updates.whatsNew && (
        <details className="setting whats-new" open>
          <summary>
            <ExpandIcon {...ICON} size={14} className="group-chevron" />
            {i18n.t('updates.whatsNew', { version: updates.whatsNew.version })}
          </summary>
          <p className="notes">{updates.whatsNew.notes}</p>
        </details>
      )}
    </SettingsGroup>
  );
}
