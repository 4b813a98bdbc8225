import { useState } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { hostOf as hostOfUrl, errorText } from '../../src-shared/i18n/error-words';
import { SignOutButton } from '../components/SignOutButton';
import { useI18n } from '../i18n/I18n';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  onEnterToken: () => void;
}

const hostOf = (url: string): string => hostOfUrl(url) ?? url;

export default function Connecting({ api, state, onEnterToken }: Props) {
  const i18n = useI18n();
  const [error, setError] = useState<string | null>(null);
  const { session } = state;
  const problem = error ?? (session.error ? errorText(i18n, session.error, hostOf(session.serverUrl)) : null);
  return (
    <main className="screen onboarding" aria-busy="true">
      <h1 className="title">{session.mode === 'demo' ? i18n.t('connecting.demo') : i18n.t('connecting.title', { host: hostOf(session.serverUrl) })}</h1>
      {problem ? (
        <>
          <p className="error-text" role="alert">
            {problem}
          </p>
          <p className="muted">{i18n.t('connecting.keepsTrying')}</p>
        </>
      ) : (
        <p className="muted">{i18n.t('connecting.loading')}</p>
      )}
      <div className="row-actions start">
        <button type="button" className="primary" autoFocus onClick={() => void call(api, 'session:retryNow', {})}>
          {i18n.t('connection.retry')}
        </button>
        <button type="button" className="secondary" onClick={onEnterToken}>
          {i18n.t('connection.newToken')}
        </button>
      </div>
      <div className="row-actions start">
        <SignOutButton api={api} demo={session.mode === 'demo'} onError={setError} />
      </div>
    </main>
  );
}
