// Runs in the page before any of its scripts (a Playwright init script, which bypasses the
// page's CSP as a preload does): the real preload API over an ipcRenderer look-alike whose
// invoke is the app's dispatcher (exposed by Playwright) and whose events main pushes in.
// Bundled by esbuild as an entry file, never sent through toString(), so it also works
// when the harness runs under tsx (npm run screenshots), where esbuild adds helpers.
import { createCounterTrayApi, type IpcRendererLike } from '../../src-main/preload/renderer-api';

type Listener = (event: unknown, payload: unknown) => void;
const g = globalThis as unknown as { __counterTrayInvoke: (channel: string, request: unknown) => Promise<unknown> };
const listeners = new Map<string, Set<Listener>>();

const ipcRenderer: IpcRendererLike = {
  invoke: (channel, request) => g.__counterTrayInvoke(channel, request),
  on(channel, listener) {
    const set = listeners.get(channel) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(channel, set);
  },
  removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
};

Object.defineProperty(globalThis, '__counterTrayPush', {
  value: (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener({ sender: 'main' }, payload);
  },
});
Object.defineProperty(globalThis, 'counterTray', { value: createCounterTrayApi(ipcRenderer), enumerable: true });
