import { useEffect, useRef } from 'react';
import { newlyRefused } from '../../src-shared/domain/counter-flags';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { useI18n } from '../i18n/I18n';

/** Says that counters left the list, or that the server first refused a direction: alone, either looks like a glitch. */
export function usePushNotices(counters: readonly CounterState[], say: (message: string) => void): void {
  const i18n = useI18n();
  const previous = useRef(counters);
  useEffect(() => {
    const before = previous.current;
    previous.current = counters;
    if (before === counters || before.length === 0) return;
    // Ids in place (one counter changed): no set of 5 000 ids.
    if (before.length !== counters.length || counters.some((c, i) => c.id !== before[i]?.id)) {
      const now = new Set(counters.map((c) => c.id));
      const gone = before.filter((c) => !now.has(c.id));
      if (gone.length === 1 && gone[0]) say(i18n.t('list.vanishedOne', { name: gone[0].name }));
      else if (gone.length > 1) say(i18n.t('list.vanishedMany', { count: gone.length }));
    }
    const [refused] = newlyRefused(before, counters);
    if (refused) say(i18n.t('refusal.first', { direction: refused.direction, name: refused.name }));
  }, [counters, say, i18n]);
}
