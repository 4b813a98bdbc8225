import type { UndoOffer } from '../../src-shared/domain/activity';
import { displayAccelerator } from '../format/accelerator';
import { useI18n } from '../i18n/I18n';

export function UndoChip({ offer, blockedReason, onUndo, tabIndex, isMac }: { offer: UndoOffer; blockedReason: string | undefined; onUndo: (id: string) => void; tabIndex: number; isMac: boolean }) {
  const i18n = useI18n();
  const amount = i18n.signed(offer.amount);
  if (blockedReason) {
    return (
      // aria-disabled: it stays focusable, how the reason is shown.
      <button
        type="button"
        className="undo-chip blocked"
        aria-disabled="true"
        tabIndex={tabIndex}
        title={i18n.t('undo.blockedTitle', { reason: blockedReason })}
        aria-label={i18n.t('undo.blockedLabel', { amount })}
        aria-description={blockedReason}
      >
        {i18n.t('undo.blocked', { amount })}
      </button>
    );
  }
  return (
    <span className="undo-chip">
      <span aria-hidden="true">{amount} · </span>
      <button
        type="button"
        className="link"
        tabIndex={tabIndex}
        aria-label={i18n.t('undo.label', { amount, name: offer.name })}
        title={i18n.t('undo.title', { keys: displayAccelerator(i18n, 'CommandOrControl+Z', isMac) })}
        onClick={() => onUndo(offer.counterId)}
      >
        {i18n.t('undo.button')}
      </button>
    </span>
  );
}
