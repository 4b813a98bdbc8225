/* global window, bridgeEndpoint, ipcCodec, timersModule */
/* The preload's world, after Electron's sandboxed renderer (lib/sandboxed_renderer/init.ts and
 * preload.ts, v45 line): the real dist/main/preload.cjs runs as a function of
 * (require, process, exports, module, Buffer, global, setImmediate, clearImmediate), its
 * require() knowing electron, events, timers and url. With contextIsolation (the default) this
 * is an isolated world of the page (its own globals, the same DOM); without it, the page's own
 * world. ipcRenderer reaches Node through a CDP binding that exists in this world only. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the script Node assembles
function preloadWorld(config, polyfills, runPreload) {
  // A preload runs in the main frame only while nodeIntegrationInSubFrames is off (…/api/structures/web-preferences).
  if (window.top !== window) return;
  const binding = globalThis[config.binding];
  delete globalThis[config.binding];
  const wire = ipcCodec();
  const post = (message) => binding(JSON.stringify(message));
  const loud = (name) =>
    function notModelled() {
      throw new Error(`Electron double: ${name} is not modelled in the preload`);
    };
  const events = polyfills.events();
  const timers = timersModule();

  // lib/renderer/api/ipc-renderer.ts: a class instance, so its methods live on the prototype.
  const pending = new Map();
  let nextInvoke = 1;
  const channelOf = (channel) => {
    // The binding converts the channel to std::string: anything else is a conversion failure.
    if (typeof channel !== 'string') throw new TypeError('Error processing argument at index 1, conversion failure from ');
    return channel;
  };
  class IpcRenderer extends events.EventEmitter {
    send(channel, ...args) {
      post({ kind: 'send', channel: channelOf(channel), args: wire.serialize(args) });
    }

    sendSync(channel) {
      // A CDP binding cannot block the page for main's answer.
      throw new Error(`Electron double: ipcRenderer.sendSync('${String(channel)}') is not modelled (synchronous IPC cannot be doubled over CDP)`);
    }

    sendToHost() {
      return loud('ipcRenderer.sendToHost')();
    }

    async invoke(channel, ...args) {
      const id = nextInvoke++;
      const answer = new Promise((resolve) => pending.set(id, resolve));
      // Serialized inside the async function: a clone failure rejects, as in Electron.
      post({ kind: 'invoke', id, channel: channelOf(channel), args: wire.serialize(args) });
      const { error, result } = await answer;
      if (error) throw new Error(`Error invoking remote method '${channel}': ${error}`);
      return result;
    }

    postMessage() {
      return loud('ipcRenderer.postMessage')();
    }
  }
  const ipcRenderer = new IpcRenderer();

  // Node answers here (Runtime.evaluate in this world's context). lib/renderer/ipc-native-setup.ts: listeners get ({ sender, ports }, ...args).
  globalThis[config.deliver] = (message) => {
    if (message.kind === 'result') {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      if (resolve) resolve(message.error === undefined ? { result: wire.decode(message.result) } : { error: message.error });
    } else if (message.kind === 'event') {
      ipcRenderer.emit(message.channel, { sender: ipcRenderer, ports: [] }, ...wire.decode(message.args));
    }
  };

  // lib/renderer/api/context-bridge.ts
  const bridge = config.contextIsolation ? bridgeEndpoint({ out: config.names.toPage, in: config.names.toPreload }, { bindsToWindow: false }) : undefined;
  const checkContextIsolationEnabled = () => {
    if (!config.contextIsolation) throw new Error('contextBridge API can only be used when contextIsolation is enabled');
  };
  const contextBridge = {
    exposeInMainWorld: (key, api) => {
      checkContextIsolationEnabled();
      return bridge.expose(String(key), api);
    },
    exposeInIsolatedWorld: (worldId, key, api) => {
      checkContextIsolationEnabled();
      return loud('contextBridge.exposeInIsolatedWorld')(worldId, key, api);
    },
    executeInMainWorld: (script) => {
      checkContextIsolationEnabled();
      return loud('contextBridge.executeInMainWorld')(script);
    },
  };

  // lib/sandboxed_renderer/api/module-list.ts: the modules the double does not model fail loudly when used.
  const stub = (name) => {
    const members = config.stubs[name];
    const module = {};
    for (const method of members.methods) module[method] = loud(`electron.${name}.${method}`);
    for (const property of members.properties) Object.defineProperty(module, property, { get: loud(`electron.${name}.${property}`), enumerable: false });
    return module;
  };
  const electron = {};
  const modules = { contextBridge: () => contextBridge, crashReporter: () => stub('crashReporter'), ipcRenderer: () => ipcRenderer, nativeImage: () => stub('nativeImage'), sharedTexture: () => stub('sharedTexture'), webFrame: () => stub('webFrame'), webUtils: () => stub('webUtils') };
  for (const [name, load] of Object.entries(modules)) {
    let loaded;
    Object.defineProperty(electron, name, { enumerable: true, get: () => (loaded ??= load()) });
  }

  // lib/sandboxed_renderer/init.ts: loadedModules, loadableModules, and preload.ts preloadRequire.
  const loadedModules = new Map([
    ['electron', electron],
    ['electron/common', electron],
    ['electron/renderer', electron],
    ['events', events],
    ['node:events', events],
  ]);
  const loadableModules = new Map([
    ['timers', () => timers],
    ['node:timers', () => timers],
    ['url', polyfills.url],
    ['node:url', polyfills.url],
  ]);
  const preloadRequire = (module) => {
    if (loadedModules.has(module)) return loadedModules.get(module);
    if (loadableModules.has(module)) {
      const loaded = loadableModules.get(module)();
      loadedModules.set(module, loaded);
      return loaded;
    }
    throw new Error(`module not found: ${module}`);
  };

  // preload.ts createPreloadProcessObject + init.ts: an EventEmitter carrying the startup data.
  const preloadProcess = new events.EventEmitter();
  preloadProcess.getProcessMemoryInfo = loud('process.getProcessMemoryInfo');
  Object.assign(preloadProcess, config.process, { contextIsolated: config.contextIsolation, uptime: () => performance.now() / 1000 });

  // preload.ts executeSandboxedPreloadScripts: an error is logged and reported to main as 'preload-error'.
  const exports = {};
  try {
    runPreload(preloadRequire, preloadProcess, exports, { exports }, polyfills.buffer().Buffer, globalThis, timers.setImmediate, timers.clearImmediate);
  } catch (error) {
    console.error(`Unable to load preload script: ${config.preloadPath}`);
    console.error(error);
    post({ kind: 'preload-error', path: config.preloadPath, message: String((error && error.message) || error) });
  }
}
