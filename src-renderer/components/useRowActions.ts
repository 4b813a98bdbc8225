import { useCallback, useRef } from 'react';
import type { CounterState, Direction, UnconfirmedChoice } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { useAsk } from '../bridge/ipc';
import { refusalReason } from '../format/refusal';
import { useI18n } from '../i18n/I18n';

const toggled = (ids: readonly string[], id: string) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);

export function useRowActions(api: CounterTrayApi, counters: readonly CounterState[], settings: Settings, say: (message: string | null) => void) {
  const i18n = useI18n();
  const ask = useAsk(api, say);
  const countersRef = useRef(counters);
  countersRef.current = counters;

  const stepsRef = useRef(settings.steps);
  stepsRef.current = settings.steps;

  /** Without an amount main moves it by its step; the words only say that step. */
  const step = useCallback(
    async (id: string, direction: Direction, fromKeyboard = false, amount?: number) => {
      const counter = countersRef.current.find((c) => c.id === id);
      if (!counter) return;
      const reason = refusalReason(i18n, counter, direction);
      if (reason) return say(reason);
      const moved = i18n.number(amount ?? stepsRef.current[id] ?? 1);
      if (await ask(direction === 'increment' ? 'counter:increment' : 'counter:decrement', amount === undefined ? { id } : { id, amount })) say(fromKeyboard ? i18n.t('list.moved', { direction, amount: moved, name: counter.name }) : null);
    },
    [ask, say, i18n],
  );
  const dismissError = useCallback((id: string) => void ask('counter:dismissError', { id }), [ask]);
  const resolveUnconfirmed = useCallback((id: string, choice: UnconfirmedChoice) => void ask('counter:resolveUnconfirmed', { id, choice }), [ask]);
  const { pinned, notifications } = settings;
  const togglePin = useCallback((id: string) => ask('settings:update', { pinned: toggled(pinned, id) }), [ask, pinned]);
  const toggleMute = useCallback((id: string) => ask('settings:update', { notifications: { ...notifications, mutedCounters: toggled(notifications.mutedCounters, id) } }), [ask, notifications]);
  return { step, dismissError, resolveUnconfirmed, togglePin, toggleMute };
}
