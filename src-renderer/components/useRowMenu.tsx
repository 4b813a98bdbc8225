import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import type { MenuAnchor } from '../screens/CounterRow';
import type { CounterActions } from './CounterMenu';
import type { MenuAt } from './RowMenu';

export const loadCounterMenu = () => import('./CounterMenu');
const CounterMenu = lazy(loadCounterMenu);

/** Where a menu opens and what takes focus back: under its button, or at the pointer. */
export function menuPlace(anchor: MenuAnchor | DOMRect): { anchor: MenuAt; returnTo: HTMLElement | null } {
  if ('element' in anchor) return { anchor: anchor.element.getBoundingClientRect(), returnTo: anchor.element };
  return { anchor, returnTo: document.activeElement instanceof HTMLElement ? document.activeElement : null };
}

/** A row's actions in one menu: right click, Shift+F10 / the Menu key, or the row's ⋯. */
export function useRowMenu(counters: readonly CounterState[], settings: Settings, actions: CounterActions, hiddenIds: readonly string[] = []): { openId: string | null; open: (id: string, anchor: MenuAnchor) => void; menu: ReactNode } {
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
