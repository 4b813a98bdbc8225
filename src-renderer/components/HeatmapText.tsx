// The year grid's text alternative: a legend in words and swatches, and a table of the months.
import type { ActivityHistory, PeriodTotal } from '../../src-shared/domain/history';
import { useI18n } from '../i18n/I18n';

export function HeatmapLegend({ history }: { history: ActivityHistory }) {
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

/** Hidden in a box, not the table itself (see ActivityChart). */
export function HeatmapMonths({ months }: { months: PeriodTotal[] }) {
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
