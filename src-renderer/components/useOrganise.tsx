// Groups, hiding and the sort from the popup: the menus that ask for them ("Move to group…",
// a group's actions, "Sort and groups"), the inline form that names a group, the question before
// one is deleted, and the calls to main, which keeps all of it per account (AppState.organise).
import { useCallback, useState, type ReactNode } from 'react';
import type { Organisation, SortMode } from '../../src-shared/domain/organise';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { errorText } from '../../src-shared/i18n/error-words';
import { call } from '../bridge/ipc';
import { useI18n } from '../i18n/I18n';
import type { MenuAnchor } from '../screens/CounterRow';
import { ConfirmBar } from './ConfirmBar';
import { GroupNameForm } from './GroupNameForm';
import { RowMenu, type MenuItem } from './RowMenu';

type Anchor = DOMRect | { x: number; y: number };
type OpenMenu = ({ kind: 'move'; counterId: string } | { kind: 'group'; groupId: string } | { kind: 'organise' }) & { anchor: Anchor; returnTo: HTMLElement | null };
type Form = { kind: 'new'; thenMove?: string } | { kind: 'rename'; groupId: string };

const SORTS: { sort: SortMode; key: 'organise.sortManual' | 'organise.sortName' | 'organise.sortValue' | 'organise.sortChanged' }[] = [
  { sort: 'manual', key: 'organise.sortManual' },
  { sort: 'name', key: 'organise.sortName' },
  { sort: 'value', key: 'organise.sortValue' },
  { sort: 'changed', key: 'organise.sortChanged' },
];

/** Where the menu opens, and what gets focus back when it closes without a choice. */
function placeOf(anchor: MenuAnchor | DOMRect): { anchor: Anchor; returnTo: HTMLElement | null } {
  if ('element' in anchor) return { anchor: anchor.element.getBoundingClientRect(), returnTo: anchor.element };
  return { anchor, returnTo: document.activeElement instanceof HTMLElement ? document.activeElement : null };
}

export interface OrganiseControls {
  place(counterId: string, groupId: string | null, before: string | null): Promise<boolean>;
  toggleHidden(counterId: string): Promise<void>;
  fold(groupId: string, folded: boolean): Promise<void>;
  openMove(counterId: string, anchor: MenuAnchor | DOMRect): void;
  openGroupMenu(groupId: string, anchor: MenuAnchor): void;
  openOrganiseMenu(anchor: MenuAnchor): void;
  /** Something of ours is open and Esc should close it: true when it did. */
  escape(): boolean;
  /** Menus (fixed to the window) and the form or question (in the footer). */
  menus: ReactNode;
  footer: ReactNode;
}

export function useOrganise(api: CounterTrayApi, organisation: Organisation | undefined, counters: readonly CounterState[], say: (message: string | null) => void): OrganiseControls {
  const i18n = useI18n();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const groups = organisation?.groups ?? [];
  const groupName = (id: string | null) => (id === null ? i18n.t('group.ungrouped') : (groups.find((g) => g.id === id)?.name ?? ''));
  const nameOf = (id: string) => counters.find((c) => c.id === id)?.name ?? '';

  const failed = useCallback((result: { ok: boolean; error?: Parameters<typeof errorText>[1] }) => {
    if (!result.ok && result.error) say(errorText(i18n, result.error));
    return result.ok;
  }, [i18n, say]);

  const place = useCallback(async (counterId: string, groupId: string | null, before: string | null) => failed(await call(api, 'counter:place', { id: counterId, group: groupId, before })), [api, failed]);
  const fold = useCallback(async (groupId: string, folded: boolean) => void failed(await call(api, 'group:fold', { id: groupId, folded })), [api, failed]);
  const hiddenIds = organisation?.hidden;
  const toggleHidden = useCallback(
    async (counterId: string) => {
      const hidden = !(hiddenIds ?? []).includes(counterId);
      if (failed(await call(api, 'counter:hide', { id: counterId, hidden })) && hidden) say(i18n.t('list.hiddenDone', { name: counters.find((c) => c.id === counterId)?.name ?? '' }));
    },
    [api, hiddenIds, failed, say, i18n, counters],
  );

  const moveTo = async (counterId: string, groupId: string | null) => {
    if (await place(counterId, groupId, null)) say(i18n.t('move.done', { name: nameOf(counterId), group: groupId === null ? i18n.t('group.ungrouped') : i18n.t('move.groupName', { name: groupName(groupId) }) }));
  };

  async function submitName(name: string): Promise<string | null> {
    if (!form) return null;
    if (form.kind === 'rename') {
      const result = await call(api, 'group:rename', { id: form.groupId, name });
      if (!result.ok) return errorText(i18n, result.error);
    } else {
      const result = await call(api, 'group:create', { name });
      if (!result.ok) return errorText(i18n, result.error);
      if (form.thenMove) await moveTo(form.thenMove, result.value);
      else say(i18n.t('group.created', { name: name.trim() }));
    }
    setForm(null);
    return null;
  }

  const close = (restoreFocus = false) => {
    setMenu(null);
    if (restoreFocus && menu?.returnTo?.isConnected) menu.returnTo.focus();
  };
  const then = (act: () => unknown) => () => {
    close(true);
    void act();
  };

  let items: MenuItem[] = [];
  let label = '';
  if (menu?.kind === 'move') {
    const current = groups.find((g) => g.counters.includes(menu.counterId))?.id ?? null;
    label = i18n.t('move.label', { name: nameOf(menu.counterId) });
    items = [
      ...groups.map((g) => ({ id: `to-${g.id}`, label: g.name, checked: current === g.id, run: then(() => moveTo(menu.counterId, g.id)) })),
      { id: 'to-ungrouped', label: i18n.t('group.ungrouped'), checked: current === null, run: then(() => moveTo(menu.counterId, null)) },
      { id: 'new-group', label: i18n.t('organise.newGroup'), group: true, run: then(() => setForm({ kind: 'new', thenMove: menu.counterId })) },
    ];
  } else if (menu?.kind === 'group') {
    const group = groups.find((g) => g.id === menu.groupId);
    label = i18n.t('group.actions', { name: group?.name ?? '' });
    items = group
      ? [
          { id: 'fold', label: i18n.t('group.fold'), checked: group.folded, run: then(() => fold(group.id, !group.folded)) },
          { id: 'rename', label: i18n.t('group.rename'), run: then(() => setForm({ kind: 'rename', groupId: group.id })) },
          { id: 'delete', label: i18n.t('group.delete'), group: true, run: then(() => setDeleting(group.id)) },
        ]
      : [];
  } else if (menu?.kind === 'organise') {
    label = i18n.t('organise.menu');
    const sort = organisation?.sort ?? 'manual';
    items = [
      ...SORTS.map((s) => ({ id: `sort-${s.sort}`, label: i18n.t(s.key), checked: sort === s.sort, run: then(async () => void failed(await call(api, 'list:sort', { sort: s.sort }))) })),
      { id: 'new-group', label: i18n.t('organise.newGroup'), group: true, run: then(() => setForm({ kind: 'new' })) },
    ];
  }

  const deletingName = deleting ? groupName(deleting) : '';
  const footer = form ? (
    <GroupNameForm
      key={form.kind === 'rename' ? form.groupId : 'new'}
      title={form.kind === 'rename' ? i18n.t('group.renameTitle', { name: groupName(form.groupId) }) : i18n.t('group.newTitle')}
      initial={form.kind === 'rename' ? groupName(form.groupId) : ''}
      submitLabel={form.kind === 'rename' ? i18n.t('common.save') : i18n.t('group.create')}
      onSubmit={submitName}
      onCancel={() => setForm(null)}
    />
  ) : deleting ? (
    <ConfirmBar
      question={i18n.t('group.deleteQuestion', { name: deletingName })}
      detail={i18n.t('group.deleteDetail')}
      confirmLabel={i18n.t('group.delete')}
      danger
      onCancel={() => setDeleting(null)}
      onConfirm={async () => {
        const id = deleting;
        setDeleting(null);
        if (failed(await call(api, 'group:delete', { id }))) say(i18n.t('group.deleted', { name: deletingName }));
      }}
    />
  ) : null;

  return {
    place,
    toggleHidden,
    fold,
    openMove: (counterId, anchor) => setMenu({ kind: 'move', counterId, ...placeOf(anchor) }),
    openGroupMenu: (groupId, anchor) => setMenu({ kind: 'group', groupId, ...placeOf(anchor) }),
    openOrganiseMenu: (anchor) => setMenu({ kind: 'organise', ...placeOf(anchor) }),
    escape() {
      if (form) setForm(null);
      else if (deleting) setDeleting(null);
      else return false;
      return true;
    },
    menus: menu && items.length > 0 ? <RowMenu label={label} items={items} anchor={menu.anchor} onClose={close} /> : null,
    footer,
  };
}
