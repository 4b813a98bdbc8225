// The 14-day chart: daily change as bars (yours and others' stacked, decreases below the
// zero line) and the value at the end of each day as a line, on its own scale. Plain SVG
// drawn from CSS colours, so it follows the theme; the words (title, axis ends, legend)
// are HTML around it so they grow with the page zoom, and a table says it all in text.
import type { DayActivity } from '../../src-shared/domain/activity';
import type { Translator } from '../../src-shared/i18n/translator';
import { useI18n } from '../i18n/I18n';

const W = 320;
const H = 120;
const PAD = 6;

function extent(values: number[]): [number, number] {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= 1;
    high += 1;
  }
  return [low, high];
}

function valueRange(i18n: Translator, days: DayActivity[]): string {
  const values = days.map((d) => d.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? i18n.t('chart.value', { value: i18n.number(low) }) : i18n.t('chart.valueRange', { low: i18n.number(low), high: i18n.number(high) });
}

export function ActivityChart({ days, name }: { days: DayActivity[]; name: string }) {
  const i18n = useI18n();
  const up = days.map((d) => Math.max(d.you, 0) + Math.max(d.others, 0));
  const down = days.map((d) => Math.min(d.you, 0) + Math.min(d.others, 0));
  const [low, high] = extent([0, ...up, ...down]);
  const y = (v: number) => PAD + ((high - v) / (high - low)) * (H - 2 * PAD);
  // The value's scale reaches zero, so the line's steps are in proportion: 3 → 4 is a third
  // more, not a cliff from the bottom to the top.
  const [vLow, vHigh] = extent([0, ...days.map((d) => d.value)]);
  const vy = (v: number) => PAD + ((vHigh - v) / (vHigh - vLow)) * (H - 2 * PAD);
  const slot = W / Math.max(days.length, 1);
  const bar = Math.max(2, slot * 0.6);
  const x = (i: number) => i * slot + (slot - bar) / 2;
  const line = days.map((d, i) => `${(i * slot + slot / 2).toFixed(1)},${vy(d.value).toFixed(1)}`).join(' ');
  const total = days.reduce((sum, d) => ({ you: sum.you + d.you, others: sum.others + d.others }), { you: 0, others: 0 });
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? i18n.t('chart.summary', {
          name,
          days: days.length,
          you: i18n.signed(total.you),
          others: i18n.signed(total.others),
          from: i18n.number(first.value - first.you - first.others),
          to: i18n.number(last.value),
        })
      : i18n.t('chart.noActivity', { name });

  const rects = days.flatMap((d, i) => {
    const parts: { key: string; cls: string; from: number; to: number }[] = [];
    // Positive parts stack upwards from zero, negative ones downwards: yours first.
    let top = 0;
    let bottom = 0;
    for (const [who, v] of [['you', d.you], ['others', d.others]] as const) {
      if (v > 0) parts.push({ key: `${d.date}-${who}`, cls: `bar-${who}`, from: top, to: (top += v) });
      else if (v < 0) parts.push({ key: `${d.date}-${who}`, cls: `bar-${who}`, from: bottom, to: (bottom += v) });
    }
    return parts.map((p) => <rect key={p.key} className={p.cls} x={x(i)} width={bar} y={Math.min(y(p.from), y(p.to))} height={Math.max(1, Math.abs(y(p.from) - y(p.to)))} />);
  });

  return (
    <figure className="chart">
      <div className="chart-axis">
        <span>{valueRange(i18n, days)}</span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary} data-testid="activity-chart">
        <line className="zero" x1={0} x2={W} y1={y(0)} y2={y(0)} />
        {rects}
        <polyline className="value-line" points={line} />
      </svg>
      <div className="chart-axis">
        <span>{first ? i18n.dayLabel(first.date) : ''}</span>
        <span>{i18n.t('chart.today')}</span>
      </div>
      <figcaption className="legend">
        <span className="key key-you" aria-hidden="true" /> {i18n.t('chart.you')} <span className="key key-others" aria-hidden="true" /> {i18n.t('chart.others')}{' '}
        <span className="key key-value" aria-hidden="true" /> {i18n.t('chart.legendValue')}
      </figcaption>
      {/* The box is visually hidden, not the table: a table sizes to its content whatever its width, and in a
          longer language it pushed the page sideways at 200 % zoom (found by the German run). */}
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
                <td>{i18n.signed(d.you)}</td>
                <td>{i18n.signed(d.others)}</td>
                <td>{i18n.number(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
