import { BackIcon, ICON } from './icons';

/** The one way back, the same on every screen (Edit, Settings, Activity); Esc does the same. */
export function BackButton({ onClick, autoFocus = false }: { onClick: () => void; autoFocus?: boolean }) {
  return (
    <button type="button" className="icon back" aria-label="Back" title="Back (Esc)" autoFocus={autoFocus} onClick={onClick}>
      <BackIcon {...ICON} />
    </button>
  );
}
