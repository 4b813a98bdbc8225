// "Add…" on a row: a small field where − and + are, its hint or problem on the row's second line
// (format/rowLines.ts). Enter adds (a leading − subtracts), Esc or leaving it closes it with nothing sent.
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import { typedAmount } from '../format/amount';
import { useI18n } from '../i18n/I18n';

interface Props {
  counter: CounterState;
  onAdd: (id: string, direction: Direction, amount: number) => void;
  onClose: (id: string, restoreFocus: boolean) => void;
}

export function AmountField({ counter, onAdd, onClose }: Props) {
  const i18n = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const said = useRef<HTMLSpanElement>(null);
  // The row grew a line for what it says: in view with it (the input's focus shows only the input).
  useLayoutEffect(() => {
    said.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Not the list's document-level keys: digits are not a search here.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(counter.id, true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const typed = typedAmount(i18n, counter, text);
      if ('message' in typed) return setProblem(typed.message);
      onClose(counter.id, true);
      onAdd(counter.id, typed.direction, typed.amount);
    }
  }

  return (
    <>
      <input
        className="amount-field"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        aria-label={i18n.t('amount.label', { name: counter.name })}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-said`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => onClose(counter.id, false)}
      />
      <span ref={said} id={`${id}-said`} className={`counter-sub amount-said${problem ? ' problem' : ''}`} role={problem ? 'alert' : undefined}>
        {problem ?? i18n.t('amount.hint')}
      </span>
    </>
  );
}
