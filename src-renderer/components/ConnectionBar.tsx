import { useState } from 'react';
import type { ConnectionState } from '../../src-shared/domain/snapshot';
import type { Translator } from '../../src-shared/i18n/translator';
import { useI18n } from '../i18n/I18n';

/** "10:05" today, "Nov 22, 18:30" before: the date only when it says something. */
function sinceText(i18n: Translator, at: number): string {
  return i18n.dayOf(at) === i18n.dayOf(Date.now()) ? i18n.time(at) : i18n.dayAndTime(at);
}

/** " Next try at 10:42:05." after a sentence, or nothing. */
function nextTry(i18n: Translator, at: number | undefined): string {
  return at === undefined ? '' : ` ${i18n.t('connection.nextTry', { time: i18n.timeWithSeconds(at) })}`;
}

interface Props {
  connection: ConnectionState;
  demo: boolean;
  /** Showing last-known counters from disk, saved at this time (launch while the server is away). */
  offlineSince?: number;
  onReplaceToken: () => void;
  onRetry: () => void;
}

/**
 * One line that says whether what you see is live, and what happens next when it is not.
 * The core's technical detail (HTTP statuses, socket errors) is for the log, not this line.
 */
export function ConnectionBar({ connection, demo, offlineSince, onReplaceToken, onRetry }: Props) {
  const i18n = useI18n();
  const { status, nextAttemptAt } = connection;
  let text: string;
  switch (status) {
    case 'live':
      text = demo ? i18n.t('connection.liveDemo') : i18n.t('connection.live');
      break;
    case 'idle':
    case 'connecting':
      text = i18n.t('connection.connecting');
      break;
    case 'reconnecting':
      text = `${i18n.t('connection.reconnecting')}${nextTry(i18n, nextAttemptAt)}`;
      break;
    case 'offline':
      text = offlineSince === undefined ? `${i18n.t('connection.offline')}${nextTry(i18n, nextAttemptAt)}` : i18n.t('connection.offlineSince', { time: sinceText(i18n, offlineSince) });
      break;
    case 'unauthorized':
      text = i18n.t('connection.unauthorized');
      break;
    case 'stopped':
      text = i18n.t('connection.stopped');
      break;
  }
  const canRetry = status === 'offline' || status === 'reconnecting';
  // "Retry now" shows that it tried: "Trying again…" until the core
  // answers with a new next try, then that the server still did not answer.
  const [retriedFrom, setRetriedFrom] = useState<number | undefined | null>(null);
  if (retriedFrom !== null && !canRetry) setRetriedFrom(null);
  if (canRetry && retriedFrom !== null) {
    text = retriedFrom === nextAttemptAt ? i18n.t('connection.tryingNow') : `${i18n.t('connection.stillNoAnswer')}${nextTry(i18n, nextAttemptAt)}`;
  }
  return (
    <div className={`connection connection-${status}`} role="status" aria-live="polite" data-status={status}>
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-text">{text}</span>
      {canRetry && (
        <button
          type="button"
          className="link"
          onClick={() => {
            setRetriedFrom(nextAttemptAt);
            onRetry();
          }}
        >
          {i18n.t('connection.retry')}
        </button>
      )}
      {status === 'unauthorized' && (
        <button type="button" className="link" onClick={onReplaceToken}>
          {i18n.t('connection.newToken')}
        </button>
      )}
    </div>
  );
}
