import type { UndoOffer } from '../../src-shared/domain/activity';
import { useDocumentKeydown } from './useDocumentKeydown';

/** Ctrl/Cmd+Z takes back the offered change; a text field with text in it keeps its own undo. */
export function useUndoShortcut(offer: UndoOffer | null | undefined, onUndo: (id: string) => void, onNothing: () => void, onBlocked: (offer: UndoOffer) => void): void {
  useDocumentKeydown((event) => {
    if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.value !== '') return;
    event.preventDefault();
    if (!offer) onNothing();
    else if (offer.blockedBecause) onBlocked(offer);
    else onUndo(offer.counterId);
  });
}
