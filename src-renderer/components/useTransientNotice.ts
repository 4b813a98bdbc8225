import { useCallback, useEffect, useRef, useState } from 'react';

const NOTICE_MS = 5_000;

/** A footer message that goes after 5 s, so it never outlives the action it was about. */
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
