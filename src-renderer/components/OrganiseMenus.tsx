// Loaded on first use; useOrganise keeps their state.
import type { Organisation, SortMode } from '../../src-shared/domain/organise';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { errorText } from '../../src-shared/i18n/error-words';
import { call, type useAsk } from '../bridge/ipc';
import { useI18n } from '../i18n/I18n';
import type { Translator } from '../../src-shared/i18n/translator';
import { ConfirmBar } from './ConfirmBar';
import { GroupNameForm } from './GroupNameForm';
import { RowMenu, type MenuAt, type MenuItem } from './RowMenu';

export type OpenMenu = ({ kind: 'move'; counterId: string } | { kind: 'group'; groupId: string } | { kind: 'organise' }) & { anchor: MenuAt; returnTo: HTMLElement | null };
export type Form = { kind: 'new'; thenMove?: string } | { kind: 'rename'; groupId: string };

const SORTS: { sort: SortMode; key: 'organise.sortManual' | 'organise.sortName' | 'organise.sortValue' | 'organise.sortChanged' }[] = [
  { sort: 'manual', key: 'organise.sortManual' },
  { sort: 'name', key: 'organise.sortName' },
  { sort: 'value', key: 'organise.sortValue' },
  { sort: 'changed', key: 'organise.sortChanged' },
];

export interface OrganiseParts {
  api: CounterTrayApi;
  organisation: Organisation | undefined;
  counters: readonly CounterState[];
  say: (message: string | null) => void;
  ask: ReturnType<typeof useAsk>;
  place(counterId: string, groupId: string | null, before: string | null): Promise<boolean>;
  fold(groupId: string, folded: boolean): Promise<void>;
  setForm(form: Form | null): void;
  setDeleting(groupId: string | null): void;
}

function helpers(i18n: Translator, parts: OrganiseParts) {
  const groups = parts.organisation?.groups ?? [];
  const groupName = (id: string | null) => (id === null ? i18n.t('group.ungrouped') : (groups.find((g) => g.id === id)?.name ?? ''));
  const nameOf = (id: string) => parts.counters.find((c) => c.id === id)?.name ?? '';
  const moveTo = async (counterId: string, groupId: string | null) => {
    if (await parts.place(counterId, groupId, null)) parts.say(i18n.t('move.done', { name: nameOf(counterId), group: groupId === null ? i18n.t('group.ungrouped') : i18n.t('move.groupName', { name: groupName(groupId) }) }));
  };
  return { groups, groupName, nameOf, moveTo };
}

export function OrganiseMenu({ parts, menu, onClose }: { parts: OrganiseParts; menu: OpenMenu; onClose: (restoreFocus?: boolean) => void }) {
  const i18n = useI18n();
  const { groups, nameOf, moveTo } = helpers(i18n, parts);
  const { ask, fold, setForm, setDeleting } = parts;
  const then = (act: () => unknown) => () => {
    onClose(true);
    void act();
  };
  let items: MenuItem[] = [];
  let label = '';
  if (menu.kind === 'move') {
    const current = groups.find((g) => g.counters.includes(menu.counterId))?.id ?? null;
    label = i18n.t('move.label', { name: nameOf(menu.counterId) });
    items = [
      ...groups.map((g) => ({ id: `to-${g.id}`, label: g.name, checked: current === g.id, run: then(() => moveTo(menu.counterId, g.id)) })),
      { id: 'to-ungrouped', label: i18n.t('group.ungrouped'), checked: current === null, run: then(() => moveTo(menu.counterId, null)) },
      { id: 'new-group', label: i18n.t('organise.newGroup'), group: true, run: then(() => setForm({ kind: 'new', thenMove: menu.counterId })) },
    ];
  } else if (menu.kind === 'group') {
    const group = groups.find((g) => g.id === menu.groupId);
    label = i18n.t('group.actions', { name: group?.name ?? '' });
    items = group
      ? [
          { id: 'fold', label: i18n.t('group.fold'), checked: group.folded, run: then(() => fold(group.id, !group.folded)) },
          { id: 'rename', label: i18n.t('group.rename'), run: then(() => setForm({ kind: 'rename', groupId: group.id })) },
          { id: 'delete', label: i18n.t('group.delete'), group: true, run: then(() => setDeleting(group.id)) },
        ]
      : [];
  } else {
    label = i18n.t('organise.menu');
    const sort = parts.organisation?.sort ?? 'manual';
    items = [
      ...SORTS.map((s) => ({ id: `sort-${s.sort}`, label: i18n.t(s.key), checked: sort === s.sort, run: then(() => ask('list:sort', { sort: s.sort })) })),
      { id: 'new-group', label: i18n.t('organise.newGroup'), group: true, run: then(() => setForm({ kind: 'new' })) },
    ];
  }
  return items.length > 0 ? <RowMenu label={label} items={items} anchor={menu.anchor} onClose={onClose} /> : null;
}

export function OrganiseFooter({ parts, form, deleting }: { parts: OrganiseParts; form: Form | null; deleting: string | null }) {
  const i18n = useI18n();
  const { groupName, moveTo } = helpers(i18n, parts);
  const { api, ask, say, setForm, setDeleting } = parts;

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

  if (form) {
    return (
      <GroupNameForm
        key={form.kind === 'rename' ? form.groupId : 'new'}
        title={form.kind === 'rename' ? i18n.t('group.renameTitle', { name: groupName(form.groupId) }) : i18n.t('group.newTitle')}
        initial={form.kind === 'rename' ? groupName(form.groupId) : ''}
        submitLabel={form.kind === 'rename' ? i18n.t('common.save') : i18n.t('group.create')}
        onSubmit={submitName}
        onCancel={() => setForm(null)}
      />
    );
  }
  if (!deleting) return null;
  const deletingName = groupName(deleting);
  return (
    <ConfirmBar
      question={i18n.t('group.deleteQuestion', { name: deletingName })}
      detail={i18n.t('group.deleteDetail')}
      confirmLabel={i18n.t('group.delete')}
      danger
      onCancel={() => setDeleting(null)}
      onConfirm={async () => {
        setDeleting(null);
        if (await ask('group:delete', { id: deleting })) say(i18n.t('group.deleted', { name: deletingName }));
      }}
    />
  );
}
