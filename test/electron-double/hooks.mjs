// Node module hooks (module.register) that answer `electron` with the Electron double.
// Runs on Node's loader thread, so it is plain JS and sees none of the test's objects:
// the modules it writes read the launch's double from a global at evaluation time.
//
// - ESM `import … from 'electron'` (main.js, electron-store): the resolve hook maps it to
//   `electron-double:<launch>`; the load hook writes a module whose named exports are
//   that launch's double (every name Electron's main process exports: the ones the double
//   does not implement throw, naming themselves, when used).
// - Every module under a launch is resolved with `?electron-double-launch=<n>`, so each
//   launch of main.js gets fresh instances of its dependencies (electron-log, electron-store
//   keep module-level state, e.g. their ipcMain listeners), as a new process would.
// - CommonJS `require('electron')` (electron-log/main): Node 20 runs a CommonJS module's
//   require() through these hooks only when the load hook supplied its source, and then
//   calls load (not resolve) for the required file: so electron-log's source is supplied,
//   and node_modules/electron/index.js is answered with a facade forwarding to the double.
import { readFile } from 'node:fs/promises';

const LAUNCH = 'electron-double-launch';
const SCHEME = 'electron-double:';
export const ELECTRON_EXPORTS = [
  'app', 'autoUpdater', 'BaseWindow', 'BrowserView', 'BrowserWindow', 'clipboard', 'ClipboardItem', 'contentTracing',
  'crashReporter', 'desktopCapturer', 'dialog', 'globalShortcut', 'ImageView', 'inAppPurchase', 'ipcMain',
  'IpcMainServiceWorker', 'Menu', 'MenuItem', 'MessageChannelMain', 'nativeImage', 'nativeTheme', 'net', 'netLog',
  'Notification', 'powerMonitor', 'powerSaveBlocker', 'protocol', 'pushNotifications', 'safeStorage', 'screen',
  'session', 'ShareMenu', 'shell', 'systemPreferences', 'TouchBar', 'Tray', 'utilityProcess', 'View', 'webContents',
  'WebContentsView', 'webFrameMain',
];
const REGISTRY = "globalThis[Symbol.for('counter-tray.electron-double')]";

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
  if (launch === undefined || !resolved.url.startsWith('file:')) return resolved;
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
    return { format: 'commonjs', source: `module.exports = ${REGISTRY}.moduleFor('current');`, shortCircuit: true };
  }
  const loaded = await next(url, context);
  if (loaded.format === 'commonjs' && loaded.source == null && url.includes('/node_modules/electron-log/')) {
    return { ...loaded, source: await readFile(new URL(url)) };
  }
  return loaded;
}
