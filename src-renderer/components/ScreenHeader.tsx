import { BackButton } from './BackButton';

/** The top of a screen that one goes back from (Edit, Settings, Export): the way back, then the title. */
export function ScreenHeader({ title, onBack, autoFocus = false }: { title: string; onBack: () => void; autoFocus?: boolean }) {
  return (
    <header className="screen-header">
      <BackButton onClick={onBack} autoFocus={autoFocus} />
      <h1 className="title">{title}</h1>
    </header>
  );
}
