/* global window, document, bridgeCodec */
/* The preload's world: an isolated JavaScript world of the page (its own globals, the same
 * DOM), where the real dist/main/preload.cjs runs with the sandbox's require(). Its
 * ipcRenderer reaches Node through a CDP binding that exists in this world only. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the script Node assembles
function preloadWorld(config, runPreload) {
  // A preload runs in the main frame only while nodeIntegrationInSubFrames is off (…/api/structures/web-preferences).
  if (window.top !== window) return;
  const binding = globalThis[config.binding];
  delete globalThis[config.binding];
  const codec = bridgeCodec(false);
  const send = (name, detail) => document.dispatchEvent(new CustomEvent(name, { detail }));
  const post = (message) => binding(JSON.stringify(message));
  const notImplemented = (name) => () => {
    throw new Error(`Electron double: ${name} is not implemented`);
  };

  // ipcRenderer (…/api/ipc-renderer): invoke and listeners; the rest fails loudly.
  const pending = new Map();
  const listeners = new Map();
  let nextInvoke = 1;
  const ipcRenderer = {
    invoke(channel, ...args) {
      // Arguments are structured-cloned: functions, Promises and Symbols throw here, as in Electron.
      const cloned = structuredClone(args);
      const id = nextInvoke++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        post({ kind: 'invoke', id, channel: String(channel), args: cloned });
      });
    },
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, []);
      listeners.get(channel).push(listener);
      return ipcRenderer;
    },
    once(channel, listener) {
      const wrapped = (...args) => {
        ipcRenderer.removeListener(channel, wrapped);
        listener(...args);
      };
      return ipcRenderer.on(channel, wrapped);
    },
    removeListener(channel, listener) {
      const list = listeners.get(channel) ?? [];
      const index = list.indexOf(listener);
      if (index >= 0) list.splice(index, 1);
      return ipcRenderer;
    },
    removeAllListeners(channel) {
      listeners.delete(channel);
      return ipcRenderer;
    },
    send: notImplemented('ipcRenderer.send'),
    sendSync: notImplemented('ipcRenderer.sendSync'),
    postMessage: notImplemented('ipcRenderer.postMessage'),
    sendToHost: notImplemented('ipcRenderer.sendToHost'),
  };
  ipcRenderer.off = ipcRenderer.removeListener;
  ipcRenderer.addListener = ipcRenderer.on;

  // Node answers here (Runtime.evaluate in this world's context).
  globalThis[config.deliver] = (message) => {
    if (message.kind === 'result') {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) return;
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new Error(message.message));
    } else if (message.kind === 'event') {
      for (const listener of [...(listeners.get(message.channel) ?? [])]) listener({ sender: ipcRenderer, ports: [] }, ...message.args);
    }
  };

  // contextBridge (…/api/context-bridge): exposed functions stay here; the page gets proxies.
  const functions = new Map();
  let nextFunction = 1;
  let nextPromise = 1;
  const registerFunction = (fn) => {
    const id = nextFunction++;
    functions.set(id, fn);
    return id;
  };
  const makeCallback = (id) => (...args) => send(config.names.back, { kind: 'callback', id, args: args.map((arg) => codec.encode(arg, registerFunction)) });
  const reply = (message) => send(config.names.back, message);
  const messageOf = (error) => String((error && error.message) || error);
  document.addEventListener(config.names.call, (event) => {
    const { fnId, args } = event.detail;
    const fn = functions.get(fnId);
    if (typeof fn !== 'function') return reply({ kind: 'throw', message: 'Electron double: not an exposed function' });
    let result;
    try {
      result = fn(...args.map((arg) => codec.decode(arg, makeCallback)));
    } catch (error) {
      return reply({ kind: 'throw', message: messageOf(error) });
    }
    if (result && typeof result.then === 'function') {
      const id = nextPromise++;
      reply({ kind: 'return', value: { t: 'p', id } });
      result.then(
        (value) => reply({ kind: 'settle', id, ok: true, value: codec.encode(value, registerFunction) }),
        (error) => reply({ kind: 'settle', id, ok: false, message: messageOf(error) }),
      );
      return undefined;
    }
    return reply({ kind: 'return', value: codec.encode(result, registerFunction) });
  });
  const holdsIpcRenderer = (value, depth) =>
    value === ipcRenderer || (depth < 8 && value !== null && typeof value === 'object' && Object.values(value).some((item) => holdsIpcRenderer(item, depth + 1)));
  const contextBridge = {
    exposeInMainWorld(key, api) {
      // context-bridge docs: only with contextIsolation; ipcRenderer itself cannot cross (Electron 29+).
      if (!config.contextIsolation) throw new Error('contextBridge API can only be used when contextIsolation is enabled');
      if (holdsIpcRenderer(api, 0)) throw new Error('ipcRenderer cannot be exposed over the context bridge');
      send(config.names.expose, { key: String(key), value: codec.encode(api, registerFunction) });
    },
    exposeInIsolatedWorld: notImplemented('contextBridge.exposeInIsolatedWorld'),
  };

  // tutorial/sandbox: a sandboxed preload's require() knows 'electron' (and a few polyfills the app does not use).
  const electron = { contextBridge, ipcRenderer };
  const sandboxedRequire = (name) => {
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name}`);
  };
  const module = { exports: {} };
  runPreload(sandboxedRequire, module, module.exports);
}
