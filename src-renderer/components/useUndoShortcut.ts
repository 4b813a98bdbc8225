import type { UndoOffer } from '../../src-shared/domain/activity';
import { useDocumentKeydown } from './useDocumentKeydown';

/**
 * Ctrl+Z (Cmd+Z on macOS) takes back the offered change while the popup has focus. A text
 * field with text in it keeps its own undo.
 */
export function useUndoShortcut(offer: UndoOffer | null | undefined, onUndo: (id: string) => void, onBlocked: (why: string) => void): void {
  useDocumentKeydown((event) => {
    if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement && target.value !== '') return;
    if (!offer) return;
    event.preventDefault();
    if (offer.blockedBecause) onBlocked(offer.blockedBecause);
    else onUndo(offer.counterId);
  });
}
