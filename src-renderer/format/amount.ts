// A typed amount or step, judged before anything is sent (main judges it again with zod): whole, not 0,
// and within a safe integer, as is the value it leads to (the service refuses values past that).
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import { refusalReason } from './refusal';

type Whole = { sign: 1 | -1; amount: number } | { problem: 'amount.notWhole' | 'amount.tooLarge' };

/** "25", "+25", "-25" or "−25"; spaces are ignored. */
export function wholeAmount(text: string): Whole {
  const match = /^([+\-−]?)(\d+)$/.exec(text.replace(/\s/g, ''));
  const amount = Number(match?.[2]);
  if (!match || amount === 0) return { problem: 'amount.notWhole' };
  if (!Number.isSafeInteger(amount)) return { problem: 'amount.tooLarge' };
  return { sign: match[1] === '-' || match[1] === '−' ? -1 : 1, amount };
}

type TypedAmount = { direction: Direction; amount: number } | { message: string };

export function typedAmount(i18n: Translator, counter: CounterState, text: string): TypedAmount {
  const whole = wholeAmount(text);
  if ('problem' in whole) return { message: i18n.t(whole.problem) };
  if (!Number.isSafeInteger(counter.value + whole.sign * whole.amount)) return { message: i18n.t('amount.tooLarge') };
  const direction = whole.sign > 0 ? 'increment' : 'decrement';
  const refused = refusalReason(i18n, counter, direction);
  return refused ? { message: refused } : { direction, amount: whole.amount };
}
