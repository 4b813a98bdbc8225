// What the tray tells at a glance, read once from the state, so the icon and the tooltip never disagree.
import type { AppStateBody } from '../../src-shared/ipc/contract';
import type { TrayDot, TrayMarkLook } from './tray-icon';

/** Most urgent first. */
export const ATTENTION_ORDER = ['signedOut', 'tokenRejected', 'unconfirmed', 'refused'] as const;
export type TrayAttention = (typeof ATTENTION_ORDER)[number];

export interface TrayStatus {
  connected: boolean;
  connecting: boolean;
  attention: TrayAttention | null;
  updateReady: boolean;
}

export function trayStatus(state: AppStateBody): TrayStatus {
  const signedIn = state.session.status === 'signedIn';
  const connection = state.core?.connection.status;
  const found = new Set<TrayAttention>();
  if (state.session.status === 'signedOut') found.add('signedOut');
  if (connection === 'unauthorized') found.add('tokenRejected');
  for (const counter of state.core?.counters ?? []) {
    // "Gone" and "unreadable" are a counter's state, not a question for the user.
    if (counter.error?.kind === 'unconfirmed') found.add('unconfirmed');
    else if (counter.error?.kind === 'rejected') found.add('refused');
  }
  return {
    connected: signedIn && connection === 'live',
    connecting: state.session.status === 'connecting' || (signedIn && (connection === undefined || connection === 'idle' || connection === 'connecting')),
    attention: ATTENTION_ORDER.find((kind) => found.has(kind)) ?? null,
    updateReady: state.updates?.status.kind === 'ready',
  };
}

/** "Needs you" wins the one dot over "update ready": a lost session costs data, the update waits. */
export function trayFace(status: TrayStatus): { mark: TrayMarkLook; dot: TrayDot } {
  return {
    mark: status.connected ? 'solid' : 'hollow',
    dot: status.attention ? 'needsYou' : status.updateReady ? 'update' : null,
  };
}
