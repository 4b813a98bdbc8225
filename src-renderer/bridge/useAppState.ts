import { useEffect, useState } from 'react';
import { shareUnchanged } from '../../src-shared/ipc/structural-sharing';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call, listen } from './ipc';

export interface AppStateView {
  state: AppState | null;
  /** Why the state could not be loaded, in plain words. */
  problem: string | null;
}

/**
 * The latest AppState: the `state:get` answer, then every `state:changed` push. Each
 * push arrives as fresh objects (IPC copies them); the parts that did not change keep
 * their previous identity, so one changed counter re-renders one memoized row.
 */
export function useAppState(api: CounterTrayApi): AppStateView {
  const [state, setState] = useState<AppState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    const off = listen(
      api,
      'state:changed',
      (next) => {
        setState((current) => (current ? shareUnchanged(current, next) : next));
        setProblem(null);
      },
      () => setProblem('The app sent a state the window does not understand.'),
    );
    void call(api, 'state:get', {}).then((result) => {
      if (!alive) return;
      // A push that arrived while state:get was in flight is newer: keep it.
      if (result.ok) setState((current) => current ?? result.value);
      else setProblem(result.error.message);
    });
    return () => {
      alive = false;
      off();
    };
  }, [api]);

  return { state, problem };
}
