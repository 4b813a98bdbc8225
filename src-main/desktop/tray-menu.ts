// The tray's context menu as data. Linux AppIndicator never delivers clicks (electron/electron#37112),
// so every action of the popup that matters is reachable from here.
import { stepOf } from '../app/settings/app-settings';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { formatCounterValue } from '../../src-shared/i18n/counter-value';
import type { PlainKey } from '../../src-shared/i18n/messages';
import type { Translator } from '../../src-shared/i18n/translator';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import { UPDATE_WORDS } from '../app/updates/update-words';

export type TrayAction =
  | { kind: 'open' }
  | { kind: 'openSettings' }
  | { kind: 'increment'; counterId: string }
  | { kind: 'decrement'; counterId: string }
  | { kind: 'undo'; counterId: string }
  | { kind: 'toggleNotifications' }
  | { kind: 'checkForUpdates' }
  | { kind: 'downloadUpdate' }
  | { kind: 'restartToUpdate' }
  | { kind: 'quit' };

export type TrayMenuItem =
  | { type: 'separator' }
  | { type: 'normal'; label: string; enabled: boolean; action?: TrayAction }
  | { type: 'checkbox'; label: string; checked: boolean; action: TrayAction };

const STATUS_LINES: Partial<Record<string, PlainKey>> = {
  connecting: 'connection.connecting',
  reconnecting: 'tray.reconnecting',
  offline: 'tray.offline',
  unauthorized: 'tray.unauthorized',
};

/** Those that still exist and are not hidden, in the user's order. */
export function pinnedCounters(state: AppStateBody): CounterState[] {
  const counters = state.core?.counters ?? [];
  const byId = new Map(counters.map((c) => [c.id, c]));
  const hidden = new Set(state.organise?.hidden ?? []);
  return state.settings.pinned.flatMap((id) => (hidden.has(id) ? [] : (byId.get(id) ?? [])));
}

/** The popup's words: "42", "412 days", "in 190 days". */
export function formatValue(i18n: Translator, counter: Pick<CounterState, 'type' | 'value'>): string {
  const shown = formatCounterValue(i18n, counter.type, counter.value);
  return counter.type === 'UpDown' ? shown.number : [shown.before, shown.number, shown.unit].filter(Boolean).join(' ');
}

function undoBlockedBy(state: AppStateBody, counterId: string, amount: number): 'up' | 'down' | 'other' {
  const counter = state.core?.counters.find((c) => c.id === counterId);
  const opposite = amount > 0 ? 'decrement' : 'increment';
  return counter?.refused[opposite] === undefined ? 'other' : amount > 0 ? 'up' : 'down';
}

export function buildTrayMenu(state: AppStateBody, i18n: Translator): TrayMenuItem[] {
  const items: TrayMenuItem[] = [];
  const signedIn = state.session.status === 'signedIn';
  if (!signedIn) {
    items.push({ type: 'normal', label: state.session.status === 'connecting' ? i18n.t('connection.connecting') : i18n.t('tray.notSignedIn'), enabled: false });
  } else {
    const status = state.core ? STATUS_LINES[state.core.connection.status] : undefined;
    if (status) items.push({ type: 'normal', label: i18n.t(status), enabled: false });
    if (state.session.mode === 'demo') items.push({ type: 'normal', label: i18n.t('tray.demo'), enabled: false });
    const undo = state.activity.undo;
    if (undo) {
      // Blocked: the app's short words, never the reason's text (it may quote the server).
      const amount = i18n.signed(undo.amount);
      items.push(
        undo.blockedBecause
          ? { type: 'normal', label: i18n.t('tray.cantUndo', { only: undoBlockedBy(state, undo.counterId, undo.amount), amount, name: undo.name }), enabled: false }
          : { type: 'normal', label: i18n.t('tray.undo', { amount, name: undo.name }), enabled: true, action: { kind: 'undo', counterId: undo.counterId } },
      );
    }
    const pinned = pinnedCounters(state);
    if (pinned.length === 0) items.push({ type: 'normal', label: i18n.t('tray.pinHint'), enabled: false });
    for (const counter of pinned) {
      const line = { name: counter.name, value: formatValue(i18n, counter) };
      items.push({ type: 'normal', label: counter.pending ? i18n.t('tray.counterSending', line) : i18n.t('tray.counter', line), enabled: false });
      if (counter.type === 'UpDown') {
        // No indenting spaces: not every OS aligns them, and screen readers read them. Main moves it by its step.
        const step = stepOf(state.settings, counter.id);
        const by = { name: counter.name, amount: i18n.number(step) };
        items.push({ type: 'normal', label: step === 1 ? i18n.t('tray.increment', by) : i18n.t('tray.incrementBy', by), enabled: !counter.refused.increment, action: { kind: 'increment', counterId: counter.id } });
        items.push({ type: 'normal', label: step === 1 ? i18n.t('tray.decrement', by) : i18n.t('tray.decrementBy', by), enabled: !counter.refused.decrement, action: { kind: 'decrement', counterId: counter.id } });
      }
    }
  }
  items.push({ type: 'separator' });
  items.push({ type: 'normal', label: i18n.t('tray.open'), enabled: true, action: { kind: 'open' } });
  items.push({ type: 'normal', label: i18n.t('tray.settings'), enabled: true, action: { kind: 'openSettings' } });
  items.push({ type: 'checkbox', label: i18n.t('tray.pause'), checked: !state.settings.notifications.enabled, action: { kind: 'toggleNotifications' } });
  items.push(...trayUpdateItems(state, i18n));
  items.push({ type: 'separator' });
  items.push({ type: 'normal', label: i18n.t('tray.quit'), enabled: true, action: { kind: 'quit' } });
  return items;
}

/** Rebuilt only on change: rebuilding closes an open menu on some desktops. */
export function menuKey(items: readonly TrayMenuItem[]): string {
  return JSON.stringify(items);
}

/** Only for a copy that updates itself. */
function trayUpdateItems(state: AppStateBody, i18n: Translator): TrayMenuItem[] {
  const updates = state.updates;
  if (!updates || updates.source !== 'self') return [];
  const { status } = updates;
  switch (status.kind) {
    case 'ready':
      return [{ type: 'normal', label: UPDATE_WORDS.trayRestart(i18n, status.version), enabled: true, action: { kind: 'restartToUpdate' } }];
    case 'available':
      return [{ type: 'normal', label: UPDATE_WORDS.trayDownload(i18n, status.version), enabled: true, action: { kind: 'downloadUpdate' } }];
    case 'downloading':
      return [{ type: 'normal', label: UPDATE_WORDS.trayDownloading(i18n, status.percent), enabled: false }];
    case 'checking':
      return [{ type: 'normal', label: i18n.t(UPDATE_WORDS.tray.checking), enabled: false }];
    default:
      return [{ type: 'normal', label: i18n.t(UPDATE_WORDS.tray.check), enabled: true, action: { kind: 'checkForUpdates' } }];
  }
}
