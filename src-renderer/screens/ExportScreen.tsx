// Main asks where in its own dialog: no path is seen here.
import { useId, useState } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ScreenHeader } from '../components/ScreenHeader';
import { useEscape } from '../components/useDocumentKeydown';
import { errorText } from '../../src-shared/i18n/error-words';
import { useI18n } from '../i18n/I18n';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  counterId?: string | undefined;
  onClose: () => void;
}

export default function ExportScreen({ api, state, counterId, onClose }: Props) {
  const i18n = useI18n();
  const ids = useId();
  const counters = state.core?.counters ?? [];
  const counter = counters.find((c) => c.id === counterId);
  const [scope, setScope] = useState<'counter' | 'all'>(counter ? 'counter' : 'all');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  useEscape(onClose);
  const zone = state.settings.timezone ?? state.systemTimezone;

  async function exportNow() {
    if (busy) return;
    setBusy(true);
    setResult(null);
    const answer = await call(api, 'activity:export', scope === 'counter' && counter ? { scope: 'counter', id: counter.id } : { scope: 'all' });
    setBusy(false);
    if (!answer.ok) setResult({ text: errorText(i18n, answer.error), error: true });
    else if (answer.value.status === 'cancelled') setResult({ text: i18n.t('export.cancelled'), error: false });
    else setResult({ text: i18n.t('export.saved', { rows: answer.value.rows, file: answer.value.fileName }), error: false });
  }

  return (
    <main className="screen export-screen">
      <ScreenHeader onBack={onClose} autoFocus>
        {i18n.t('export.title')}
      </ScreenHeader>
      <div className="screen-body">
        <fieldset className="group">
          <legend className="subtitle">{i18n.t('export.what')}</legend>
          <div className="group-body">
            {counter && (
              <label className="setting choice">
                <input type="radio" name={`${ids}-scope`} checked={scope === 'counter'} onChange={() => setScope('counter')} />
                <span>{i18n.t('export.only', { name: counter.name })}</span>
              </label>
            )}
            <label className="setting choice">
              <input type="radio" name={`${ids}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} />
              <span>
                {i18n.t('export.all')} <span className="muted">({i18n.number(counters.length)})</span>
              </span>
            </label>
          </div>
        </fieldset>
        <p className="muted small">{i18n.t('export.explain', { zone })}</p>
        <p className={result?.error ? 'error-text' : 'muted'} role={result?.error ? 'alert' : 'status'} data-testid="export-result">
          {result?.text}
        </p>
      </div>
      <footer className="screen-footer">
        <div className="row-actions">
          <button type="button" className="primary" aria-disabled={busy || undefined} onClick={() => void exportNow()}>
            {busy ? i18n.t('export.waiting') : i18n.t('export.save')}
          </button>
        </div>
      </footer>
    </main>
  );
}
