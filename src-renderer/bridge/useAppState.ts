import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AppState, CounterTrayApi, IpcError, StateDelta } from '../../src-shared/ipc/contract';
import { applyDelta } from './applyDelta';
import { call } from './ipc';

const isOlder = (a: AppState, b: AppState) => a.revision <= b.revision;

/** The `state:get` answer, then every `state:delta` on it; a delta that does not follow asks `state:get` again. */
export function useAppState(api: CounterTrayApi): { state: AppState | null; problem: IpcError | null } {
  const [state, setState] = useState<AppState | null>(null);
  const [problem, setProblem] = useState<IpcError | null>(null);

  useEffect(() => {
    let alive = true;
    let current: AppState | null = null;
    let fetching = false;
    // Deltas that came while no usable state was held.
    let waiting: StateDelta[] = [];

    const show = (next: AppState, now = false) => {
      current = next;
      const state = current;
      const update = () => {
        setState(state);
        setProblem(null);
      };
      if (now) flushSync(update);
      else update();
    };
    const catchUp = (base: AppState) => {
      let next = base;
      for (const delta of waiting) if (delta.from >= next.revision) next = applyDelta(next, delta) ?? next;
      waiting = [];
      return next;
    };
    const fetchState = () => {
      if (fetching) return;
      fetching = true;
      void call(api, 'state:get', {}).then((result) => {
        fetching = false;
        if (!alive) return;
        if (!result.ok) return setProblem(result.error);
        // A push during state:get may be newer: keep it.
        show(catchUp(current && !isOlder(current, result.value) ? current : result.value), true);
      });
    };

    const off = api.onStateDelta((delta) => {
      const next = current ? applyDelta(current, delta) : null;
      // Drawn in this task, not a frame later.
      if (next) return show(next, true);
      if (current && delta.to <= current.revision) return; // already held
      waiting.push(delta);
      fetchState();
    });
    fetchState();
    return () => {
      alive = false;
      off();
    };
  }, [api]);

  return { state, problem };
}
