import type { ReactNode } from 'react';
import { BackButton } from './BackButton';

interface Props {
  onBack: () => void;
  autoFocus?: boolean;
  /** Words, or a counter's name (cut with … on one line; the tooltip has it whole). */
  children: ReactNode;
  fullTitle?: string;
  titleId?: string;
  actions?: ReactNode;
}

/** The top of every screen one goes back from (Edit, Settings, Export, Activity): the way back, the title, any actions. */
export function ScreenHeader({ onBack, autoFocus = false, children, fullTitle, titleId, actions }: Props) {
  return (
    <header className="screen-header">
      <BackButton onClick={onBack} autoFocus={autoFocus} />
      <h1 id={titleId} className="title" title={fullTitle}>
        {children}
      </h1>
      {actions}
    </header>
  );
}
