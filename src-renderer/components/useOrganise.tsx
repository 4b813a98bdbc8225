// Groups, hiding and the sort: what is open, and the calls to main, which keeps them per account.
import { lazy, Suspense, useCallback, useState } from 'react';
import type { Organisation } from '../../src-shared/domain/organise';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { useAsk } from '../bridge/ipc';
import { useI18n } from '../i18n/I18n';
import type { MenuAnchor } from '../screens/CounterRow';
import type { Form, OpenMenu, OrganiseParts } from './OrganiseMenus';
import { menuPlace } from './useRowMenu';

const OrganiseMenu = lazy(() => import('./OrganiseMenus').then((module) => ({ default: module.OrganiseMenu })));
const OrganiseFooter = lazy(() => import('./OrganiseMenus').then((module) => ({ default: module.OrganiseFooter })));

export function useOrganise(api: CounterTrayApi, organisation: Organisation | undefined, counters: readonly CounterState[], say: (message: string | null) => void) {
  const i18n = useI18n();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const ask = useAsk(api, say);
  const place = useCallback((counterId: string, groupId: string | null, before: string | null) => ask('counter:place', { id: counterId, group: groupId, before }), [ask]);
  const fold = useCallback(async (groupId: string, folded: boolean) => void (await ask('group:fold', { id: groupId, folded })), [ask]);
  const hiddenIds = organisation?.hidden;
  const toggleHidden = useCallback(
    async (counterId: string) => {
      const hidden = !(hiddenIds ?? []).includes(counterId);
      if ((await ask('counter:hide', { id: counterId, hidden })) && hidden) say(i18n.t('list.hiddenDone', { name: counters.find((c) => c.id === counterId)?.name ?? '' }));
    },
    [ask, hiddenIds, say, i18n, counters],
  );

  const openMove = useCallback((counterId: string, anchor: MenuAnchor | DOMRect) => setMenu({ kind: 'move', counterId, ...menuPlace(anchor) }), []);
  const openGroupMenu = useCallback((groupId: string, anchor: MenuAnchor) => setMenu({ kind: 'group', groupId, ...menuPlace(anchor) }), []);
  const openOrganiseMenu = useCallback((anchor: MenuAnchor) => setMenu({ kind: 'organise', ...menuPlace(anchor) }), []);

  const close = (restoreFocus = false) => {
    setMenu(null);
    if (restoreFocus && menu?.returnTo?.isConnected) menu.returnTo.focus();
  };
  const parts: OrganiseParts = { api, organisation, counters, say, ask, place, fold, setForm, setDeleting };

  return {
    place,
    toggleHidden,
    fold,
    openMove,
    openGroupMenu,
    openOrganiseMenu,
    /** Esc: true when it closed something. */
    escape() {
      if (form) setForm(null);
      else if (deleting) setDeleting(null);
      else return false;
      return true;
    },
    menus: menu ? (
      <Suspense fallback={null}>
        <OrganiseMenu parts={parts} menu={menu} onClose={close} />
      </Suspense>
    ) : null,
    footer:
      form || deleting ? (
        <Suspense fallback={null}>
          <OrganiseFooter parts={parts} form={form} deleting={deleting} />
        </Suspense>
      ) : null,
  };
}
