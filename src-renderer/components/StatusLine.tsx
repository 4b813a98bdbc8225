import { useEffect, useReducer, useState } from 'react';
import type { ConnectionState, Outbox } from '../../src-shared/domain/snapshot';
import { statusWords } from '../format/status';
import { useI18n } from '../i18n/I18n';

interface Props {
  connection: ConnectionState;
  outbox: Outbox;
  demo: boolean;
  /** The last-known counters shown were saved at this time. */
  offlineSince?: number | undefined;
  onSignIn: () => void;
  onRetry: () => void;
}

/** Whether what you see is live and what became of your clicks, words first; red only for what needs you. Only a countdown ticks. */
export function StatusLine({ connection, outbox, demo, offlineSince, onSignIn, onRetry }: Props) {
  const i18n = useI18n();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const now = Date.now();
  // When the clicks started waiting: "Sending…" only for those not answered at once.
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
  // "Retry now" shows that it tried until the core has a new next try, then that it still had no answer.
  const [retriedFrom, setRetriedFrom] = useState<number | undefined | null>(null);
  if (retriedFrom !== null && !canRetry) setRetriedFrom(null);
  if (canRetry && retriedFrom !== null) {
    words = { ...words, text: retriedFrom === connection.nextAttemptAt ? i18n.t('connection.tryingNow') : i18n.t('status.triedAgain', { status: words.text }) };
  }

  // Screen readers hear a change once, not every second of a countdown: a copy from its first second.
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
