import { ActivityIcon, ICON } from './icons';

/** The row's way into the counter's activity. */
export function DetailButton({ name, tabIndex, onClick }: { name: string; tabIndex: number; onClick: () => void }) {
  return (
    <button type="button" className="row-action detail" aria-label={`Activity of ${name}`} title="Activity" tabIndex={tabIndex} onClick={onClick}>
      <ActivityIcon {...ICON} />
    </button>
  );
}
