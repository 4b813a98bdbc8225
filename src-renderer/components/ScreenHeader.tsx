import type { ReactNode } from 'react';
import { useI18n } from '../i18n/I18n';
import { BackIcon, ICON } from './icons';

interface Props {
  onBack: () => void;
  autoFocus?: boolean;
  /** Cut with … on one line: `fullTitle` is the tooltip. */
  children: ReactNode;
  fullTitle?: string;
  titleId?: string;
  actions?: ReactNode;
}

export function ScreenHeader({ onBack, autoFocus = false, children, fullTitle, titleId, actions }: Props) {
  const i18n = useI18n();
  return (
    <header className="screen-header">
      <button type="button" className="icon back" aria-label={i18n.t('common.back')} title={i18n.t('common.backTitle')} autoFocus={autoFocus} onClick={onBack}>
        <BackIcon {...ICON} />
      </button>
      <h1 id={titleId} className="title" title={fullTitle}>
        {children}
      </h1>
      {actions}
    </header>
  );
}
