/** The row's way into the counter's activity: a small bar-chart icon (inline SVG, no icon font). */
export function DetailButton({ name, tabIndex, onClick }: { name: string; tabIndex: number; onClick: () => void }) {
  return (
    <button type="button" className="detail" aria-label={`Activity of ${name}`} title="Activity" tabIndex={tabIndex} onClick={onClick}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M2 14h12M4 12V8M8 12V3M12 12V6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      </svg>
    </button>
  );
}
