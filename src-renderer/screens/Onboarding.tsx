import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { CollapseIcon, ExpandIcon, ICON } from '../components/icons';
import { hostOf, errorText } from '../../src-shared/i18n/error-words';
import { DEFAULT_SERVER_URL, withDefaultScheme } from '../../src-shared/domain/server-address';
import { useI18n } from '../i18n/I18n';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  /** Already signed in: "replace token". */
  replacing: boolean;
  onStart: () => void;
  onCancel: () => void;
  onConnected: () => void;
}

/** An instant answer to a typo; main validates again. */
function isServerUrl(value: string): boolean {
  try {
    const url = new URL(withDefaultScheme(value));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

type Field = 'token' | 'server';
interface ShownError {
  field: Field | null;
  message: string;
}

/** Main's codes about one field (src-main/ipc/errors.ts). */
const FIELD_OF_CODE: Record<string, Field> = {
  'token-rejected': 'token',
  unauthorized: 'token',
  'token-for-other-server': 'token',
  'invalid-url': 'server',
  'not-a-counter-server': 'server',
};

export default function Onboarding({ api, state, replacing: replacingAtStart, onStart, onCancel, onConnected }: Props) {
  const i18n = useI18n();
  const ids = useId();
  // The session status it causes must not retitle it.
  const [replacing] = useState(replacingAtStart);
  const [serverUrl, setServerUrl] = useState(state.settings.serverUrl);
  const [token, setToken] = useState('');
  const [showToken, setShowToken] = useState(false);
  const [advanced, setAdvanced] = useState(state.settings.serverUrl !== DEFAULT_SERVER_URL);
  const [busy, setBusy] = useState<'connect' | 'demo' | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  // A new object per problem: the same mistake twice refocuses.
  const [focusTo, setFocusTo] = useState<{ field: Field } | null>(null);
  const fieldRefs = { token: useRef<HTMLInputElement>(null), server: useRef<HTMLInputElement>(null) };
  const fail = (next: ShownError) => {
    setError(next);
    if (next.field === 'server') setAdvanced(true);
    setFocusTo({ field: next.field ?? 'token' });
  };
  useLayoutEffect(() => {
    if (focusTo) fieldRefs[focusTo.field].current?.focus();
  }, [focusTo]);
  const connecting = busy !== null;
  const launchError = state.session.error;
  const shown: ShownError | null =
    error ?? (busy || !launchError ? null : { field: FIELD_OF_CODE[launchError.code] ?? null, message: errorText(i18n, launchError, hostOf(state.session.serverUrl)) });
  const fieldError = (field: Field) => (shown?.field === field ? shown.message : null);
  const invalid = (field: Field) => (shown?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${field}-error` } : {});

  async function connect(event: FormEvent) {
    event.preventDefault();
    const cleanToken = token.trim();
    const cleanUrl = withDefaultScheme(serverUrl);
    if (!cleanToken) return fail({ field: 'token', message: i18n.t('onboarding.noToken') });
    if (!isServerUrl(cleanUrl)) return fail({ field: 'server', message: i18n.t('onboarding.badUrl', { example: DEFAULT_SERVER_URL }) });
    setError(null);
    setBusy('connect');
    onStart();
    const result = await call(api, 'session:connect', { serverUrl: cleanUrl, token: cleanToken });
    setBusy(null);
    if (result.ok) {
      setToken('');
      onConnected();
    } else fail({ field: FIELD_OF_CODE[result.error.code] ?? null, message: errorText(i18n, result.error, hostOf(cleanUrl)) });
  }

  async function startDemo() {
    setError(null);
    setBusy('demo');
    onStart();
    const result = await call(api, 'session:startDemo', {});
    setBusy(null);
    if (result.ok) onConnected();
    else fail({ field: null, message: errorText(i18n, result.error) });
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
              ref={fieldRefs.token}
              type={showToken ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              autoFocus
              value={token}
              onChange={(e) => setToken(e.target.value)}
              {...invalid('token')}
            />
            <button type="button" className="quiet" aria-pressed={showToken} onClick={() => setShowToken((v) => !v)}>
              {showToken ? i18n.t('onboarding.hide') : i18n.t('onboarding.show')}
            </button>
          </span>
          <FieldError id={`${ids}-token-error`} message={fieldError('token')} />
        </div>
        <button type="button" className="quiet disclosure" aria-expanded={advanced} aria-controls={`${ids}-advanced`} onClick={() => setAdvanced((v) => !v)}>
          {advanced ? <CollapseIcon {...ICON} size={14} /> : <ExpandIcon {...ICON} size={14} />}
          {i18n.t('onboarding.advanced')}
        </button>
        <div id={`${ids}-advanced`} className="field" hidden={!advanced}>
          <label htmlFor={`${ids}-server`}>{i18n.t('onboarding.server')}</label>
          <input
            id={`${ids}-server`}
            ref={fieldRefs.server}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={serverUrl}
            onChange={(e) => setServerUrl(e.target.value)}
            {...invalid('server')}
          />
          <FieldError id={`${ids}-server-error`} message={fieldError('server')} />
        </div>
        {shown && shown.field === null && (
          <p className="error-text" role="alert">
            {shown.message}
          </p>
        )}
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

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="error-text" role="alert">
      {message}
    </p>
  );
}
