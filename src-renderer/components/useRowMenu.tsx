import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import type { MenuAnchor } from '../screens/CounterRow';
import type { CounterActions } from './CounterMenu';

export const loadCounterMenu = () => import('./CounterMenu');
const CounterMenu = lazy(loadCounterMenu);

interface Open {
  id: string;
  anchor: DOMRect | { x: number; y: number };
  returnTo: HTMLElement | null;
}

/** A row's actions in one menu: right click, Shift+F10 / the Menu key, or the row's ⋯. */
export function useRowMenu(counters: readonly CounterState[], settings: Settings, actions: CounterActions, hiddenIds: readonly string[] = []): { openId: string | null; open: (id: string, anchor: MenuAnchor) => void; menu: ReactNode } {
  const [state, setState] = useState<Open | null>(null);
  const open = useCallback((id: string, anchor: MenuAnchor) => {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if ('element' in anchor) setState({ id, anchor: anchor.element.getBoundingClientRect(), returnTo: anchor.element });
    else setState({ id, anchor, returnTo: focused });
  }, []);
  const { returnTo } = state ?? {};
  const close = useCallback(
    (restoreFocus: boolean) => {
      setState(null);
      if (restoreFocus && returnTo?.isConnected) returnTo.focus();
    },
    [returnTo],
  );
  const counter = state ? counters.find((c) => c.id === state.id) : undefined;
  if (!state || !counter) return { openId: null, open, menu: null };
  return {
    openId: counter.id,
    open,
    menu: (
      <Suspense fallback={null}>
        <CounterMenu counter={counter} settings={settings} actions={actions} anchor={state.anchor} onClose={close} hidden={hiddenIds.includes(counter.id)} />
      </Suspense>
    ),
  };
}
