import { useId, useRef, useState, type FormEvent } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { CollapseIcon, ExpandIcon, ICON } from '../components/icons';
import { hostOf, errorText } from '../../src-shared/i18n/error-words';
import { DEFAULT_SERVER_URL, withDefaultScheme } from '../../src-shared/domain/server-address';
import { useI18n } from '../i18n/I18n';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  /** Already signed in: this is "replace token", which can be cancelled. */
  replacing: boolean;
  /** Called as a connect or the demo starts. */
  onStart: () => void;
  onCancel: () => void;
  onConnected: () => void;
}

/** Checked here only so an obvious typo gets an instant answer; main validates again (and adds https:// the same way). */
function isServerUrl(value: string): boolean {
  try {
    const url = new URL(withDefaultScheme(value));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function Onboarding({ api, state, replacing: replacingAtStart, onStart, onCancel, onConnected }: Props) {
  const i18n = useI18n();
  const ids = useId();
  // What this form is for is settled when it opens; the session status it causes must not retitle it.
  const [replacing] = useState(replacingAtStart);
  const [serverUrl, setServerUrl] = useState(state.settings.serverUrl);
  const [token, setToken] = useState('');
  const [showToken, setShowToken] = useState(false);
  // Most people never change the server: it waits under "Advanced", open when it is not the default.
  const [advanced, setAdvanced] = useState(state.settings.serverUrl !== DEFAULT_SERVER_URL);
  const [busy, setBusy] = useState<'connect' | 'demo' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  /** A refused connect puts the cursor back where the fix is usually typed (the Connect button was disabled meanwhile). */
  const fail = (message: string) => {
    setError(message);
    tokenRef.current?.focus();
  };
  // Only this form's own request blocks it: a connect started here supersedes a launch retry.
  const connecting = busy !== null;
  const shownError = error ?? (busy || !state.session.error ? null : errorText(i18n, state.session.error, hostOf(state.session.serverUrl)));

  async function connect(event: FormEvent) {
    event.preventDefault();
    // Pasted tokens often carry a trailing newline or space.
    const cleanToken = token.trim();
    const cleanUrl = withDefaultScheme(serverUrl);
    if (!isServerUrl(cleanUrl)) return setError(i18n.t('onboarding.badUrl', { example: DEFAULT_SERVER_URL }));
    if (!cleanToken) return setError(i18n.t('onboarding.noToken'));
    setError(null);
    setBusy('connect');
    onStart();
    const result = await call(api, 'session:connect', { serverUrl: cleanUrl, token: cleanToken });
    setBusy(null);
    if (result.ok) {
      setToken('');
      onConnected();
    } else fail(errorText(i18n, result.error, hostOf(cleanUrl)));
  }

  async function startDemo() {
    setError(null);
    setBusy('demo');
    onStart();
    const result = await call(api, 'session:startDemo', {});
    setBusy(null);
    if (result.ok) onConnected();
    else fail(errorText(i18n, result.error));
  }

  return (
    <main className="screen onboarding">
      <h1 className="title">{replacing ? i18n.t('onboarding.titleReplace') : i18n.t('onboarding.title')}</h1>
      <p className="muted">
        {i18n.t('onboarding.intro')}{' '}
        <button type="button" className="link" onClick={() => void call(api, 'app:openLink', { target: 'tokens' })}>
          {i18n.t('onboarding.getToken')}
        </button>
      </p>
      <form className="stack" onSubmit={connect} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-token`}>{i18n.t('onboarding.token')}</label>
          <span className="with-action">
            <input
              id={`${ids}-token`}
              ref={tokenRef}
              type={showToken ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              autoFocus
              value={token}
              onChange={(e) => setToken(e.target.value)}
              aria-describedby={shownError ? `${ids}-error` : undefined}
              aria-invalid={shownError ? true : undefined}
            />
            <button type="button" className="quiet" aria-pressed={showToken} onClick={() => setShowToken((v) => !v)}>
              {showToken ? i18n.t('onboarding.hide') : i18n.t('onboarding.show')}
            </button>
          </span>
        </div>
        <button type="button" className="quiet disclosure" aria-expanded={advanced} aria-controls={`${ids}-advanced`} onClick={() => setAdvanced((v) => !v)}>
          {advanced ? <CollapseIcon {...ICON} size={14} /> : <ExpandIcon {...ICON} size={14} />}
          {i18n.t('onboarding.advanced')}
        </button>
        <div id={`${ids}-advanced`} hidden={!advanced}>
          <label className="field" htmlFor={`${ids}-server`}>
            <span>{i18n.t('onboarding.server')}</span>
            <input
              id={`${ids}-server`}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={serverUrl}
              onChange={(e) => setServerUrl(e.target.value)}
            />
          </label>
        </div>
        <p id={`${ids}-error`} className="error-text" role="alert">
          {shownError}
        </p>
        <div className="row-actions">
          {replacing && (
            <button type="button" className="secondary" onClick={onCancel}>
              {i18n.t('common.cancel')}
            </button>
          )}
          <button type="submit" className="primary" disabled={connecting}>
            {busy === 'connect' ? i18n.t('connection.connecting') : i18n.t('onboarding.connect')}
          </button>
        </div>
      </form>
      {!replacing && (
        <section className="demo" aria-label={i18n.t('onboarding.demo')}>
          <p className="muted">{i18n.t('onboarding.demoIntro')}</p>
          <button type="button" className="secondary" disabled={connecting} onClick={startDemo}>
            {busy === 'demo' ? i18n.t('connecting.demo') : i18n.t('onboarding.tryDemo')}
          </button>
        </section>
      )}
    </main>
  );
}
