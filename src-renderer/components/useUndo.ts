import { useCallback, useRef } from 'react';
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { errorText } from '../../src-shared/i18n/error-words';
import { undoBlockedReason } from '../format/refusal';
import { useI18n } from '../i18n/I18n';
import { useDocumentKeydown } from './useDocumentKeydown';

/** The undo button's callback, and Ctrl/Cmd+Z (a text field with text keeps its own). */
export function useUndo(api: CounterTrayApi, offer: UndoOffer | null | undefined, counters: readonly CounterState[], notify: (message: string) => void): (id: string) => void {
  const i18n = useI18n();
  const latest = useRef(offer);
  latest.current = offer;
  const undo = useCallback(
    async (id: string) => {
      const taken = latest.current;
      const result = await call(api, 'counter:undo', { id });
      if (!result.ok) notify(result.error.code === 'nothing-to-undo' ? i18n.t('undo.nothing') : errorText(i18n, result.error));
      else if (taken?.counterId === id) notify(i18n.t('undo.done', { amount: i18n.signed(taken.amount), name: taken.name }));
    },
    [api, notify, i18n],
  );
  useDocumentKeydown((event) => {
    if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.value !== '') return;
    event.preventDefault();
    if (!offer) notify(i18n.t('undo.nothing'));
    else if (offer.blockedBecause) notify(undoBlockedReason(i18n, offer, counters.find((c) => c.id === offer.counterId)) ?? i18n.t('undo.nothing'));
    else void undo(offer.counterId);
  });
  return useCallback((id: string) => void undo(id), [undo]);
}
