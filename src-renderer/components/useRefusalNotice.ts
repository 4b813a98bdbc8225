import { useEffect, useRef } from 'react';
import { newlyRefused } from '../../src-shared/domain/counter-flags';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { refusedText } from '../format/refusal';
import { useI18n } from '../i18n/I18n';

/**
 * Says why when the server first refuses a direction: the value went back and the button turned dashed,
 * which alone reads as a glitch. Heard from the list, so a refused tray or shortcut click is told too.
 */
export function useRefusalNotice(counters: readonly CounterState[], say: (message: string) => void): void {
  const i18n = useI18n();
  const previous = useRef(counters);
  useEffect(() => {
    const before = previous.current;
    previous.current = counters;
    if (before === counters) return;
    // Only counters that are new objects can be newly refused (newlyRefused looks at those alone).
    const [first] = newlyRefused(before, counters);
    if (first) say(refusedText(i18n, first.name, first.direction));
  }, [counters, say, i18n]);
}
