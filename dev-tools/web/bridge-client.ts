// Runs in the dev page (GET /__bridge/client.js), before the bundle: the real preload API over an
// ipcRenderer look-alike on fetch and EventSource. An entry file bundled by esbuild, never a function
// sent through toString(): under tsx, esbuild adds helpers (`__name`) the page does not have.
import { createCounterTrayApi, type IpcRendererLike } from '../../src-main/preload/renderer-api';

type Listener = (event: unknown, payload: unknown) => void;
interface PageEventSource {
  onmessage: ((message: { data: string }) => void) | null;
}
const page = globalThis as unknown as { EventSource: new (url: string) => PageEventSource };

const listeners = new Map<string, Set<Listener>>();
const source = new page.EventSource('./__bridge/events');
source.onmessage = (message) => {
  const { event, payload } = JSON.parse(message.data) as { event: string; payload: unknown };
  for (const listener of listeners.get(event) ?? []) listener({ sender: 'dev-bridge' }, payload);
};

const ipcRenderer: IpcRendererLike = {
  async invoke(channel, request) {
    const response = await fetch('./__bridge/invoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ channel, request }),
    }).catch((error: unknown) => {
      throw new Error(`The dev server does not answer: ${String(error)}`);
    });
    return response.json();
  },
  on(channel, listener) {
    const set = listeners.get(channel) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(channel, set);
  },
  removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
};

Object.defineProperty(globalThis, 'counterTray', { value: createCounterTrayApi(ipcRenderer), enumerable: true });
