import { useEffect, useRef } from 'react';
import { newlyRefused } from '../../src-shared/domain/counter-flags';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { useI18n } from '../i18n/I18n';

/**
 * Says what a push did that alone looks like a glitch or a misclick: counters that left the list (unshared,
 * deleted), or a direction the server first refused (the value went back). Heard from the list, so tray and shortcut clicks too.
 */
export function usePushNotices(counters: readonly CounterState[], say: (message: string) => void): void {
  const i18n = useI18n();
  const previous = useRef(counters);
  useEffect(() => {
    const before = previous.current;
    previous.current = counters;
    // Nothing can leave a list that had nothing: no set of 5 000 ids in the task that first shows them.
    if (before === counters || before.length === 0) return;
    // A change to one of 5 000 counters keeps every id in its place: one pass says so, not a set of every id.
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
