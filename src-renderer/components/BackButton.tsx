import { useI18n } from '../i18n/I18n';
import { BackIcon, ICON } from './icons';

/** The one way back, the same on every screen (Edit, Settings, Activity); Esc does the same. */
export function BackButton({ onClick, autoFocus = false }: { onClick: () => void; autoFocus?: boolean }) {
  const i18n = useI18n();
  return (
    <button type="button" className="icon back" aria-label={i18n.t('common.back')} title={i18n.t('common.backTitle')} autoFocus={autoFocus} onClick={onClick}>
      <BackIcon {...ICON} />
    </button>
  );
}
