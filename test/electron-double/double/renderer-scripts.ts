// Assembles the two scripts a window's page runs before its own: the main-world half of
// the contextBridge and the preload world (the real preload.cjs inside the sandbox's
// require). Plain JS files, read as text: they run in Chromium, not in Node.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

const read = (name: string) => readFileSync(new URL(`../renderer/${name}`, import.meta.url), 'utf8');
const codec = read('codec.js');
const mainWorld = read('main-world.js');
const preloadWorld = read('preload-world.js');

export interface WorldNames {
  call: string;
  back: string;
  expose: string;
}

export interface RendererScripts {
  mainWorld: string;
  preloadWorld: string;
  /** The CDP binding (preload world only) that carries ipcRenderer to Node. */
  binding: string;
  /** The preload world's function Node calls to answer. */
  deliver: string;
}

export function rendererScripts(preloadSource: string, options: { contextIsolation: boolean }): RendererScripts {
  // Event names are per window: the page cannot guess them from outside its own stub.
  const nonce = randomUUID().replaceAll('-', '');
  const names: WorldNames = { call: `ed-call-${nonce}`, back: `ed-back-${nonce}`, expose: `ed-expose-${nonce}` };
  const binding = `__electronDoubleIpc_${nonce}`;
  const deliver = `__electronDoubleDeliver_${nonce}`;
  const config = JSON.stringify({ names, binding, deliver, contextIsolation: options.contextIsolation });
  return {
    mainWorld: `(() => {\n${codec}\n${mainWorld}\nmainWorldBridge(${config});\n})();`,
    preloadWorld: `(() => {\n${codec}\n${preloadWorld}\npreloadWorld(${config}, function (require, module, exports) {\n${preloadSource}\n});\n})();`,
    binding,
    deliver,
  };
}
