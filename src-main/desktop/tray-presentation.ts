// What the tray shows besides its menu. Applied only on change: a redraw makes some Linux panels flicker.
import type { Translator } from '../../src-shared/i18n/translator';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { goalProgressText } from '../../src-shared/i18n/goal-words';
import { sanitizeServerText } from '../../src-shared/text/server-text';
import { badgeText } from './tray-badge';
import type { IconSpec } from './tray-icon';
import { formatValue, pinnedCounters } from './tray-menu';
import { trayFace, trayStatus, type TrayAttention, type TrayStatus } from './tray-status';

export type TrayIconFace = Omit<IconSpec, 'size'>;

interface TrayPresentation {
  title: string;
  tooltip: string;
  icon: TrayIconFace;
}

/** Windows keeps 127 characters of a tooltip (NOTIFYICONDATA.szTip): the state words at its end would go. */
export const TOOLTIP_MAX = 127;

const ATTENTION_WORDS = {
  signedOut: 'tray.statusNotSignedIn',
  tokenRejected: 'tray.statusTokenRejected',
  unconfirmed: 'tray.statusUnconfirmed',
  refused: 'tray.statusRefused',
} as const satisfies Record<TrayAttention, string>;

/** "Offline" only where no stronger reason says it already. */
function statusWords(status: TrayStatus, i18n: Translator): string[] {
  const words: string[] = [];
  if (status.attention) words.push(i18n.t(ATTENTION_WORDS[status.attention]));
  const sessionLost = status.attention === 'signedOut' || status.attention === 'tokenRejected';
  if (!status.connected && !sessionLost) words.push(i18n.t(status.connecting ? 'tray.statusConnecting' : 'tray.statusOffline'));
  if (status.updateReady) words.push(i18n.t('tray.statusUpdateReady'));
  return words;
}

/** "Coffees today: 4 (+2 today) · 5 / 8 today"; no invented "±0". */
function counterText(state: AppStateBody, pinned: CounterState, name: string, i18n: Translator): string {
  const counter = i18n.t('tray.counter', { name, value: formatValue(i18n, pinned) });
  const change = pinned.type === 'UpDown' ? state.activity.today[pinned.id] : undefined;
  const withChange = change ? i18n.t('tray.counterToday', { counter, change: i18n.signed(change) }) : counter;
  const goal = state.extras?.goals[pinned.id];
  return goal ? i18n.t('tray.counterGoal', { counter: withChange, goal: goalProgressText(i18n, goal) }) : withChange;
}

function tooltipText(state: AppStateBody, status: TrayStatus, pinned: CounterState | undefined, i18n: Translator): string {
  const say = (name: string | undefined) => {
    const parts = [...(pinned && name !== undefined ? [counterText(state, pinned, name, i18n)] : []), ...statusWords(status, i18n)];
    const [first, ...more] = parts;
    if (first === undefined) return i18n.t('app.name');
    return i18n.t('tray.tooltip', { text: more.reduce((text, also) => i18n.t('tray.tooltipAlso', { text, also }), first) });
  };
  const whole = say(pinned?.name);
  if (!pinned || whole.length <= TOOLTIP_MAX) return whole;
  // Too long: the name gives way (the sanitizer never splits a character).
  const room = pinned.name.length - (whole.length - TOOLTIP_MAX);
  return say(room > 1 ? sanitizeServerText(pinned.name, { maxLength: room }) : '…');
}

export function presentTray(state: AppStateBody, i18n: Translator): TrayPresentation {
  const status = trayStatus(state);
  const [pinned] = state.session.status === 'signedIn' ? pinnedCounters(state) : [];
  const template = state.platform === 'darwin';
  return {
    title: template && pinned ? i18n.number(pinned.value) : '',
    tooltip: tooltipText(state, status, pinned, i18n),
    icon: { template, theme: state.theme, ...trayFace(status), badge: !template && pinned ? badgeText(pinned.value) : null },
  };
}

interface TrayPresentationSink {
  setTitle(title: string): void;
  setToolTip(tooltip: string): void;
  setIcon(icon: TrayIconFace): void;
}

const faceKey = (face: TrayIconFace) => `${face.template}|${face.theme}|${face.mark}|${face.badge}|${face.dot}`;

export function createTrayPresenter(sink: TrayPresentationSink): (state: AppStateBody, i18n: Translator) => void {
  let last: TrayPresentation | undefined;
  return (state, i18n) => {
    const next = presentTray(state, i18n);
    if (next.title !== last?.title) sink.setTitle(next.title);
    if (next.tooltip !== last?.tooltip) sink.setToolTip(next.tooltip);
    if (!last || faceKey(next.icon) !== faceKey(last.icon)) sink.setIcon(next.icon);
    last = next;
  };
}
