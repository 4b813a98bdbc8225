import type { UndoOffer } from '../../src-shared/domain/activity';
import { signed } from '../format/activity';

/**
 * "+1 · Undo" for 10 s after an own change. Where the counter refused the opposite
 * direction, the chip says it cannot undo and why (`blockedReason`, in the app's words) —
 * on hover (title) and on focus (it stays in the Tab order, the reason is its description).
 */
export function UndoChip({ offer, blockedReason, onUndo, tabIndex }: { offer: UndoOffer; blockedReason: string | undefined; onUndo: (id: string) => void; tabIndex: number }) {
  const amount = signed(offer.amount);
  if (blockedReason) {
    return (
      // aria-disabled, not disabled: it stays focusable and hoverable, which is how the reason is shown.
      <button type="button" className="undo-chip blocked" aria-disabled="true" tabIndex={tabIndex} title={`Can’t undo: ${blockedReason}`} aria-label={`${amount}, can’t undo`} aria-description={blockedReason}>
        {amount} · can’t undo
      </button>
    );
  }
  return (
    <span className="undo-chip">
      <span aria-hidden="true">{amount} · </span>
      <button type="button" className="link" tabIndex={tabIndex} aria-label={`Undo ${amount} on ${offer.name}`} title="Undo (Ctrl+Z)" onClick={() => onUndo(offer.counterId)}>
        Undo
      </button>
    </span>
  );
}
