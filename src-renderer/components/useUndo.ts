import { useCallback, useRef } from 'react';
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { errorText } from '../../src-shared/i18n/error-words';
import { undoBlockedReason, undoneText } from '../format/undo';
import { useI18n } from '../i18n/I18n';
import { useUndoShortcut } from './useUndoShortcut';

/** The inline button's callback and Ctrl/Cmd+Z; what happened goes to `notify`. */
export function useUndo(api: CounterTrayApi, offer: UndoOffer | null | undefined, counters: readonly CounterState[], notify: (message: string) => void): (id: string) => void {
  const i18n = useI18n();
  const latest = useRef(offer);
  latest.current = offer;
  const undo = useCallback(
    async (id: string) => {
      const taken = latest.current;
      const result = await call(api, 'counter:undo', { id });
      if (!result.ok) notify(result.error.code === 'nothing-to-undo' ? i18n.t('undo.nothing') : errorText(i18n, result.error));
      else if (taken?.counterId === id) notify(undoneText(i18n, taken));
    },
    [api, notify, i18n],
  );
  useUndoShortcut(
    offer,
    (id) => void undo(id),
    () => notify(i18n.t('undo.nothing')),
    (blocked) => notify(undoBlockedReason(i18n, blocked, counters.find((c) => c.id === blocked.counterId)) ?? i18n.t('undo.nothing')),
  );
  return useCallback((id: string) => void undo(id), [undo]);
}
