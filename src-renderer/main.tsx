import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadGuessedCatalog } from './i18n/I18n';
import { MissingBridge } from './screens/MissingBridge';

preloadGuessedCatalog();
const root = createRoot(document.getElementById('root') as HTMLElement);
const api = window.counterTray;
root.render(<StrictMode>{api ? <App api={api} /> : <MissingBridge />}</StrictMode>);
