// The bridge between the loader hooks (hooks.mjs, on Node's loader thread) and the
// launches the test owns: the module a hook writes reads `moduleFor(launch)` from this
// global when main.js (or a dependency) is evaluated.
export type ElectronModule = Record<string, unknown>;

interface Registry {
  moduleFor(key: string): ElectronModule;
}

const KEY = Symbol.for('counter-tray.electron-double');
const launches = new Map<string, ElectronModule>();
let current: string | undefined;

function moduleFor(key: string): ElectronModule {
  const id = key === 'current' ? current : key;
  const found = id === undefined ? undefined : launches.get(id);
  if (!found) throw new Error(`Electron double: no launch ${key} (was main.js imported outside bootApp?)`);
  return found;
}

(globalThis as unknown as Record<symbol, Registry>)[KEY] = { moduleFor };

export function addLaunch(id: string, module: ElectronModule): void {
  launches.set(id, module);
}

/**
 * The launch that CommonJS dependencies (electron-log) see: Node (20 and 24) gives their
 * require('electron') no parent to tell launches apart, so it is the launch being
 * evaluated, then the one holding the single-instance lock.
 */
export function setCurrentLaunch(id: string | undefined): void {
  current = id;
}
