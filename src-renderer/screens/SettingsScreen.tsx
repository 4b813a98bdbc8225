// Settings: the way back, the page's error line, and its sections (SettingsSections.tsx).
import { useCallback, useEffect, useId, useState } from 'react';
import type { Settings, SettingsPatch } from '../../src-shared/domain/settings';
import { errorText } from '../../src-shared/i18n/error-words';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ScreenHeader } from '../components/ScreenHeader';
import { useEscape } from '../components/useDocumentKeydown';
import { useI18n } from '../i18n/I18n';
import { SETTINGS_SECTIONS, type SectionProps } from './SettingsSections';

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
  // A change shows at once (a radio that snaps back until main answers feels broken), kept until main's state agrees or refuses it.
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
