import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { MissingBridge } from './screens/MissingBridge';

const root = createRoot(document.getElementById('root') as HTMLElement);
const api = window.counterTray;
root.render(<StrictMode>{api ? <App api={api} /> : <MissingBridge />}</StrictMode>);
