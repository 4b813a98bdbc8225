import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a short message stays: long enough to read a sentence, gone before it misleads. */
export const NOTICE_MS = 5_000;

/**
 * A footer message that goes away by itself, so a refusal or "added 1" never outlives
 * the action it was about. A new message replaces the old one and restarts the clock.
 */
export function useTransientNotice(): [string | null, (message: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const say = useCallback((message: string | null) => {
    clearTimeout(timer.current);
    setNotice(message);
    if (message) timer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [notice, say];
}
