import { useState } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { userMessage } from '../format/errors';
import { SignOutButton } from '../components/SignOutButton';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  onEnterToken: () => void;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Launch with a stored token: main is connecting (and retrying on its own if the server is away). */
export function Connecting({ api, state, onEnterToken }: Props) {
  const [error, setError] = useState<string | null>(null);
  const { session } = state;
  const problem = error ?? (session.error ? userMessage(session.error) : null);
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
        <button type="button" className="primary" onClick={() => void call(api, 'session:retryNow', {})}>
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
