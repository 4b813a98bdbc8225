// Export of one counter's or all counters' activity as CSV (issue 28). The popup only names
// what; main asks the user where in its own save dialog and writes the file, so this screen
// never sees a path (only the file name the user chose). Its own chunk: most popups never open it.
import { useId, useState } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { BackButton } from '../components/BackButton';
import { useEscape } from '../components/useDocumentKeydown';
import { userMessage } from '../format/errors';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  /** Opened from a counter's edit page: that counter is offered first. */
  counterId?: string | undefined;
  onClose: () => void;
}

export function ExportScreen({ api, state, counterId, onClose }: Props) {
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
    if (!answer.ok) setResult({ text: userMessage(answer.error), error: true });
    else if (answer.value.status === 'cancelled') setResult({ text: 'Not saved: the save dialog was closed.', error: false });
    else setResult({ text: `Saved ${answer.value.rows.toLocaleString('en-US')} ${answer.value.rows === 1 ? 'line' : 'lines'} as ${answer.value.fileName}.`, error: false });
  }

  return (
    <main className="screen export-screen">
      <header className="screen-header">
        <BackButton onClick={onClose} autoFocus />
        <h1 className="title">Export activity</h1>
      </header>
      <div className="screen-body stack">
        <fieldset className="stack tight">
          <legend className="subtitle">What to export</legend>
          {counter && (
            <label className="check">
              <input type="radio" name={`${ids}-scope`} checked={scope === 'counter'} onChange={() => setScope('counter')} />
              <span>Only “{counter.name}”</span>
            </label>
          )}
          <label className="check">
            <input type="radio" name={`${ids}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} />
            <span>
              All counters <span className="muted">({counters.length.toLocaleString('en-US')})</span>
            </span>
          </label>
        </fieldset>
        <p className="muted small">
          A CSV file, one line per change this computer recorded (yours and others’, the last 90 days), times in {zone}. You choose where it goes in the next window.
        </p>
        <div className="row-actions start">
          <button type="button" className="primary" aria-disabled={busy || undefined} onClick={() => void exportNow()}>
            {busy ? 'Waiting for the save dialog…' : 'Save as CSV…'}
          </button>
        </div>
        <p className={result?.error ? 'error-text' : 'muted'} role={result?.error ? 'alert' : 'status'} data-testid="export-result">
          {result?.text}
        </p>
      </div>
    </main>
  );
}

export default ExportScreen;
