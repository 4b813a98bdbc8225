import type { ConnectionState } from '../../src-shared/domain/snapshot';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function nextTry(at: number | undefined): string {
  return at === undefined ? '' : ` Next try at ${clock.format(at)}.`;
}

interface Props {
  connection: ConnectionState;
  demo: boolean;
  onReplaceToken: () => void;
}

/** One line that says whether what you see is live, and what happens next when it is not. */
export function ConnectionBar({ connection, demo, onReplaceToken }: Props) {
  const { status, message, nextAttemptAt } = connection;
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
      text = `Offline.${nextTry(nextAttemptAt)}`;
      break;
    case 'unauthorized':
      text = 'The server no longer accepts your token.';
      break;
    case 'stopped':
      text = 'Not syncing.';
      break;
  }
  return (
    <div className={`connection connection-${status}`} role="status" aria-live="polite" data-status={status}>
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-text">
        {text}
        {/* The core's detail, one line (full text on hover); "unauthorized" already says it all. */}
        {message && status !== 'live' && status !== 'unauthorized' ? (
          <span className="connection-message" title={message}>
            {' '}
            {message}
          </span>
        ) : null}
      </span>
      {status === 'unauthorized' && (
        <button type="button" className="link" onClick={onReplaceToken}>
          Enter a new token
        </button>
      )}
    </div>
  );
}
