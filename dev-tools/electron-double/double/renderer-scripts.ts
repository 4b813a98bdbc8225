// Assembles the scripts a window's page runs before its own: the main-world half of the
// contextBridge and the preload world (the real preload.cjs inside the sandbox's require).
// Plain JS files, read as text: they run in Chromium, not in Node. The Node polyfills a
// sandboxed preload gets are the npm packages Electron bundles for it (its package.json and
// build/webpack/webpack.config.base.js, v45 line): events 3.3.0, buffer 6.0.3, url 0.11.4.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buildSync } from 'esbuild';
import { pinnedElectronVersion, pinnedMembers, type PinnedMembers } from './pinned-api';

const read = (name: string) => readFileSync(new URL(`../renderer/${name}`, import.meta.url), 'utf8');
const ROOT = new URL('../../../', import.meta.url).pathname;

let shared: { bridge: string; codec: string; timers: string; mainWorld: string; preloadWorld: string; polyfills: string; stubs: Record<string, PinnedMembers> } | undefined;

/** `require('name')` bundled for the browser, as a factory evaluated once, on first use (Electron loads url lazily too). */
function polyfill(name: string): string {
  const bundle = buildSync({ stdin: { contents: `module.exports = require('${name}');`, resolveDir: ROOT }, bundle: true, minify: true, format: 'iife', globalName: '__polyfill', platform: 'browser', write: false });
  const text = bundle.outputFiles[0]?.text ?? '';
  return `(() => { let loaded; return () => (loaded ??= (() => { ${text}\nreturn __polyfill; })()); })()`;
}

function sharedScripts() {
  shared ??= {
    bridge: read('bridge.js'),
    codec: read('ipc-codec.js'),
    timers: read('timers.js'),
    mainWorld: read('main-world.js'),
    preloadWorld: read('preload-world.js'),
    polyfills: `{ events: ${polyfill('events')}, buffer: ${polyfill('buffer')}, url: ${polyfill('url')} }`,
    stubs: {
      crashReporter: pinnedMembers('CrashReporter'),
      nativeImage: pinnedMembers('NativeImage', { statics: true }),
      sharedTexture: pinnedMembers('SharedTexture'),
      webFrame: pinnedMembers('WebFrame'),
      webUtils: pinnedMembers('WebUtils'),
    },
  };
  return shared;
}

export interface RendererScripts {
  /** The page's half of the bridge (main world); absent without contextIsolation, where the preload runs in the page's world. */
  mainWorld: string | undefined;
  preloadWorld: string;
  /** The CDP binding (preload world only) that carries ipcRenderer to Node. */
  binding: string;
  /** The preload world's function Node calls to answer. */
  deliver: string;
}

export interface PreloadSetup {
  preloadPath: string;
  contextIsolation: boolean;
  platform: NodeJS.Platform;
}

export function rendererScripts(preloadSource: string, setup: PreloadSetup): RendererScripts {
  const scripts = sharedScripts();
  // Event names are per window: the page cannot guess them from outside its own stub.
  const nonce = randomUUID().replaceAll('-', '');
  const names = { toPreload: `ed-to-preload-${nonce}`, toPage: `ed-to-page-${nonce}` };
  const binding = `__electronDoubleIpc_${nonce}`;
  const deliver = `__electronDoubleDeliver_${nonce}`;
  // preload_utils.cc BuildStartupData + electron_sandboxed_renderer_client.cc: the preload's process object.
  const process = { type: 'renderer', sandboxed: true, isMainFrame: true, platform: setup.platform, arch: globalThis.process.arch, versions: { electron: pinnedElectronVersion() }, env: {}, argv: [], pid: 0, execPath: '' };
  const config = JSON.stringify({ names, binding, deliver, contextIsolation: setup.contextIsolation, preloadPath: setup.preloadPath, process, stubs: scripts.stubs });
  const preloadWorld = `(() => {\n${scripts.codec}\n${scripts.bridge}\n${scripts.timers}\n${scripts.preloadWorld}\npreloadWorld(${config}, ${scripts.polyfills}, function (require, process, exports, module, Buffer, global, setImmediate, clearImmediate) {\n${preloadSource}\n});\n})();`;
  return {
    mainWorld: setup.contextIsolation ? `(() => {\n${scripts.bridge}\n${scripts.mainWorld}\nmainWorldBridge(${config});\n})();` : undefined,
    preloadWorld,
    binding,
    deliver,
  };
}
