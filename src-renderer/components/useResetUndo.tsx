import { useCallback, useRef, useState } from 'react';
import type { ResetOffer } from '../../src-shared/domain/goals';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { userMessage } from '../format/errors';
import { resetValueText } from '../format/goals';
import { ConfirmBar } from './ConfirmBar';

/** The counter moved since the reset: what the user is asked before anything is sent. */
export interface ResetQuestion {
  id: string;
  name: string;
  current: string;
  earlier: string;
}

/**
 * Undo of a reset or start again (issue 28). Main PATCHes the earlier value back only when
 * the counter still shows what the reset set; if another member (or a click not yet sent)
 * moved it meanwhile, main sends nothing and the user is asked: put it back anyway, or keep it.
 */
export function useResetUndo(api: CounterTrayApi, offer: ResetOffer | null | undefined, say: (message: string | null) => void) {
  const [question, setQuestion] = useState<ResetQuestion | null>(null);
  // A ref, so the callback every row gets stays the same object (memoized rows skip rendering).
  const latest = useRef(offer);
  latest.current = offer;
  const undoReset = useCallback(
    async (id: string) => {
      const taken = latest.current?.counterId === id ? latest.current : undefined;
      const result = await call(api, 'counter:undoReset', { id, choice: 'undo' });
      if (!result.ok) return say(userMessage(result.error));
      if (result.value.status === 'changed') {
        setQuestion({ id, name: taken?.name ?? 'This counter', current: resetValueText(result.value.current), earlier: resetValueText(result.value.earlier) });
        return say(null);
      }
      if (taken) say(`Put “${taken.name}” back to ${resetValueText(taken.earlier)}.`);
    },
    [api, say],
  );
  const answer = useCallback(
    async (choice: 'overwrite' | 'keep') => {
      const asked = question;
      setQuestion(null);
      if (!asked) return;
      const result = await call(api, 'counter:undoReset', { id: asked.id, choice });
      if (!result.ok) say(userMessage(result.error));
      else say(choice === 'overwrite' ? `Put “${asked.name}” back to ${asked.earlier}.` : `Kept “${asked.name}” at ${asked.current}.`);
    },
    [api, question, say],
  );
  return { undoReset: useCallback((id: string) => void undoReset(id), [undoReset]), question, answer };
}

/** The question when the counter moved since the reset: put the earlier value back anyway, or keep what it shows ("Keep" has focus). */
export function ResetUndoQuestion({ question, onAnswer }: { question: ResetQuestion; onAnswer: (choice: 'overwrite' | 'keep') => void }) {
  return (
    <ConfirmBar
      question={`“${question.name}” changed since the reset: it is ${question.current} now.`}
      detail={`Put back ${question.earlier} anyway? Every member sees it.`}
      confirmLabel={`Put back ${question.earlier}`}
      cancelLabel={`Keep ${question.current}`}
      onConfirm={() => onAnswer('overwrite')}
      onCancel={() => onAnswer('keep')}
    />
  );
}
