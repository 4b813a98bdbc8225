// One counter's activity (issue 15): today split into yours and others', the 14-day chart
// and the latest events. Loaded as its own chunk (App.tsx: React.lazy), since most popups
// never open it; its data is asked for on demand (`activity:detail`), never pushed.
import { useEffect, useState } from 'react';
import type { ActivityDetail } from '../../src-shared/domain/activity';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ActivityChart } from '../components/ActivityChart';
import { UndoChip } from '../components/UndoChip';
import { useEscape } from '../components/useDocumentKeydown';
import { useUndo } from '../components/useUndo';
import { eventText, eventTime, signed } from '../format/activity';
import { formatCounterValue } from '../format/days';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  counterId: string;
  onClose: () => void;
  onEdit: (id: string) => void;
}

export default function CounterDetail({ api, state, counterId, onClose, onEdit }: Props) {
  const counter = state.core?.counters.find((c) => c.id === counterId);
  const [detail, setDetail] = useState<ActivityDetail | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const todayNet = state.activity?.today[counterId];
  const offer = state.activity?.undo;
  const undo = useUndo(api, offer, setNotice);
  useEscape(onClose);

  // Asked again whenever what it shows may have moved: the value, today's total, the undo offer.
  const value = counter?.value;
  useEffect(() => {
    let alive = true;
    void call(api, 'activity:detail', { id: counterId }).then((result) => {
      if (!alive) return;
      if (result.ok) setDetail(result.value);
      else setNotice(result.error.message);
    });
    return () => {
      alive = false;
    };
  }, [api, counterId, value, todayNet, offer]);

  if (!counter) {
    return (
      <main className="screen detail-screen">
        <p role="alert">This counter is no longer shared with you.</p>
        <button type="button" onClick={onClose}>
          Back
        </button>
      </main>
    );
  }
  const timezone = state.settings.timezone ?? state.systemTimezone;
  const now = Date.now();
  const shown = formatCounterValue(counter.type, counter.value);
  return (
    <main className="screen detail-screen" aria-labelledby="detail-title">
      <header className="toolbar">
        <button type="button" className="icon" aria-label="Back to the list" title="Back (Esc)" autoFocus onClick={onClose}>
          ‹
        </button>
        <h1 id="detail-title" className="detail-title">
          {counter.name}
        </h1>
        <button type="button" className="icon" aria-label={`Edit ${counter.name}`} title="Edit" onClick={() => onEdit(counter.id)}>
          ⋯
        </button>
      </header>
      <div className="detail-body">
        <p className="detail-value">
          <span className="value-number">{shown.number}</span> {shown.unit}
        </p>
        {detail && counter.type === 'UpDown' && (
          <p className="detail-today" data-testid="detail-today">
            Today {signed(detail.today.you + detail.today.others)}: you {signed(detail.today.you)}, others {signed(detail.today.others)}
          </p>
        )}
        {offer?.counterId === counterId && <UndoChip offer={offer} onUndo={undo} tabIndex={0} />}
        {/* Day counters move by the calendar, not by changes: their chart would say nothing true. */}
        {detail && counter.type === 'UpDown' && <ActivityChart days={detail.days} name={counter.name} />}
        <h2 className="detail-heading">Latest</h2>
        {detail && detail.events.length === 0 && <p className="muted">Nothing recorded yet.</p>}
        <ol className="events" aria-label={`Latest changes of ${counter.name}`}>
          {detail?.events.map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <time dateTime={new Date(event.at).toISOString()}>{eventTime(event.at, timezone, now)}</time> {eventText(event)}
            </li>
          ))}
        </ol>
      </div>
      <footer className="footer">
        <p className="notice" role="status">
          {notice}
        </p>
      </footer>
    </main>
  );
}
