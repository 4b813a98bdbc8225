import type { ReactNode } from 'react';
import { BackButton } from './BackButton';

/** The top of a screen that one goes back from (Edit, Settings, Export): the way back, then the title (children). */
export function ScreenHeader({ onBack, autoFocus = false, children }: { onBack: () => void; autoFocus?: boolean; children: ReactNode }) {
  return (
    <header className="screen-header">
      <BackButton onClick={onBack} autoFocus={autoFocus} />
      <h1 className="title">{children}</h1>
    </header>
  );
}
