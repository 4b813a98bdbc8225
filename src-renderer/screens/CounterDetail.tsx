// Asked for on demand, never pushed.
import { useLayoutEffect, useState } from 'react';
import type { ActivityDetail } from '../../src-shared/domain/activity';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ActivityHistory } from '../components/ActivityHistory';
import { ICON, MoreIcon } from '../components/icons';
import { ScreenHeader } from '../components/ScreenHeader';
import { UndoChip } from '../components/UndoChip';
import { useEscape } from '../components/useDocumentKeydown';
import { useUndo } from '../components/useUndo';
import { eventText, eventTime } from '../format/activity';
import { dateSentence } from '../format/days';
import { formatCounterValue } from '../../src-shared/i18n/counter-value';
import { errorText } from '../../src-shared/i18n/error-words';
import { undoBlockedReason } from '../format/refusal';
import { useI18n } from '../i18n/I18n';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  counterId: string;
  onClose: () => void;
  onEdit: (id: string) => void;
}

export default function CounterDetail({ api, state, counterId, onClose, onEdit }: Props) {
  const i18n = useI18n();
  const counter = state.core?.counters.find((c) => c.id === counterId);
  const [detail, setDetail] = useState<ActivityDetail | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const todayNet = state.activity.today[counterId];
  // At midnight the history moves on.
  const day = state.extras?.today;
  const offer = state.activity.undo;
  const counters = state.core?.counters ?? [];
  const undo = useUndo(api, offer, counters, setNotice);
  useEscape(onClose);

  // In the commit: the wait starts with the click.
  const value = counter?.value;
  useLayoutEffect(() => {
    let alive = true;
    void call(api, 'activity:detail', { id: counterId }).then((result) => {
      if (!alive) return;
      if (result.ok) setDetail(result.value);
      else setNotice(errorText(i18n, result.error));
    });
    return () => {
      alive = false;
    };
  }, [api, counterId, value, todayNet, offer, day, i18n]);

  if (!counter) {
    return (
      <main className="screen detail-screen">
        <ScreenHeader onBack={onClose} autoFocus>
          {i18n.t('detail.title')}
        </ScreenHeader>
        <div className="screen-body">
          <p role="alert">{i18n.t('counter.gone')}</p>
        </div>
      </main>
    );
  }
  const timezone = state.settings.timezone ?? state.systemTimezone;
  const now = Date.now();
  const shown = formatCounterValue(i18n, counter.type, counter.value);
  const dated = dateSentence(i18n, counter);
  return (
    <main className="screen detail-screen" aria-labelledby="detail-title">
      <ScreenHeader
        onBack={onClose}
        autoFocus
        titleId="detail-title"
        fullTitle={counter.name}
        actions={
          <button type="button" className="icon" aria-label={i18n.t('row.edit', { name: counter.name })} title={i18n.t('row.editTitle')} onClick={() => onEdit(counter.id)}>
            <MoreIcon {...ICON} />
          </button>
        }
      >
        {counter.name}
      </ScreenHeader>
      {/* Focusable: a keyboard scrolls it (axe scrollable-region-focusable). */}
      <div className="detail-body" role="region" aria-label={i18n.t('row.activity', { name: counter.name })} tabIndex={0}>
        <p className="detail-value">
          {shown.before && `${shown.before} `}
          <span className="value-number">{shown.number}</span> {shown.unit}
        </p>
        {dated && <p className="detail-date">{dated}</p>}
        {detail && counter.type === 'UpDown' && (
          <p className="detail-today" data-testid="detail-today">
            {i18n.t('detail.today', { total: i18n.signed(detail.today.you + detail.today.others), you: i18n.signed(detail.today.you), others: i18n.signed(detail.today.others) })}
          </p>
        )}
        {offer?.counterId === counterId && <UndoChip offer={offer} blockedReason={undoBlockedReason(i18n, offer, counter)} onUndo={undo} tabIndex={0} isMac={state.platform === 'darwin'} />}
        {counter.type === 'UpDown' && <ActivityHistory api={api} counterId={counterId} name={counter.name} refresh={`${value}|${todayNet}|${day}`} onError={setNotice} />}
        <h2 className="detail-heading">{i18n.t('detail.latest')}</h2>
        {detail && detail.events.length === 0 && <p className="muted">{counter.type === 'UpDown' ? i18n.t('detail.nothingYet') : i18n.t('detail.calendar')}</p>}
        <ol className="events" aria-label={i18n.t('detail.events', { name: counter.name })}>
          {detail?.events.map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <time dateTime={new Date(event.at).toISOString()}>{eventTime(i18n, event.at, timezone, now)}</time> {eventText(i18n, event)}
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
