// Settings: the way back, the page's error line, and its sections (SettingsSections.tsx).
import { useId, useState } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { ScreenHeader } from '../components/ScreenHeader';
import { useEscape } from '../components/useDocumentKeydown';
import { useSettingsEditor } from '../components/useSettingsEditor';
import { useI18n } from '../i18n/I18n';
import { SETTINGS_SECTIONS, type SectionProps } from './SettingsSections';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  onClose: () => void;
  onReplaceToken: () => void;
  onExport: () => void;
}

export function SettingsScreen({ api, state, onClose, onReplaceToken, onExport }: Props) {
  const i18n = useI18n();
  const ids = useId();
  const editor = useSettingsEditor(api, state.settings);
  const [sessionError, setSessionError] = useState<string | null>(null);
  const error = sessionError ?? editor.error;
  useEscape(onClose);
  const props: SectionProps = { api, state, settings: editor.settings, update: editor.update, ids, onError: setSessionError, onReplaceToken, onExport };

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
