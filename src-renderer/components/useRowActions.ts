import { useCallback, useRef } from 'react';
import type { CounterState, Direction, UnconfirmedChoice } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { errorText } from '../../src-shared/i18n/error-words';
import { refusalReason } from '../format/refusal';
import { useI18n } from '../i18n/I18n';

export interface RowActions {
  /** Every change path (click, key) ends here: a refused direction is explained, never sent. */
  step(id: string, direction: Direction, fromKeyboard?: boolean): Promise<void>;
  dismissError(id: string): Promise<void>;
  resolveUnconfirmed(id: string, choice: UnconfirmedChoice): Promise<void>;
  togglePin(id: string): Promise<void>;
  toggleMute(id: string): Promise<void>;
}

/** What a list row asks main to do; stable callbacks, as the rows are memoized on them. */
export function useRowActions(api: CounterTrayApi, counters: readonly CounterState[], settings: Settings, say: (message: string | null) => void): RowActions {
  const i18n = useI18n();
  const countersRef = useRef(counters);
  countersRef.current = counters;

  const step = useCallback(
    async (id: string, direction: Direction, fromKeyboard = false) => {
      const counter = countersRef.current.find((c) => c.id === id);
      if (!counter) return;
      const reason = refusalReason(i18n, counter, direction);
      if (reason) return say(reason);
      const result = await call(api, direction === 'increment' ? 'counter:increment' : 'counter:decrement', { id });
      if (!result.ok) say(errorText(i18n, result.error));
      // A key press changes a counter the eye may not be on: say which one.
      else if (fromKeyboard) say(i18n.t('list.moved', { direction, name: counter.name }));
      else say(null);
    },
    [api, say, i18n],
  );

  const dismissError = useCallback(
    async (id: string) => {
      const result = await call(api, 'counter:dismissError', { id });
      if (!result.ok) say(errorText(i18n, result.error));
    },
    [api, say, i18n],
  );

  const resolveUnconfirmed = useCallback(
    async (id: string, choice: UnconfirmedChoice) => {
      const result = await call(api, 'counter:resolveUnconfirmed', { id, choice });
      if (!result.ok) say(errorText(i18n, result.error));
    },
    [api, say, i18n],
  );

  const { pinned, notifications } = settings;
  const togglePin = useCallback(
    async (id: string) => {
      const next = pinned.includes(id) ? pinned.filter((p) => p !== id) : [...pinned, id];
      const result = await call(api, 'settings:update', { pinned: next });
      if (!result.ok) say(errorText(i18n, result.error));
    },
    [api, pinned, say, i18n],
  );

  const toggleMute = useCallback(
    async (id: string) => {
      const muted = notifications.mutedCounters;
      const mutedCounters = muted.includes(id) ? muted.filter((m) => m !== id) : [...muted, id];
      const result = await call(api, 'settings:update', { notifications: { ...notifications, mutedCounters } });
      if (!result.ok) say(errorText(i18n, result.error));
    },
    [api, notifications, say, i18n],
  );

  return { step, dismissError, resolveUnconfirmed, togglePin, toggleMute };
}
