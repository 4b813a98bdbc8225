// Settings → Backup: main asks for the file in its own dialogs and keeps the picked one; the page
// sees only main's preview, then Apply, then one Undo.
import { useState } from 'react';
import { errorText } from '../../src-shared/i18n/error-words';
import type { ImportPreview, InvokeChannel, RequestOf, ResponseOf } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { SettingsGroup } from '../components/SettingsGroup';
import { useI18n } from '../i18n/I18n';
import type { SectionProps } from './SettingsScreen';

export function CarrySection({ api }: SectionProps) {
  const i18n = useI18n();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [said, setSaid] = useState<{ text: string; error?: boolean; undo?: boolean } | null>(null);
  // Folded until first used, then open whatever it says.
  const [used, setUsed] = useState(false);

  async function run<C extends InvokeChannel>(channel: C, request: RequestOf<C>, then: (value: ResponseOf<C>) => void) {
    setUsed(true);
    setPreview(null);
    setSaid(null);
    const result = await call(api, channel, request);
    if (result.ok) then(result.value);
    else setSaid({ text: errorText(i18n, result.error), error: true });
  }
  const cancelled = () => setSaid({ text: i18n.t('carry.cancelled') });
  const apply = (undo: boolean) => run('settings:importApply', { undo }, () => setSaid(undo ? { text: i18n.t('carry.undone') } : { text: i18n.t('carry.applied'), undo: true }));

  return (
    <SettingsGroup title={i18n.t('carry.title')} open={used}>
      <p className="setting setting-detail">{i18n.t('carry.explain')}</p>
      <div className="setting">
        <div className="row-actions start">
          <button type="button" className="secondary" onClick={() => void run('settings:export', {}, (saved) => (saved ? setSaid({ text: i18n.t('carry.exported', { file: saved.fileName }) }) : cancelled()))}>
            {i18n.t('carry.export')}
          </button>
          <button type="button" className="secondary" onClick={() => void run('settings:importPick', {}, (picked) => (picked ? setPreview(picked) : cancelled()))}>
            {i18n.t('carry.import')}
          </button>
        </div>
      </div>
      {preview && (
        <section className="setting carry-preview" aria-label={i18n.t('carry.preview')}>
          <p>{preview.changes.length > 0 ? i18n.t('carry.preview') : i18n.t('carry.nothing')}</p>
          <ul>
            {preview.changes.map((change) => (
              <li key={change.key}>{i18n.say(change)}</li>
            ))}
          </ul>
          {preview.otherServer && <p className="setting-detail">{i18n.t('carry.otherServer', { server: preview.otherServer })}</p>}
          <div className="row-actions">
            <button type="button" className="secondary" onClick={() => setPreview(null)}>
              {i18n.t('common.cancel')}
            </button>
            <button type="button" className="primary" disabled={preview.changes.length === 0} onClick={() => void apply(false)}>
              {i18n.t('carry.apply')}
            </button>
          </div>
        </section>
      )}
      {/* A live region, not role=status: Updates' own status line is the section's one status. */}
      <div className={said ? 'setting setting-inline' : undefined} aria-live={said?.error ? 'assertive' : 'polite'} data-testid="carry-result">
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
