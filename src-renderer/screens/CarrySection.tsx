// Settings → Backup: export and import one settings file. Main asks for the file in its own dialogs
// and keeps the picked file; the page sees only the preview, then Apply, then one Undo.
import { useState } from 'react';
import type { LanguageChoice } from '../../src-shared/i18n/locale';
import { errorText } from '../../src-shared/i18n/error-words';
import type { Translator } from '../../src-shared/i18n/translator';
import type { ImportPreview, IpcResult } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { SettingsGroup } from '../components/SettingsGroup';
import { useI18n } from '../i18n/I18n';
import type { SectionProps } from './SettingsScreen';

const THEME_WORDS = { system: 'settings.themeSystem', light: 'settings.themeLight', dark: 'settings.themeDark' } as const;
const COUNTED = {
  groups: 'carry.groups',
  hidden: 'carry.hidden',
  goals: 'carry.goals',
  milestones: 'carry.milestones',
  steps: 'carry.steps',
  shortcuts: 'carry.shortcuts',
  mutes: 'carry.mutes',
  pins: 'carry.pins',
  other: 'carry.other',
} as const;

function changeText(i18n: Translator, { kind, count = 0, to = '' }: ImportPreview['changes'][number]): string {
  if (kind === 'order') return i18n.t('carry.order');
  if (kind === 'theme') return i18n.t('carry.theme', { to: i18n.t(THEME_WORDS[to as keyof typeof THEME_WORDS] ?? 'settings.themeSystem') });
  if (kind === 'language') return i18n.t('carry.language', { to: to === 'system' ? i18n.t('settings.themeSystem') : i18n.languageName(to as Exclude<LanguageChoice, 'system'>) });
  return i18n.t(COUNTED[kind], { count });
}

export function CarrySection({ api }: SectionProps) {
  const i18n = useI18n();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [said, setSaid] = useState<{ text: string; error?: boolean; undo?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // Folded until first used, then open whatever it says.
  const [used, setUsed] = useState(false);

  async function run<T>(ask: () => Promise<IpcResult<T>>, then: (value: T) => void) {
    if (busy) return;
    setBusy(true);
    setUsed(true);
    const result = await ask();
    setBusy(false);
    if (result.ok) then(result.value);
    else setSaid({ text: errorText(i18n, result.error), error: true });
  }
  const exportFile = () => run(() => call(api, 'settings:export', {}), (saved) => setSaid({ text: saved ? i18n.t('carry.exported', { file: saved.fileName }) : i18n.t('carry.cancelled') }));
  const pick = () => {
    setPreview(null);
    setSaid(null);
    return run(() => call(api, 'settings:importPick', {}), (picked) => (picked ? setPreview(picked) : setSaid({ text: i18n.t('carry.cancelled') })));
  };
  const apply = (undo: boolean) =>
    run(
      () => call(api, 'settings:importApply', { undo }),
      () => {
        setPreview(null);
        setSaid(undo ? { text: i18n.t('carry.undone') } : { text: i18n.t('carry.applied'), undo: true });
      },
    );

  return (
    <SettingsGroup title={i18n.t('carry.title')} open={used}>
      <p className="setting setting-detail">{i18n.t('carry.explain')}</p>
      <div className="setting">
        <div className="row-actions start">
          <button type="button" className="secondary" aria-disabled={busy || undefined} onClick={() => void exportFile()}>
            {i18n.t('carry.export')}
          </button>
          <button type="button" className="secondary" aria-disabled={busy || undefined} onClick={() => void pick()}>
            {i18n.t('carry.import')}
          </button>
        </div>
      </div>
      {preview && (
        <section className="setting carry-preview" aria-label={i18n.t('carry.preview')} data-testid="import-preview">
          <p>{preview.changes.length > 0 ? i18n.t('carry.preview') : i18n.t('carry.nothing')}</p>
          <ul>
            {preview.changes.map((change) => (
              <li key={change.kind}>{changeText(i18n, change)}</li>
            ))}
          </ul>
          {preview.otherServer && <p className="setting-detail">{i18n.t('carry.otherServer', { server: preview.otherServer })}</p>}
          <div className="row-actions">
            <button type="button" className="secondary" onClick={() => setPreview(null)}>
              {i18n.t('common.cancel')}
            </button>
            <button type="button" className="primary" disabled={preview.changes.length === 0} aria-disabled={busy || undefined} onClick={() => void apply(false)}>
              {i18n.t('carry.apply')}
            </button>
          </div>
        </section>
      )}
      <div className={said ? 'setting setting-inline' : undefined} role={said?.error ? 'alert' : 'status'} data-testid="carry-result">
        <span className={said?.error ? 'setting-text error-text' : 'setting-text'}>{said?.text}</span>
        {said?.undo && (
          <button type="button" className="secondary" onClick={() => void apply(true)}>
            {i18n.t('carry.undo')}
          </button>
        )}
      </div>
    </SettingsGroup>
  );
}
