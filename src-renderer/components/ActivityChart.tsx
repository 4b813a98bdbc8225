// Change as stacked bars, the value as a line, days before the record hatched (never zero bars); words in HTML grow with the zoom.
import { useId } from 'react';
import type { HistoryDay } from '../../src-shared/domain/history';
import type { Translator } from '../../src-shared/i18n/translator';
import { useI18n } from '../i18n/I18n';

const W = 320;
const H = 120;
const PAD = 6;

type Recorded = Extract<HistoryDay, { recorded: true }>;

function extent(values: number[]): [number, number] {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= 1;
    high += 1;
  }
  return [low, high];
}

function valueRange(i18n: Translator, days: Recorded[]): string {
  const values = days.map((d) => d.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? i18n.t('chart.value', { value: i18n.number(low) }) : i18n.t('chart.valueRange', { low: i18n.number(low), high: i18n.number(high) });
}

function summaryOf(i18n: Translator, days: HistoryDay[], recorded: Recorded[], name: string): string {
  const first = recorded[0];
  const last = recorded[recorded.length - 1];
  if (!first || !last) return i18n.t('chart.noActivity', { name });
  const total = recorded.reduce((sum, d) => ({ you: sum.you + d.you, others: sum.others + d.others }), { you: 0, others: 0 });
  const summary = i18n.t('chart.summary', {
    name,
    days: days.length,
    you: i18n.signed(total.you),
    others: i18n.signed(total.others),
    from: i18n.number(first.value - first.you - first.others),
    to: i18n.number(last.value),
  });
  return first === days[0] ? summary : `${summary} ${i18n.t('chart.notRecorded', { date: i18n.date(first.date) })}`;
}

export function ActivityChart({ days, name }: { days: HistoryDay[]; name: string }) {
  const i18n = useI18n();
  const hatch = useId();
  const recorded = days.filter((d): d is Recorded => d.recorded);
  const unrecorded = days.length - recorded.length; // a prefix: the record began after them
  const up = recorded.map((d) => Math.max(d.you, 0) + Math.max(d.others, 0));
  const down = recorded.map((d) => Math.min(d.you, 0) + Math.min(d.others, 0));
  const [low, high] = extent([0, ...up, ...down]);
  const y = (v: number) => PAD + ((high - v) / (high - low)) * (H - 2 * PAD);
  // From zero: 3 → 4 is a third more, not a cliff.
  const [vLow, vHigh] = extent([0, ...recorded.map((d) => d.value)]);
  const vy = (v: number) => PAD + ((vHigh - v) / (vHigh - vLow)) * (H - 2 * PAD);
  const slot = W / Math.max(days.length, 1);
  const bar = Math.max(1, slot * 0.6);
  const x = (i: number) => i * slot + (slot - bar) / 2;
  const line = recorded.map((d, i) => `${((unrecorded + i) * slot + slot / 2).toFixed(1)},${vy(d.value).toFixed(1)}`).join(' ');
  const summary = summaryOf(i18n, days, recorded, name);

  const rects = recorded.flatMap((d, i) => {
    const parts: { key: string; cls: string; from: number; to: number }[] = [];
    let top = 0;
    let bottom = 0;
    for (const [who, v] of [['you', d.you], ['others', d.others]] as const) {
      if (v > 0) parts.push({ key: `${d.date}-${who}`, cls: `bar-${who}`, from: top, to: (top += v) });
      else if (v < 0) parts.push({ key: `${d.date}-${who}`, cls: `bar-${who}`, from: bottom, to: (bottom += v) });
    }
    return parts.map((p) => <rect key={p.key} className={p.cls} x={x(unrecorded + i)} width={bar} y={Math.min(y(p.from), y(p.to))} height={Math.max(1, Math.abs(y(p.from) - y(p.to)))} />);
  });
  const first = days[0];

  return (
    <figure className="chart">
      <div className="chart-axis">
        <span>{recorded.length > 0 ? valueRange(i18n, recorded) : ''}</span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary} data-testid="activity-chart">
        <defs>
          <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line className="hatch" x1="0" y1="0" x2="0" y2="6" />
          </pattern>
        </defs>
        {unrecorded > 0 && <rect className="not-recorded" x={0} y={0} width={unrecorded * slot} height={H} fill={`url(#${hatch})`} />}
        <line className="zero" x1={0} x2={W} y1={y(0)} y2={y(0)} />
        {rects}
        {recorded.length > 0 && <polyline className="value-line" points={line} />}
        {/* One recorded day is a point, which a line does not draw. */}
        {recorded.length === 1 && <circle className="value-dot" cx={(unrecorded + 0.5) * slot} cy={vy(recorded[0]?.value ?? 0)} r={2} />}
      </svg>
      <div className="chart-axis">
        <span>{first ? i18n.dayLabel(first.date) : ''}</span>
        <span>{i18n.t('chart.today')}</span>
      </div>
      <figcaption className="legend">
        <span className="key key-you" aria-hidden="true" /> {i18n.t('chart.you')} <span className="key key-others" aria-hidden="true" /> {i18n.t('chart.others')}{' '}
        <span className="key key-value" aria-hidden="true" /> {i18n.t('chart.legendValue')}
        {unrecorded > 0 && (
          <>
            {' '}
            <span className="key key-unrecorded" aria-hidden="true" /> {i18n.t('chart.legendNotRecorded')}
          </>
        )}
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('chart.day')}</th>
              <th scope="col">{i18n.t('chart.colYou')}</th>
              <th scope="col">{i18n.t('chart.colOthers')}</th>
              <th scope="col">{i18n.t('chart.colValue')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{i18n.dayLabel(d.date)}</th>
                {d.recorded ? (
                  <>
                    <td>{i18n.signed(d.you)}</td>
                    <td>{i18n.signed(d.others)}</td>
                    <td>{i18n.number(d.value)}</td>
                  </>
                ) : (
                  <td colSpan={3}>{i18n.t('history.notRecorded')}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
