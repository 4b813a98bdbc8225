import { useState } from 'react';
import type { ConnectionState } from '../../src-shared/domain/snapshot';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const sinceToday = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const sinceEarlier = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });

/** "10:05" today, "Nov 22, 18:30" before: the date only when it says something. */
function sinceText(at: number): string {
  return (new Date(at).toDateString() === new Date().toDateString() ? sinceToday : sinceEarlier).format(at);
}

function nextTry(at: number | undefined): string {
  return at === undefined ? '' : ` Next try at ${clock.format(at)}.`;
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
  const { status, nextAttemptAt } = connection;
  let text: string;
  switch (status) {
    case 'live':
      text = demo ? 'Live · demo server' : 'Live';
      break;
    case 'idle':
    case 'connecting':
      text = 'Connecting…';
      break;
    case 'reconnecting':
      text = `Reconnecting.${nextTry(nextAttemptAt)}`;
      break;
    case 'offline':
      text =
        offlineSince === undefined
          ? `Offline.${nextTry(nextAttemptAt)}`
          : `Offline since ${sinceText(offlineSince)}. Counters as last seen; your changes are sent when the server answers.`;
      break;
    case 'unauthorized':
      text = 'The server no longer accepts your token.';
      break;
    case 'stopped':
      text = 'Not syncing.';
      break;
  }
  const canRetry = status === 'offline' || status === 'reconnecting';
  // "Retry now" shows that it tried (issue 24 point 10): "Trying again…" until the core
  // answers with a new next try, then that the server still did not answer.
  const [retriedFrom, setRetriedFrom] = useState<number | undefined | null>(null);
  if (retriedFrom !== null && !canRetry) setRetriedFrom(null);
  if (canRetry && retriedFrom !== null) {
    text = retriedFrom === nextAttemptAt ? 'Trying again now…' : `Tried again: still no answer.${nextTry(nextAttemptAt)}`;
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
          Retry now
        </button>
      )}
      {status === 'unauthorized' && (
        <button type="button" className="link" onClick={onReplaceToken}>
          Enter a new token
        </button>
      )}
    </div>
  );
}
