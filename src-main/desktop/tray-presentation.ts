// What the tray shows besides its menu: the pinned counter's value as the title on
// macOS, and as a tooltip plus a number drawn into the icon on Windows/Linux
// (neither has tray titles). Applied only when it changes: redrawing an icon makes
// some Linux panels flicker and costs an IPC to the tray host each time.
import type { Translator } from '../../src-shared/i18n/translator';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import { goalProgressText } from '../../src-shared/i18n/goal-words';
import { formatValue, pinnedCounters } from './tray-menu';

export interface TrayPresentation {
  /** macOS menu-bar title; empty elsewhere. */
  title: string;
  tooltip: string;
  /** Short text drawn into the icon (Windows/Linux), or null for the plain icon. */
  badge: string | null;
  theme: 'light' | 'dark';
  /** The icon shows a problem (offline, signed out). */
  dimmed: boolean;
}

/**
 * Three characters, so the number stays legible in a 16 px icon (tray-icon.ts): 7, 999, 12k,
 * <1M, 3M, <1G, 1G+, -42. Rarer negatives below -99 take four (-999, -12k; drawn smaller). The exact value
 * is in the tooltip and the menu.
 */
export function badgeText(value: number): string {
  const abs = Math.abs(Math.trunc(value));
  if (value < 0) {
    if (abs < 1000) return `-${abs}`;
    if (abs < 100_000) return `-${Math.floor(abs / 1000)}k`;
    return abs < 100_000_000 ? `-${Math.max(1, Math.floor(abs / 1_000_000))}M` : '-G';
  }
  if (abs < 1000) return String(abs);
  if (abs < 100_000) return `${Math.floor(abs / 1000)}k`;
  if (abs < 1_000_000) return '<1M';
  if (abs < 100_000_000) return `${Math.floor(abs / 1_000_000)}M`;
  return abs < 1_000_000_000 ? '<1G' : '1G+';
}

export function presentTray(state: AppStateBody, i18n: Translator): TrayPresentation {
  const [pinned] = pinnedCounters(state);
  const connection = state.core?.connection.status;
  const live = state.session.status === 'signedIn' && (connection === 'live' || connection === 'idle');
  const statusNote =
    state.session.status !== 'signedIn' ? i18n.t('tray.statusNotSignedIn') : live ? undefined : connection === 'unauthorized' ? i18n.t('tray.statusTokenRejected') : i18n.t('tray.statusOffline');
  // The pinned counter's goal rides along: "Coffees today: 5 · 5 / 8 today".
  const goal = pinned ? state.extras?.goals[pinned.id] : undefined;
  const counter = pinned ? i18n.t('tray.counter', { name: pinned.name, value: formatValue(i18n, pinned) }) : i18n.t('app.name');
  const text = goal ? i18n.t('tray.counterGoal', { counter, goal: goalProgressText(i18n, goal) }) : counter;
  const tooltip = statusNote ? i18n.t('tray.tooltip', { text, status: statusNote }) : text;
  const showsNumber = pinned !== undefined && state.session.status === 'signedIn';
  return {
    // The menu-bar title is the number alone (the badge's job on Windows/Linux): digits, no words.
    title: state.platform === 'darwin' && showsNumber && pinned ? i18n.number(pinned.value) : '',
    tooltip,
    badge: state.platform !== 'darwin' && showsNumber && pinned ? badgeText(pinned.value) : null,
    theme: state.theme,
    dimmed: !live,
  };
}

export interface TrayPresentationSink {
  setTitle(title: string): void;
  setToolTip(tooltip: string): void;
  setIcon(presentation: TrayPresentation): void;
}

/** Remembers what the tray shows and touches it only where that changed. */
export function createTrayPresenter(sink: TrayPresentationSink): (state: AppStateBody, i18n: Translator) => void {
  let last: TrayPresentation | undefined;
  return (state, i18n) => {
    const next = presentTray(state, i18n);
    if (next.title !== last?.title) sink.setTitle(next.title);
    if (next.tooltip !== last?.tooltip) sink.setToolTip(next.tooltip);
    if (!last || next.badge !== last.badge || next.theme !== last.theme || next.dimmed !== last.dimmed) sink.setIcon(next);
    last = next;
  };
}
