import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { fromBridge } from './bridge/fromBridge';
import { preloadGuessedCatalog } from './i18n/I18n';
import { MissingBridge } from './screens/MissingBridge';

preloadGuessedCatalog();
const root = createRoot(document.getElementById('root') as HTMLElement);
const bridge = window.counterTray;
root.render(<StrictMode>{bridge ? <App api={fromBridge(bridge)} /> : <MissingBridge />}</StrictMode>);
