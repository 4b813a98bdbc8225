// From what the snapshot proves (docs/api.md O8); countdowns are relative, never a clock time.
import type { ConnectionState, Outbox } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';

type StatusKind = 'live' | 'sending' | 'slowed' | 'offline' | 'reconnecting' | 'connecting' | 'signedOut' | 'stopped';

interface StatusWords {
  kind: StatusKind;
  text: string;
  /** Red: only a refused token needs the user. */
  alarm: boolean;
  nextChangeAt?: number;
}

export interface StatusInput {
  connection: ConnectionState;
  outbox: Outbox;
  demo: boolean;
  offlineSince?: number | undefined;
  clicksSince?: number | undefined;
}

const SHOWN_WAIT_MS = 1000;
const SENDING_SHOWN_AFTER_MS = 300;

function sinceText(i18n: Translator, at: number, now: number): string {
  return i18n.dayOf(at) === i18n.dayOf(now) ? i18n.time(at) : i18n.dayAndTime(at);
}

/** Past this, whole minutes: "in 300 s" reads as noise. */
const MINUTES_FROM_MS = 90_000;

/** Never 0 while something is ahead. */
function countdown(until: number, now: number): { count: number; unit: 's' | 'min'; nextChangeAt: number } {
  const left = until - now;
  if (left > MINUTES_FROM_MS) {
    const count = Math.ceil(left / 60_000);
    return { count, unit: 'min', nextChangeAt: Math.max(until - (count - 1) * 60_000, until - MINUTES_FROM_MS) };
  }
  const count = Math.max(1, Math.ceil(left / 1000));
  return { count, unit: 's', nextChangeAt: Math.max(now + 1, until - (count - 1) * 1000) };
}

export function statusWords(i18n: Translator, { connection, outbox, demo, offlineSince, clicksSince }: StatusInput, now: number): StatusWords {
  const clicks = outbox.clicks;
  const withClicks = (status: string) => (clicks > 0 ? i18n.t('status.withClicks', { status, count: clicks }) : status);
  const held = outbox.held && outbox.held.until > now ? outbox.held : undefined;
  const slowed = (until: number): StatusWords => {
    const { count, unit, nextChangeAt } = countdown(until, now);
    return { kind: 'slowed', text: i18n.t('status.slowed', { count: i18n.number(count), unit }), alarm: false, nextChangeAt };
  };
  switch (connection.status) {
    case 'unauthorized':
      return { kind: 'signedOut', text: i18n.t('status.signedOut'), alarm: true };
    case 'stopped':
      return { kind: 'stopped', text: i18n.t('connection.stopped'), alarm: false };
    default:
  }
  if (held?.reason === 'rateLimited') return slowed(held.until);
  const since = connection.since ?? offlineSince;
  switch (connection.status) {
    case 'offline':
      return { kind: 'offline', text: withClicks(since === undefined ? i18n.t('connection.offline') : i18n.t('status.offlineSince', { time: sinceText(i18n, since, now) })), alarm: false };
    case 'reconnecting': {
      const next = connection.nextAttemptAt;
      if (next === undefined || next <= now) return { kind: 'reconnecting', text: withClicks(i18n.t('status.reconnecting')), alarm: false };
      const { count, unit, nextChangeAt } = countdown(next, now);
      return { kind: 'reconnecting', text: withClicks(i18n.t('status.reconnectingIn', { count: i18n.number(count), unit })), alarm: false, nextChangeAt };
    }
    case 'idle':
    case 'connecting':
      return { kind: 'connecting', text: withClicks(i18n.t('connection.connecting')), alarm: false };
    default:
  }
  if (held && held.until - now > SHOWN_WAIT_MS) return slowed(held.until);
  const live: StatusWords = { kind: 'live', text: demo ? i18n.t('connection.liveDemo') : i18n.t('connection.live'), alarm: false };
  if (clicks > 0 && clicksSince !== undefined && now - clicksSince < SENDING_SHOWN_AFTER_MS) return { ...live, nextChangeAt: clicksSince + SENDING_SHOWN_AFTER_MS };
  if (clicks > 0) return { kind: 'sending', text: i18n.t('status.sending', { count: i18n.number(clicks) }), alarm: false };
  return live;
}
