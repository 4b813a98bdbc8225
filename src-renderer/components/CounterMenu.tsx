import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import { useI18n } from '../i18n/I18n';
import { RowMenu, type MenuAt, type MenuItem } from './RowMenu';

export interface CounterActions {
  togglePin: (id: string) => unknown;
  toggleMute: (id: string) => unknown;
  detail: (id: string) => void;
  edit: (id: string) => void;
  addAmount: (id: string) => void;
  say: (message: string | null) => void;
  moveToGroup?: ((id: string, anchor: MenuAt) => void) | undefined;
  toggleHidden?: ((id: string) => unknown) | undefined;
}

interface Props {
  counter: CounterState;
  settings: Settings;
  actions: CounterActions;
  anchor: MenuAt;
  onClose: (restoreFocus: boolean) => void;
  hidden: boolean;
}

/** The popup grants no clipboard permission (electron/window-security.ts): then the selection's copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Refused: the selection below.
  }
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'sr-only';
  document.body.append(area);
  area.select();
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus();
  return copied;
}

export default function CounterMenu({ counter, settings, actions, anchor, onClose, hidden }: Props) {
  const i18n = useI18n();
  const { id } = counter;
  const then = (act: () => unknown) => () => {
    onClose(true);
    void act();
  };
  const items: MenuItem[] = [
    ...(counter.type === 'UpDown' ? [{ id: 'add', label: i18n.t('menu.add'), run: then(() => actions.addAmount(id)) }] : []),
    { id: 'activity', label: i18n.t('menu.activity'), run: then(() => actions.detail(id)) },
    { id: 'edit', label: i18n.t('menu.edit'), run: then(() => actions.edit(id)) },
    ...(counter.type === 'UpDown' ? [{ id: 'shortcut', label: i18n.t('menu.shortcut'), run: then(() => actions.edit(id)) }] : []),
    { id: 'pin', label: i18n.t('menu.pin'), checked: settings.pinned.includes(id), group: true, run: then(() => actions.togglePin(id)) },
    {
      id: 'mute',
      label: i18n.t('menu.mute'),
      checked: settings.notifications.mutedCounters.includes(id),
      disabled: settings.notifications.enabled ? undefined : i18n.t('menu.notificationsOff'),
      run: then(() => actions.toggleMute(id)),
    },
    ...(actions.moveToGroup && actions.toggleHidden
      ? [
          { id: 'move', label: i18n.t('menu.moveToGroup'), group: true, run: then(() => actions.moveToGroup?.(id, anchor)) },
          { id: 'hide', label: i18n.t(hidden ? 'menu.unhide' : 'menu.hide'), run: then(() => actions.toggleHidden?.(id)) },
        ]
      : []),
    {
      id: 'copy',
      label: i18n.t('menu.copy'),
      group: true,
      // "1234", not "1,234": what a spreadsheet wants.
      run: then(async () => actions.say(i18n.t((await copyText(String(counter.value))) ? 'menu.copied' : 'menu.copyFailed', { value: i18n.number(counter.value) }))),
    },
  ];
  return <RowMenu label={i18n.t('row.actions', { name: counter.name })} items={items} anchor={anchor} onClose={onClose} />;
}
