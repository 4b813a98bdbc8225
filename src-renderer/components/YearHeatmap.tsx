// 52 week columns in bands of 24 px targets (WCAG 2.5.8), the newest on top, rows in time order for a screen reader.
import { memo, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ActivityHistory, HistoryDay, PeriodTotal } from '../../src-shared/domain/history';
import { dayText } from '../format/history';
import { useI18n } from '../i18n/I18n';

const PITCH = 24;
const LABELS = 24;

function shadeClass(day: HistoryDay): string {
  if (!day.recorded) return 'heat-cell lvl-none';
  if (day.level === 0) return 'heat-cell lvl-0';
  return `heat-cell lvl-${day.level > 0 ? 'up' : 'down'}-${Math.abs(day.level)}`;
}

/** Evened out: the last band is no stub. */
export function weeksPerBand(width: number, weeks: number): number {
  const fit = Math.max(1, Math.floor((width - LABELS) / PITCH));
  const bands = Math.ceil(weeks / fit);
  return Math.ceil(weeks / bands);
}

/** Null for a key the grid leaves alone. */
export function nextDay(key: string, ctrl: boolean, index: number, last: number): number | null {
  const row = index % 7;
  const moves: Record<string, number> = {
    ArrowUp: index - 1,
    ArrowDown: index + 1,
    ArrowLeft: index - 7,
    ArrowRight: index + 7,
    PageUp: index - 28,
    PageDown: index + 28,
    Home: ctrl ? 0 : index - row,
    End: ctrl ? last : index - row + 6,
  };
  const to = moves[key];
  return to === undefined ? null : Math.min(last, Math.max(0, to));
}

let lastWidth = 336;

function useWeeksPerBand(box: RefObject<HTMLDivElement | null>, weeks: number): number {
  const [perBand, setPerBand] = useState(() => weeksPerBand(lastWidth, weeks));
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      // No layout (a test's DOM): the last width.
      if (element.clientWidth > 0) lastWidth = element.clientWidth;
      setPerBand(weeksPerBand(lastWidth, weeks));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, weeks]);
  return perBand;
}

interface GridProps {
  days: readonly HistoryDay[];
  labels: readonly string[];
  perBand: number;
  focused: number;
  setFocused(index: number): void;
  setPointed(index: number | null): void;
  setInside(inside: boolean): void;
  label: string;
  describedBy: string;
}

interface WeekProps {
  days: readonly HistoryDay[];
  labels: readonly string[];
  start: number;
  /** Its day in the tab order (0–6), or -1. */
  tabbable: number;
}

const HeatWeek = memo(function HeatWeek({ days, labels, start, tabbable }: WeekProps) {
  const i18n = useI18n();
  const week = days.slice(start, start + 7);
  const firstOfMonth = week.find((day) => day.date.endsWith('-01'));
  return (
    <div role="row" className="heat-week">
      {firstOfMonth && (
        <span className="heat-month" aria-hidden="true">
          {i18n.month(firstOfMonth.date)}
        </span>
      )}
      {week.map((day, d) => (
        <div role="gridcell" key={day.date} data-date={day.date} aria-label={labels[start + d]} className={shadeClass(day)} tabIndex={d === tabbable ? 0 : -1} />
      ))}
    </div>
  );
});

function dayAt(days: readonly HistoryDay[], target: EventTarget | null): number | null {
  const date = target instanceof Element ? target.closest('[data-date]')?.getAttribute('data-date') : null;
  if (!date) return null;
  const index = days.findIndex((day) => day.date === date);
  return index < 0 ? null : index;
}

const HeatGrid = memo(function HeatGrid({ days, labels, perBand, focused, setFocused, setPointed, setInside, label, describedBy }: GridProps) {
  const i18n = useI18n();
  const grid = useRef<HTMLDivElement>(null);
  const last = days.length - 1;
  const move = (index: number) => {
    setFocused(index);
    grid.current?.querySelector<HTMLElement>(`[data-date="${days[index]?.date}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const to = nextDay(event.key, event.ctrlKey || event.metaKey, Math.min(focused, last), last);
    if (to === null) return;
    event.preventDefault();
    move(to);
  };
  const weeks = Math.ceil(days.length / 7);
  // From this week back: the newest band is whole.
  const bands = Array.from({ length: Math.ceil(weeks / perBand) }, (_, b) => [Math.max(0, weeks - (b + 1) * perBand), weeks - b * perBand] as const).reverse();
  const firstWeek = days.slice(0, 7);
  return (
    <div
      role="grid"
      ref={grid}
      aria-readonly="true"
      aria-label={label}
      aria-describedby={describedBy}
      className="heat-grid"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        setInside(true);
        const index = dayAt(days, event.target);
        if (index !== null) setFocused(index);
      }}
      onBlur={(event) => setInside(event.currentTarget.contains(event.relatedTarget))}
      onClick={(event) => {
        const index = dayAt(days, event.target);
        if (index !== null) move(index);
      }}
      onMouseOver={(event) => {
        const index = dayAt(days, event.target);
        if (index !== null) setPointed(index);
      }}
      onMouseLeave={() => setPointed(null)}
    >
      {bands.map(([from, to]) => (
        <div role="rowgroup" className="heat-band" key={from}>
          <div className="heat-weekdays" aria-hidden="true">
            <span className="heat-month" />
            {firstWeek.map((day) => (
              <span key={day.date}>{i18n.weekday(day.date)}</span>
            ))}
          </div>
          {Array.from({ length: to - from }, (_, i) => {
            const start = (from + i) * 7;
            return <HeatWeek key={start} days={days} labels={labels} start={start} tabbable={focused >= start && focused < start + 7 ? focused - start : -1} />;
          })}
        </div>
      ))}
    </div>
  );
});

function HeatmapLegend({ history }: { history: ActivityHistory }) {
  const i18n = useI18n();
  const decreased = history.days.some((day) => day.recorded && day.level < 0);
  const unrecorded = history.days.some((day) => !day.recorded);
  return (
    <p className="heat-legend">
      <span>{i18n.t('heatmap.less')}</span>
      {[1, 2, 3, 4].map((level) => (
        <span key={level} className={`heat-cell lvl-up-${level}`} aria-hidden="true" />
      ))}
      <span>{i18n.t('heatmap.more')}</span>
      <span className="heat-cell lvl-0" aria-hidden="true" />
      <span>{i18n.t('heatmap.zero')}</span>
      {decreased && (
        <>
          <span className="heat-cell lvl-down-3" aria-hidden="true" />
          <span>{i18n.t('heatmap.decrease')}</span>
        </>
      )}
      {unrecorded && (
        <>
          <span className="heat-cell lvl-none" aria-hidden="true" />
          <span>{i18n.t('heatmap.unrecorded')}</span>
        </>
      )}
    </p>
  );
}

function HeatmapMonths({ months }: { months: PeriodTotal[] }) {
  const i18n = useI18n();
  return (
    <div className="sr-only">
      <table>
        <caption>{i18n.t('heatmap.months')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n.t('heatmap.colMonth')}</th>
            <th scope="col">{i18n.t('heatmap.colChange')}</th>
            <th scope="col">{i18n.t('heatmap.colActive')}</th>
            <th scope="col">{i18n.t('heatmap.colRecorded')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.start}>
              <th scope="row">{i18n.month(`${month.start}-01`, true)}</th>
              <td>{month.recordedDays > 0 ? i18n.t('history.youOthersValue', { you: i18n.signed(month.you), others: i18n.signed(month.others) }) : i18n.t('history.notRecorded')}</td>
              <td>{i18n.number(month.activeDays)}</td>
              <td>{i18n.number(month.recordedDays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function YearHeatmap({ history, name }: { history: ActivityHistory; name: string }) {
  const i18n = useI18n();
  const ids = useId();
  const { days, stats } = history;
  const labels = useMemo(() => days.map((day) => dayText(i18n, day)), [days, i18n]);
  const [focused, setFocused] = useState(days.length - 1);
  const [pointed, setPointed] = useState<number | null>(null);
  const [inside, setInside] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const perBand = useWeeksPerBand(box, Math.ceil(days.length / 7));
  const shown = pointed ?? (inside ? focused : null);
  const tooltip = shown === null ? undefined : labels[shown];

  return (
    <div className="heatmap" ref={box}>
      <p className="heat-tooltip" aria-hidden="true" data-testid="heat-tooltip">
        {tooltip ?? i18n.t('heatmap.hint')}
      </p>
      <HeatGrid
        days={days}
        labels={labels}
        perBand={perBand}
        focused={Math.min(focused, days.length - 1)}
        setFocused={setFocused}
        setPointed={setPointed}
        setInside={setInside}
        label={i18n.t('heatmap.label', { name })}
        describedBy={`${ids}-summary`}
      />
      <HeatmapLegend history={history} />
      <p id={`${ids}-summary`} className="sr-only">
        {i18n.t('heatmap.summary', { name, recorded: stats.recordedDays, active: stats.activeDays, you: i18n.signed(stats.you), others: i18n.signed(stats.others) })}
      </p>
      <HeatmapMonths months={history.months} />
    </div>
  );
}
