import { useCallback, useEffect, useId, useMemo, useState, type ComponentType } from 'react';
import type { Settings, SettingsPatch, Theme } from '../../src-shared/domain/settings';
import { errorText } from '../../src-shared/i18n/error-words';
import { LANGUAGES, type LanguageChoice } from '../../src-shared/i18n/locale';
import type { PlainKey } from '../../src-shared/i18n/messages';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ScreenHeader } from '../components/ScreenHeader';
import { SearchSelect, type Choice } from '../components/SearchSelect';
import { Segmented } from '../components/Segmented';
import { SettingsGroup } from '../components/SettingsGroup';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { SignOutButton } from '../components/SignOutButton';
import { Switch } from '../components/Switch';
import { useEscape } from '../components/useDocumentKeydown';
import { displayAccelerator } from '../format/accelerator';
import { conflictFor, failureFor, shortcutSlots } from '../format/shortcutUse';
import { useI18n } from '../i18n/I18n';
import { SoundsSection } from './SoundsSection';
import { UpdatesSection } from './UpdatesSection';
import { CarrySection } from './CarrySection';

const THEMES: { value: Theme; label: PlainKey }[] = [
  { value: 'system', label: 'settings.themeSystem' },
  { value: 'light', label: 'settings.themeLight' },
  { value: 'dark', label: 'settings.themeDark' },
];

/** settings.timezone null. */
const SYSTEM_ZONE = '';

function timezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

function AccountSection({ api, state, onError, onReplaceToken, onExport }: SectionProps) {
  const i18n = useI18n();
  const { session } = state;
  async function storeWeakly() {
    const result = await call(api, 'session:storeTokenWeakly', {});
    onError(result.ok ? null : errorText(i18n, result.error));
  }
  return (
    <SettingsGroup title={i18n.t('settings.account')}>
      <div className="setting">
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
        {session.tokenStorage === 'weak' && <p className="setting-detail">{i18n.t('settings.storedWeakly')}</p>}
        <div className="row-actions start">
          <button type="button" className="secondary" onClick={onReplaceToken}>
            {session.mode === 'demo' ? i18n.t('settings.connectAccount') : i18n.t('settings.replaceToken')}
          </button>
          <button type="button" className="secondary" disabled={!state.core} onClick={onExport}>
            {i18n.t('export.button')}
          </button>
        </div>
      </div>
      <div className="setting">
        <SignOutButton api={api} demo={session.mode === 'demo'} onError={onError} />
      </div>
    </SettingsGroup>
  );
}

function ShortcutsSection({ state, settings, update }: SectionProps) {
  const i18n = useI18n();
  const slots = shortcutSlots(i18n, settings, state.core?.counters ?? []);
  const isMac = state.platform === 'darwin';
  return (
    <SettingsGroup title={i18n.t('settings.shortcuts')} open={state.shortcutFailures.length > 0}>
      <ShortcutRecorder
        label={i18n.t('shortcut.open')}
        value={settings.shortcuts.open}
        isMac={isMac}
        conflictOf={(accelerator) => conflictFor(slots, 'open', accelerator)}
        failure={failureFor(i18n, state.shortcutFailures, settings.shortcuts.open)}
        note={i18n.t('settings.perCounterShortcuts')}
        onChange={(accelerator) => update({ shortcuts: { ...settings.shortcuts, open: accelerator } })}
      />
      {state.shortcutFailures
        .filter((failure) => failure.accelerator !== settings.shortcuts.open)
        .map((failure) => (
          <p key={failure.accelerator} className="setting error-text" role="alert">
            {i18n.t('shortcut.failure', { keys: displayAccelerator(i18n, failure.accelerator, isMac), reason: failureFor(i18n, [failure], failure.accelerator) ?? '' })}
          </p>
        ))}
      {/* Main's own dialog says what a link may do and asks before this turns on: one line here keeps Settings short. */}
      <Switch label={i18n.t('settings.allowLinks')} checked={settings.allowLinks} onChange={(allowLinks) => update({ allowLinks })} />
    </SettingsGroup>
  );
}

function NotificationsSection({ settings, update }: SectionProps) {
  const i18n = useI18n();
  const mutedCount = settings.notifications.mutedCounters.length;
  return (
    <SettingsGroup title={i18n.t('settings.notifications')}>
      <Switch label={i18n.t('settings.notifyOthers')} checked={settings.notifications.enabled} onChange={(enabled) => update({ notifications: { ...settings.notifications, enabled } })} />
      {mutedCount > 0 && (
        <div className="setting setting-inline">
          <span className="setting-text">{i18n.t('settings.muted', { count: mutedCount })}</span>
          <button type="button" className="secondary" onClick={() => update({ notifications: { ...settings.notifications, mutedCounters: [] } })}>
            {i18n.t('settings.unmuteAll')}
          </button>
        </div>
      )}
    </SettingsGroup>
  );
}

function AppearanceSection({ settings, update }: SectionProps) {
  const i18n = useI18n();
  return (
    <SettingsGroup title={i18n.t('settings.appearance')}>
      <Segmented label={i18n.t('settings.theme')} segments={THEMES.map((theme) => ({ value: theme.value, label: i18n.t(theme.label) }))} value={settings.theme} onChange={(theme) => update({ theme })} />
    </SettingsGroup>
  );
}

function LanguageSection({ state, settings, update, ids }: SectionProps) {
  const i18n = useI18n();
  const zones = useMemo(timezones, []);
  const chosenZone = settings.timezone ?? SYSTEM_ZONE;
  const zoneChoices = useMemo<Choice[]>(() => {
    const listed = settings.timezone === null || zones.includes(settings.timezone) ? zones : [settings.timezone, ...zones];
    return [{ value: SYSTEM_ZONE, label: i18n.t('settings.zoneSystem', { zone: state.systemTimezone }) }, ...listed.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))];
  }, [zones, settings.timezone, state.systemTimezone, i18n]);
  return (
    <SettingsGroup title={i18n.t('settings.language')} headingId={`${ids}-language`} open={false}>
      <Segmented<LanguageChoice>
        label={{ labelledBy: `${ids}-language` }}
        segments={[
          { value: 'system', label: i18n.t('settings.languageSystem', { language: i18n.languageName(state.locale.system) }) },
          ...LANGUAGES.map((language) => ({ value: language, label: i18n.languageName(language), lang: language })),
        ]}
        value={settings.language}
        onChange={(language) => update({ language })}
      />
      <SearchSelect
        label={i18n.t('settings.timezone')}
        choices={zoneChoices}
        value={chosenZone}
        listLabel={i18n.t('settings.zones')}
        noMatch={(query) => i18n.t('settings.zoneNoMatch', { query })}
        onChange={(zone) => update({ timezone: zone === SYSTEM_ZONE ? null : zone })}
      />
    </SettingsGroup>
  );
}

function AboutSection({ api, state, settings, update }: SectionProps) {
  const i18n = useI18n();
  return (
    <SettingsGroup title={i18n.t('settings.about')} open={false}>
      <Switch label={i18n.t('settings.openAtLogin')} checked={settings.launchAtLogin} onChange={(launchAtLogin) => update({ launchAtLogin })} />
      <div className="setting setting-inline">
        <span className="setting-text">{i18n.t('settings.version', { version: state.appVersion ?? i18n.t('settings.versionUnknown') })}</span>
        <button type="button" className="secondary" onClick={() => void call(api, 'app:quit', {})}>
          {i18n.t('settings.quit')}
        </button>
      </div>
    </SettingsGroup>
  );
}

export interface SectionProps {
  api: CounterTrayApi;
  state: AppState;
  settings: Settings;
  update: (patch: SettingsPatch) => void;
  ids: string;
  onError: (message: string | null) => void;
  onReplaceToken: () => void;
  onExport: () => void;
}

// What is set once (or needs the user: a shortcut the OS refused opens its group) folds under its heading, last.
const SETTINGS_SECTIONS: ComponentType<SectionProps>[] = [AccountSection, NotificationsSection, SoundsSection, AppearanceSection, ShortcutsSection, LanguageSection, UpdatesSection, CarrySection, AboutSection];

interface Props {
  api: CounterTrayApi;
  state: AppState;
  onClose: () => void;
  onReplaceToken: () => void;
  onExport: () => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export default function SettingsScreen({ api, state, onClose, onReplaceToken, onExport }: Props) {
  const i18n = useI18n();
  const ids = useId();
  const { settings } = state;
  // A change shows at once, until main's state agrees or main refuses it.
  const [overrides, setOverrides] = useState<SettingsPatch>({});
  const [updateError, setUpdateError] = useState<string | null>(null);
  const [sessionError, setSessionError] = useState<string | null>(null);
  useEffect(() => {
    setOverrides((current) => {
      const left = Object.fromEntries(Object.entries(current).filter(([key, value]) => !same(settings[key as keyof Settings], value)));
      return Object.keys(left).length === Object.keys(current).length ? current : left;
    });
  }, [settings]);
  const update = useCallback(
    async (patch: SettingsPatch) => {
      setOverrides((current) => ({ ...current, ...patch }));
      const result = await call(api, 'settings:update', patch);
      if (result.ok) return setUpdateError(null);
      setUpdateError(errorText(i18n, result.error));
      setOverrides((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))));
    },
    [api, i18n],
  );
  const error = sessionError ?? updateError;
  useEscape(onClose);
  const props: SectionProps = { api, state, settings: { ...settings, ...overrides }, update, ids, onError: setSessionError, onReplaceToken, onExport };

  return (
    <main className="screen settings-screen">
      <ScreenHeader onBack={onClose} autoFocus>{i18n.t('settings.title')}</ScreenHeader>
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
