import { useI18n } from '../i18n/I18n';
import { ActivityIcon, ICON } from './icons';

/** The row's way into the counter's activity. */
export function DetailButton({ name, tabIndex, onClick }: { name: string; tabIndex: number; onClick: () => void }) {
  const i18n = useI18n();
  return (
    <button type="button" className="row-action detail" aria-label={i18n.t('row.activity', { name })} title={i18n.t('row.activityTitle')} tabIndex={tabIndex} onClick={onClick}>
      <ActivityIcon {...ICON} />
    </button>
  );
}
