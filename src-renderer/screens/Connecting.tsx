import { useState } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { hostOf as hostOfUrl, userMessage } from '../format/errors';
import { SignOutButton } from '../components/SignOutButton';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  onEnterToken: () => void;
}

const hostOf = (url: string): string => hostOfUrl(url) ?? url;

/** Launch with a stored token: main is connecting (and retrying on its own if the server is away). */
export function Connecting({ api, state, onEnterToken }: Props) {
  const [error, setError] = useState<string | null>(null);
  const { session } = state;
  const problem = error ?? (session.error ? userMessage(session.error, hostOf(session.serverUrl)) : null);
  return (
    <main className="screen onboarding" aria-busy="true">
      <h1 className="title">{session.mode === 'demo' ? 'Starting the demo…' : `Connecting to ${hostOf(session.serverUrl)}…`}</h1>
      {problem ? (
        <>
          <p className="error-text" role="alert">
            {problem}
          </p>
          <p className="muted">Counter Tray keeps trying on its own.</p>
        </>
      ) : (
        <p className="muted">Loading your counters.</p>
      )}
      <div className="row-actions start">
        {/* The screen's first action has focus (issue 24 point 11): Enter retries, Tab reaches the rest. */}
        <button type="button" className="primary" autoFocus onClick={() => void call(api, 'session:retryNow', {})}>
          Retry now
        </button>
        <button type="button" className="secondary" onClick={onEnterToken}>
          Enter a new token
        </button>
      </div>
      <div className="row-actions start">
        <SignOutButton api={api} demo={session.mode === 'demo'} onError={setError} />
      </div>
    </main>
  );
}
