// The mini window's view: the pinned counters in the list's own rows, on a frame the user drags
// anywhere blank (styles.css .mini); ↑/↓ move between rows, Esc closes it.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { DismissIcon, ICON } from '../components/icons';
import { useDocumentKeydown } from '../components/useDocumentKeydown';
import { useRowActions } from '../components/useRowActions';
import { useUndo } from '../components/useUndo';
import { secondLineAsker } from '../format/rowLines';
import { useI18n } from '../i18n/I18n';
import { GuardedRow } from './CounterRow';

const nothing = () => undefined;

export default function MiniWindow({ api, state }: { api: CounterTrayApi; state: AppState }) {
  const i18n = useI18n();
  const [notice, say] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const { settings, activity, extras } = state;
  const counters = state.core?.counters ?? state.lastKnown?.counters ?? [];
  const shown = settings.pinned.flatMap((id) => counters.filter((c) => c.id === id));
  const active = shown.find((c) => c.id === activeId) ?? shown[0];
  const clicksWait = state.core?.connection.status !== 'live' || state.core.outbox.held !== undefined;
  const { step, dismissError, resolveUnconfirmed } = useRowActions(api, counters, settings, say);
  const undo = useUndo(api, activity.undo, counters, say);
  const offer = activity.undo ?? undefined;
  const twoLines = secondLineAsker({ today: activity.today, offer, reset: undefined, extras, clicksWait });
  const close = () => void call(api, 'window:mini', { open: false });

  useDocumentKeydown((event) => {
    if (event.key === 'Escape') return close();
    const next = active && shown[shown.indexOf(active) + (event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : NaN)];
    if (!next) return;
    event.preventDefault();
    flushSync(() => setActiveId(next.id));
    document.getElementById(`counter-${next.id}`)?.querySelector<HTMLElement>('button:not(.row-more)')?.focus();
  });

  return (
    <main className="mini">
      <h1 className="sr-only">{i18n.t('mini.title')}</h1>
      {shown.length > 0 ? (
        <ul className="counters" aria-label={i18n.t('mini.title')}>
          {shown.map((counter) => (
            <GuardedRow
              key={counter.id}
              counter={counter}
              pinned={false}
              active={counter === active}
              selected={false}
              twoLine={twoLines(counter)}
              menuOpen={false}
              step={settings.steps[counter.id] ?? 1}
              amountOpen={false}
              onStep={step}
              onAmountAdd={nothing}
              onAmountClose={nothing}
              onActivate={setActiveId}
              onMenu={nothing}
              onDismissError={dismissError}
              onResolveUnconfirmed={resolveUnconfirmed}
              onUndo={undo}
              onUndoReset={nothing}
              isMac={state.platform === 'darwin'}
              clicksWait={clicksWait}
              activity={{ today: activity.today, offer, blocked: undefined, reset: undefined, extras }}
            />
          ))}
        </ul>
      ) : (
        <p className="mini-empty muted">{i18n.t('mini.empty')}</p>
      )}
      <p className="notice" role="status">
        {notice}
      </p>
      <button type="button" className="icon mini-close" aria-label={i18n.t('mini.close')} title={i18n.t('mini.close')} onClick={close}>
        <DismissIcon {...ICON} />
      </button>
    </main>
  );
}
