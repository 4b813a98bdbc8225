import { useEffect, useRef } from 'react';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { useI18n } from '../i18n/I18n';

/**
 * Says so when counters leave the list (unshared, deleted by their owner) while it is in
 * view: a row that silently disappears looks like a bug, or like a misclick.
 */
export function useVanishedNotice(counters: readonly CounterState[], say: (message: string) => void): void {
  const i18n = useI18n();
  const previous = useRef(counters);
  useEffect(() => {
    const before = previous.current;
    previous.current = counters;
    // Nothing can leave a list that had nothing: no set of 5000 ids built in the task that first shows them.
    if (before === counters || before.length === 0) return;
    // A change to one of 5000 counters keeps every id in its place: one pass says so, not a set of every id.
    if (before.length === counters.length && counters.every((c, i) => c.id === before[i]?.id)) return;
    const now = new Set(counters.map((c) => c.id));
    const gone = before.filter((c) => !now.has(c.id));
    if (gone.length === 1 && gone[0]) say(i18n.t('list.vanishedOne', { name: gone[0].name }));
    else if (gone.length > 1) say(i18n.t('list.vanishedMany', { count: gone.length }));
  }, [counters, say, i18n]);
}
