import type { UndoOffer } from '../../src-shared/domain/activity';
import { signed } from '../format/activity';

/**
 * "+1 · Undo" for 10 s after an own change. Where the server refused the opposite
 * direction, the chip says it cannot undo and why — on hover (title) and on focus (it
 * stays in the Tab order, and the reason is its accessible description).
 */
export function UndoChip({ offer, onUndo, tabIndex }: { offer: UndoOffer; onUndo: (id: string) => void; tabIndex: number }) {
  const amount = signed(offer.amount);
  if (offer.blockedBecause) {
    return (
      // aria-disabled, not disabled: it stays focusable and hoverable, which is how the reason is shown.
      <button type="button" className="undo-chip blocked" aria-disabled="true" tabIndex={tabIndex} title={offer.blockedBecause} aria-label={`${amount}, cannot undo: ${offer.blockedBecause}`}>
        {amount} · can’t undo
      </button>
    );
  }
  return (
    <span className="undo-chip">
      {amount} ·{' '}
      <button type="button" className="link" tabIndex={tabIndex} aria-label={`Undo ${amount} on ${offer.name}`} title="Undo (Ctrl+Z)" onClick={() => onUndo(offer.counterId)}>
        Undo
      </button>
    </span>
  );
}
