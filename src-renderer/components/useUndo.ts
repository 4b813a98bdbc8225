import { useCallback, useRef } from 'react';
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { userMessage } from '../format/errors';
import { NOTHING_TO_UNDO, undoBlockedReason, undoneText } from '../format/undo';
import { useUndoShortcut } from './useUndoShortcut';

/**
 * Undo for a screen: the callback for the inline button, and Ctrl/Cmd+Z. What happened
 * (taken back, nothing to undo, why not) goes to `notify`, in the app's words.
 */
export function useUndo(api: CounterTrayApi, offer: UndoOffer | null | undefined, counters: readonly CounterState[], notify: (message: string) => void): (id: string) => void {
  const latest = useRef(offer);
  latest.current = offer;
  const undo = useCallback(
    async (id: string) => {
      const taken = latest.current;
      const result = await call(api, 'counter:undo', { id });
      if (!result.ok) notify(result.error.code === 'nothing-to-undo' ? NOTHING_TO_UNDO : userMessage(result.error));
      else if (taken?.counterId === id) notify(undoneText(taken));
    },
    [api, notify],
  );
  useUndoShortcut(
    offer,
    (id) => void undo(id),
    () => notify(NOTHING_TO_UNDO),
    (blocked) => notify(undoBlockedReason(blocked, counters.find((c) => c.id === blocked.counterId)) ?? NOTHING_TO_UNDO),
  );
  return useCallback((id: string) => void undo(id), [undo]);
}
