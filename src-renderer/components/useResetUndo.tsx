import { useCallback, useRef, useState } from 'react';
import type { ResetOffer } from '../../src-shared/domain/goals';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call, useAsk } from '../bridge/ipc';
import { errorText } from '../../src-shared/i18n/error-words';
import type { Translator } from '../../src-shared/i18n/translator';
import { useI18n } from '../i18n/I18n';
import { ConfirmBar } from './ConfirmBar';

interface ResetQuestion {
  id: string;
  name: string;
  current: string;
  earlier: string;
}

const resetValueText = (i18n: Translator, value: number | string) => (typeof value === 'number' ? i18n.number(value) : i18n.date(value));

/** Main puts a reset back only if the counter still shows its value; else the user is asked. */
export function useResetUndo(api: CounterTrayApi, offer: ResetOffer | null | undefined, say: (message: string | null) => void) {
  const i18n = useI18n();
  const ask = useAsk(api, say);
  const [question, setQuestion] = useState<ResetQuestion | null>(null);
  // A ref keeps the callback the memoized rows get the same.
  const latest = useRef(offer);
  latest.current = offer;
  const undoReset = useCallback(
    async (id: string) => {
      const taken = latest.current?.counterId === id ? latest.current : undefined;
      const result = await call(api, 'counter:undoReset', { id, choice: 'undo' });
      if (!result.ok) return say(errorText(i18n, result.error));
      if (result.value.status === 'changed') {
        setQuestion({ id, name: taken?.name ?? i18n.t('reset.thisCounter'), current: resetValueText(i18n, result.value.current), earlier: resetValueText(i18n, result.value.earlier) });
        return say(null);
      }
      if (taken) say(i18n.t('reset.putBack', { name: taken.name, value: resetValueText(i18n, taken.earlier) }));
    },
    [api, say, i18n],
  );
  const answer = useCallback(
    async (choice: 'overwrite' | 'keep') => {
      const asked = question;
      setQuestion(null);
      if (!asked) return;
      if (await ask('counter:undoReset', { id: asked.id, choice })) say(choice === 'overwrite' ? i18n.t('reset.putBack', { name: asked.name, value: asked.earlier }) : i18n.t('reset.kept', { name: asked.name, value: asked.current }));
    },
    [ask, question, say, i18n],
  );
  return { undoReset: useCallback((id: string) => void undoReset(id), [undoReset]), question, answer };
}

export function ResetUndoQuestion({ question, onAnswer }: { question: ResetQuestion; onAnswer: (choice: 'overwrite' | 'keep') => void }) {
  const i18n = useI18n();
  return (
    <ConfirmBar
      question={i18n.t('reset.changedQuestion', { name: question.name, value: question.current })}
      detail={i18n.t('reset.changedDetail', { value: question.earlier })}
      confirmLabel={i18n.t('reset.putBackButton', { value: question.earlier })}
      cancelLabel={i18n.t('reset.keepButton', { value: question.current })}
      onConfirm={() => onAnswer('overwrite')}
      onCancel={() => onAnswer('keep')}
    />
  );
}
