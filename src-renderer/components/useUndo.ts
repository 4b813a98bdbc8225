import { useCallback } from 'react';
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { useUndoShortcut } from './useUndoShortcut';

/** Undo for a screen: the callback for the inline button, and Ctrl/Cmd+Z. Problems go to `notify`. */
export function useUndo(api: CounterTrayApi, offer: UndoOffer | null | undefined, notify: (message: string) => void): (id: string) => void {
  const undo = useCallback(
    async (id: string) => {
      const result = await call(api, 'counter:undo', { id });
      if (!result.ok) notify(result.error.message);
    },
    [api, notify],
  );
  useUndoShortcut(offer, (id) => void undo(id), notify);
  return useCallback((id: string) => void undo(id), [undo]);
}
