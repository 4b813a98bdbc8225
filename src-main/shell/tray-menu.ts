// The tray's context menu as plain data, built from AppState. Always attached,
// because Linux AppIndicator never delivers clicks (electron/electron#37112): every
// action of the popup that matters must be reachable from here.
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState } from '../../src-shared/ipc/contract';
import { trayUpdateItems } from './tray-update-items';

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

const STATUS_LINES: Partial<Record<string, string>> = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'Offline: changes are kept and sent later',
  unauthorized: 'Token rejected: open Counter Tray to sign in again',
};

/** The pinned counters that still exist, in the user's order. */
export function pinnedCounters(state: AppState): CounterState[] {
  const counters = state.core?.counters ?? [];
  const byId = new Map(counters.map((c) => [c.id, c]));
  return state.settings.pinned.flatMap((id) => byId.get(id) ?? []);
}

export function formatValue(counter: Pick<CounterState, 'type' | 'value'>): string {
  if (counter.type === 'UpDown') return counter.value.toLocaleString('en-US');
  const days = Math.abs(counter.value) === 1 ? 'day' : 'days';
  return `${counter.value.toLocaleString('en-US')} ${days}`;
}

/** +3 / −2, with a real minus sign. */
export function formatAmount(amount: number): string {
  return amount > 0 ? `+${amount.toLocaleString('en-US')}` : `−${Math.abs(amount).toLocaleString('en-US')}`;
}

/** " (only counts up)" when the counter refused the opposite direction; at most 80 characters in all with a 40-character name. */
function undoBlockedNote(state: AppState, counterId: string, amount: number): string {
  const counter = state.core?.counters.find((c) => c.id === counterId);
  const opposite = amount > 0 ? 'decrement' : 'increment';
  return counter?.refused[opposite] !== undefined ? ` (only counts ${amount > 0 ? 'up' : 'down'})` : '';
}

export function buildTrayMenu(state: AppState): TrayMenuItem[] {
  const items: TrayMenuItem[] = [];
  const signedIn = state.session.status === 'signedIn';
  if (!signedIn) {
    items.push({ type: 'normal', label: state.session.status === 'connecting' ? 'Connecting…' : 'Not signed in', enabled: false });
  } else {
    const status = state.core ? STATUS_LINES[state.core.connection.status] : undefined;
    if (status) items.push({ type: 'normal', label: status, enabled: false });
    if (state.session.mode === 'demo') items.push({ type: 'normal', label: 'Demo mode', enabled: false });
    const undo = state.activity?.undo;
    // Offered for 10 s after any own change, however it was made; a blocked undo says why instead.
    if (undo) {
      // Blocked: the app's short words, never the reason's text (it may quote the server).
      items.push(
        undo.blockedBecause
          ? { type: 'normal', label: `Can’t undo ${formatAmount(undo.amount)} on ${undo.name}${undoBlockedNote(state, undo.counterId, undo.amount)}`, enabled: false }
          : { type: 'normal', label: `Undo ${formatAmount(undo.amount)} on ${undo.name}`, enabled: true, action: { kind: 'undo', counterId: undo.counterId } },
      );
    }
    const pinned = pinnedCounters(state);
    if (pinned.length === 0) items.push({ type: 'normal', label: 'Pin counters in the popup to see them here', enabled: false });
    for (const counter of pinned) {
      items.push({ type: 'normal', label: `${counter.name}: ${formatValue(counter)}${counter.pending ? ' (sending…)' : ''}`, enabled: false });
      if (counter.type === 'UpDown') {
        // No space indentation (issue 24 point 11): menus are not aligned by spaces on every OS, and screen readers read them.
        items.push({ type: 'normal', label: `Increment ${counter.name}`, enabled: !counter.refused.increment, action: { kind: 'increment', counterId: counter.id } });
        items.push({ type: 'normal', label: `Decrement ${counter.name}`, enabled: !counter.refused.decrement, action: { kind: 'decrement', counterId: counter.id } });
      }
    }
  }
  items.push({ type: 'separator' });
  items.push({ type: 'normal', label: 'Open Counter Tray', enabled: true, action: { kind: 'open' } });
  items.push({ type: 'normal', label: 'Settings…', enabled: true, action: { kind: 'openSettings' } });
  items.push({ type: 'checkbox', label: 'Pause notifications', checked: !state.settings.notifications.enabled, action: { kind: 'toggleNotifications' } });
  items.push(...trayUpdateItems(state));
  items.push({ type: 'separator' });
  items.push({ type: 'normal', label: 'Quit Counter Tray', enabled: true, action: { kind: 'quit' } });
  return items;
}

/** Menus are rebuilt only when what they show changed (rebuilding closes an open menu on some desktops). */
export function menuKey(items: readonly TrayMenuItem[]): string {
  return JSON.stringify(items);
}
