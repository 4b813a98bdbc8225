// What the tray tells at a glance, read from the AppState main already builds: is the app
// connected, does something need the user, is an update ready. The icon's look and the
// tooltip's words both come from this one reading (tray-presentation.ts).
import type { AppStateBody } from '../../src-shared/ipc/contract';
import type { TrayDot, TrayMarkLook } from './tray-icon';

/**
 * Why the user is needed, most urgent first: without a session or with a rejected token
 * nothing syncs at all; an unconfirmed click waits for the user's answer (send again or keep
 * the server's value); a refused change waits to be read.
 */
export const ATTENTION_ORDER = ['signedOut', 'tokenRejected', 'unconfirmed', 'refused'] as const;
export type TrayAttention = (typeof ATTENTION_ORDER)[number];

export interface TrayStatus {
  /** Signed in and the live connection is up: changes arrive and clicks go out now. */
  connected: boolean;
  /** Signing in, or the session's connection on its way up (not a problem, not live yet). */
  connecting: boolean;
  attention: TrayAttention | null;
  /** An update is downloaded and checked: a restart installs it. */
  updateReady: boolean;
}

export function trayStatus(state: AppStateBody): TrayStatus {
  const signedIn = state.session.status === 'signedIn';
  const connection = state.core?.connection.status;
  const found = new Set<TrayAttention>();
  if (state.session.status === 'signedOut') found.add('signedOut');
  if (connection === 'unauthorized') found.add('tokenRejected');
  for (const counter of state.core?.counters ?? []) {
    // "Gone" and "unreadable" are a counter's state, not a question for the user (src-shared/domain/counter-flags.ts).
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

/**
 * The icon's look for a status. Two channels that combine: the mark says whether the app is
 * connected (hollow when not, however it came to be); the one corner dot says what to do,
 * and "needs you" wins it over "update ready", because an unanswered click or a lost session
 * costs the user's data while the update waits harmlessly (the tooltip and the menu still say it).
 */
export function trayFace(status: TrayStatus): { mark: TrayMarkLook; dot: TrayDot } {
  return {
    mark: status.connected ? 'solid' : 'hollow',
    dot: status.attention ? 'needsYou' : status.updateReady ? 'update' : null,
  };
}
