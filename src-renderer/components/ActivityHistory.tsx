import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ActivityHistory as History, HistoryRange, PeriodTotal } from '../../src-shared/domain/history';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { errorText } from '../../src-shared/i18n/error-words';
import type { Translator } from '../../src-shared/i18n/translator';
import { call } from '../bridge/ipc';
import { averageText, RANGE_WORDS, streakText } from '../format/history';
import { useI18n } from '../i18n/I18n';
import { ActivityChart } from './ActivityChart';
import { YearHeatmap } from './YearHeatmap';

interface Props {
  api: CounterTrayApi;
  counterId: string;
  name: string;
  refresh: unknown;
  onError(message: string): void;
}

function weekText(i18n: Translator, week: PeriodTotal): string {
  if (week.recordedDays === 0) return i18n.t('history.notRecorded');
  const net = i18n.signed(week.you + week.others);
  return week.recordedDays < week.days ? i18n.t('history.partly', { net, recorded: week.recordedDays, total: week.days }) : net;
}

function Numbers({ history }: { history: History }) {
  const i18n = useI18n();
  const { stats } = history;
  const rows: [string, string][] = [
    [i18n.t('history.perDay'), averageText(i18n, stats.perDay, stats.recordedDays)],
    [i18n.t('history.perWeek'), averageText(i18n, stats.perWeek, stats.recordedDays)],
    [i18n.t('history.thisWeek'), weekText(i18n, stats.thisWeek)],
    [i18n.t('history.lastWeek'), weekText(i18n, stats.lastWeek)],
    [i18n.t('history.best'), stats.best ? i18n.t('history.bestValue', { net: i18n.signed(stats.best.net), date: i18n.date(stats.best.date) }) : i18n.t('history.noBest')],
    [i18n.t('history.youOthers'), i18n.t('history.youOthersValue', { you: i18n.signed(stats.you), others: i18n.signed(stats.others) })],
  ];
  return (
    <>
      <h2 className="sr-only">{i18n.t('history.numbers')}</h2>
      <dl className="history-numbers">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function ActivityHistory({ api, counterId, name, refresh, onError }: Props) {
  const i18n = useI18n();
  const [range, setRange] = useState<HistoryRange>('twoWeeks');
  const [history, setHistory] = useState<History | null>(null);

  // In the commit: the wait starts with the click.
  useLayoutEffect(() => {
    let alive = true;
    void call(api, 'activity:history', { id: counterId, range }).then((result) => {
      if (!alive) return;
      // In the answer's turn, not a frame of the old range later.
      if (result.ok) flushSync(() => setHistory(result.value));
      else onError(errorText(i18n, result.error));
    });
    return () => {
      alive = false;
    };
  }, [api, counterId, range, refresh, i18n, onError]);

  const shown = history?.counterId === counterId ? history : null;
  const streak = shown?.streak ? streakText(i18n, shown.streak) : null;
  const firstShown = shown?.days[0];
  return (
    <section className="history">
      <fieldset className="history-range">
        <legend>{i18n.t('history.range')}</legend>
        <span className="segmented">
          {(Object.keys(RANGE_WORDS) as HistoryRange[]).map((option) => (
            <label key={option} className={range === option ? 'segment selected' : 'segment'}>
              <input type="radio" name={`range-${counterId}`} value={option} checked={range === option} onChange={() => setRange(option)} />
              <span>{i18n.t(RANGE_WORDS[option])}</span>
            </label>
          ))}
        </span>
      </fieldset>
      {shown && (
        <>
          {streak && (
            <p className="history-streak" data-testid="streak">
              {streak.current}
              {streak.longest && <span className="history-longest"> · {streak.longest}</span>}
            </p>
          )}
          {shown.range === 'year' ? <YearHeatmap history={shown} name={name} /> : <ActivityChart days={shown.days} name={name} />}
          <Numbers history={shown} />
          {firstShown && !firstShown.recorded && shown.firstRecorded && <p className="history-since">{i18n.t('history.recordedSince', { date: i18n.date(shown.firstRecorded) })}</p>}
        </>
      )}
      <p className="history-source">{i18n.t('history.source')}</p>
    </section>
  );
}
