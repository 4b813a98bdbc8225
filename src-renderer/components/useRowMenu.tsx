import { lazy, Suspense, useCallback, useState } from 'react';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import type { MenuAnchor } from '../screens/CounterRow';
import type { CounterActions } from './CounterMenu';
import type { MenuAt } from './RowMenu';

export const loadCounterMenu = () => import('./CounterMenu');
const CounterMenu = lazy(loadCounterMenu);

export function menuPlace(anchor: MenuAnchor | DOMRect): { anchor: MenuAt; returnTo: HTMLElement | null } {
  if ('element' in anchor) return { anchor: anchor.element.getBoundingClientRect(), returnTo: anchor.element };
  return { anchor, returnTo: document.activeElement instanceof HTMLElement ? document.activeElement : null };
}

export function useRowMenu(counters: readonly CounterState[], settings: Settings, actions: CounterActions, hiddenIds: readonly string[] = []) {
  const [state, setState] = useState<({ id: string } & ReturnType<typeof menuPlace>) | null>(null);
  const open = useCallback((id: string, anchor: MenuAnchor) => setState({ id, ...menuPlace(anchor) }), []);
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
