import { useEffect, useReducer, useState } from 'react';
import { statusWords, type StatusInput } from '../format/status';
import { useI18n } from '../i18n/I18n';

interface Props extends Omit<StatusInput, 'clicksSince'> {
  onSignIn: () => void;
  onRetry: () => void;
}

export function StatusLine({ connection, outbox, demo, offlineSince, onSignIn, onRetry }: Props) {
  const i18n = useI18n();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const now = Date.now();
  const [clicksSince, setClicksSince] = useState<number | undefined>(undefined);
  const waiting = outbox.clicks > 0;
  if (waiting !== (clicksSince !== undefined)) setClicksSince(waiting ? now : undefined);
  let words = statusWords(i18n, { connection, outbox, demo, offlineSince, clicksSince: clicksSince ?? (waiting ? now : undefined) }, now);
  const { nextChangeAt } = words;
  useEffect(() => {
    if (nextChangeAt === undefined) return;
    const timer = setTimeout(tick, Math.max(0, nextChangeAt - Date.now()));
    return () => clearTimeout(timer);
  }, [nextChangeAt]);

  const canRetry = words.kind === 'offline' || words.kind === 'reconnecting';
  // "Retry now" shows that it tried until the core has a new next try.
  const [retriedFrom, setRetriedFrom] = useState<number | undefined | null>(null);
  if (retriedFrom !== null && !canRetry) setRetriedFrom(null);
  if (canRetry && retriedFrom !== null) {
    words = { ...words, text: retriedFrom === connection.nextAttemptAt ? i18n.t('connection.tryingNow') : i18n.t('status.triedAgain', { status: words.text }) };
  }

  // Screen readers hear a countdown's first second only.
  const { kind } = words;
  const ticking = words.nextChangeAt !== undefined;
  const spokenFor = `${kind} ${outbox.clicks} ${connection.status}`;
  const [spoken, setSpoken] = useState({ for: spokenFor, text: words.text });
  if (spoken.for !== spokenFor) setSpoken({ for: spokenFor, text: words.text });

  return (
    <footer className={`status-line connection connection-${connection.status}${words.alarm ? ' alarm' : ''}`} data-status={connection.status} data-state={kind}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-text connection-text" aria-live="polite" aria-atomic="true" title={kind === 'signedOut' ? i18n.t('connection.unauthorized') : undefined}>
        <span className="status-words" aria-hidden={ticking || undefined}>
          {words.text}
        </span>
        {ticking && <span className="sr-only">{spoken.text}</span>}
      </span>
      {canRetry && (
        <button
          type="button"
          className="link status-action"
          onClick={() => {
            setRetriedFrom(connection.nextAttemptAt);
            onRetry();
          }}
        >
          {i18n.t('connection.retry')}
        </button>
      )}
      {kind === 'signedOut' && (
        <button type="button" className="link status-action" aria-description={i18n.t('connection.unauthorized')} onClick={onSignIn}>
          {i18n.t('status.signIn')}
        </button>
      )}
    </footer>
  );
}
