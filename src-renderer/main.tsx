import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { logRenderError } from './components/ErrorBoundary';
import { preloadGuessedCatalog } from './i18n/I18n';
import { MissingBridge } from './screens/MissingBridge';

preloadGuessedCatalog();
// React's own report would print the error's message, which may quote server text.
const root = createRoot(document.getElementById('root') as HTMLElement, { onCaughtError: logRenderError, onUncaughtError: logRenderError });
const bridge = window.counterTray;
root.render(<StrictMode>{bridge ? <App api={bridge} /> : <MissingBridge />}</StrictMode>);
