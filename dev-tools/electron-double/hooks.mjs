// Node module hooks (module.register) that answer `electron` with the Electron double.
// Runs on Node's loader thread, so it is plain JS and sees none of the test's objects:
// the modules it writes read the launch's double from a global at evaluation time.
//
// - ESM `import … from 'electron'` (main.js): the resolve hook maps it to
//   `electron-double:<launch>`; the load hook writes a module whose named exports are
//   that launch's double (every name Electron's main process exports: the ones the double
//   does not implement throw, naming themselves, when used).
// - The modules that hold Electron objects (main.js's own code, electron-log)
//   are resolved with `?electron-double-launch=<n>`, so each launch gets fresh instances bound
//   to its own double (electron-log registers ipcMain listeners at import),
//   as a new process would. Other packages (ws, zod) are shared: re-evaluating them per
//   launch would only pile up their process-wide listeners (signal-exit).
// - CommonJS `require('electron')` (electron-log/main, electron-updater): Node (20 and 24) runs a CommonJS
//   module's require() through these hooks only when the load hook supplied its source, and then
//   calls load (not resolve) for the required file: so their sources are supplied,
//   and node_modules/electron/index.js is answered with a facade forwarding to the launch
//   current when a property is read (the one being evaluated, then the running primary).
import { readFile } from 'node:fs/promises';

const LAUNCH = 'electron-double-launch';
const SCHEME = 'electron-double:';
// lib/browser/api/module-list.ts and lib/common/api/module-list.ts (v45 line).
export const ELECTRON_EXPORTS = [
  'app', 'autoUpdater', 'BaseWindow', 'BrowserView', 'BrowserWindow', 'clipboard', 'ClipboardItem', 'contentTracing',
  'crashReporter', 'desktopCapturer', 'dialog', 'globalShortcut', 'ImageView', 'inAppPurchase', 'ipcMain',
  'IpcMainServiceWorker', 'Menu', 'MenuItem', 'MessageChannelMain', 'nativeImage', 'nativeTheme', 'net', 'netLog',
  'Notification', 'powerMonitor', 'powerSaveBlocker', 'protocol', 'pushNotifications', 'safeStorage', 'screen',
  'ServiceWorkerMain', 'session', 'sharedTexture', 'ShareMenu', 'shell', 'systemPreferences', 'TouchBar', 'Tray',
  'utilityProcess', 'View', 'webContents', 'WebContentsView', 'webFrameMain',
];
const REGISTRY = "globalThis[Symbol.for('counter-tray.electron-double')]";

const PER_LAUNCH_PACKAGES = ['/node_modules/electron-log/'];
// CommonJS packages whose require('electron') must reach the double. electron-updater is shared
// across launches (the app builds a new updater per launch; its electron calls go to the launch current).
const SOURCE_SUPPLIED = ['/node_modules/electron-log/', '/node_modules/electron-updater/'];
const perLaunch = (url) => !url.includes('/node_modules/') || PER_LAUNCH_PACKAGES.some((dir) => url.includes(dir));

function launchOf(url) {
  if (!url) return undefined;
  try {
    return new URL(url).searchParams.get(LAUNCH) ?? undefined;
  } catch {
    return undefined;
  }
}

export async function resolve(specifier, context, next) {
  const launch = launchOf(context.parentURL);
  if (specifier === 'electron' || specifier === 'electron/main') {
    return { url: `${SCHEME}${launch ?? 'current'}`, shortCircuit: true };
  }
  const resolved = await next(specifier, context);
  if (launch === undefined || !resolved.url.startsWith('file:') || !perLaunch(resolved.url)) return resolved;
  const url = new URL(resolved.url);
  url.searchParams.set(LAUNCH, launch);
  return { ...resolved, url: url.href };
}

export async function load(url, context, next) {
  if (url.startsWith(SCHEME)) {
    const launch = JSON.stringify(url.slice(SCHEME.length));
    const lines = [`const electron = ${REGISTRY}.moduleFor(${launch});`, 'export default electron;'];
    for (const name of ELECTRON_EXPORTS) lines.push(`export const ${name} = electron.${name};`);
    return { format: 'module', source: lines.join('\n'), shortCircuit: true };
  }
  if (/\/node_modules\/electron\/index\.js(\?|$)/.test(url)) {
    // Node's loader keeps this module across launches: forward each property to the launch current at use.
    const source = `module.exports = new Proxy({}, { get: (_target, name) => ${REGISTRY}.moduleFor('current')[name] });`;
    return { format: 'commonjs', source, shortCircuit: true };
  }
  const loaded = await next(url, context);
  if (loaded.format === 'commonjs' && loaded.source == null && SOURCE_SUPPLIED.some((dir) => url.includes(dir))) {
    return { ...loaded, source: await readFile(new URL(url)) };
  }
  return loaded;
}
