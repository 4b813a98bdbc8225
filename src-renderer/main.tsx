import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { logRenderError } from './components/ErrorBoundary';
import { guessLocale, I18n, preloadGuessedCatalog, useI18n } from './i18n/I18n';

function MissingBridge() {
  const i18n = useI18n();
  return (
    <main className="screen centered">
      <h1 className="title">{i18n.t('app.name')}</h1>
      <p role="alert">{i18n.t('app.windowNeedsApp')}</p>
    </main>
  );
}

preloadGuessedCatalog();
// React's own report would print the error's message (server text).
const root = createRoot(document.getElementById('root') as HTMLElement, { onCaughtError: logRenderError, onUncaughtError: logRenderError });
const bridge = window.counterTray;
// Rendered now, not in a later task: the first render's effects send state:get while the bundle's task runs.
flushSync(() =>
  root.render(
    <StrictMode>
      {bridge ? (
        <App api={bridge} />
      ) : (
        <I18n locale={guessLocale()}>
          <MissingBridge />
        </I18n>
      )}
    </StrictMode>,
  ),
);
