// What evaluating main.js costs before Electron's 'ready' (part of the launch breakdown):
// dist/main/main.js imported cold in fresh Node processes with its real dependencies from
// node_modules and `electron` answered by a stand-in whose app is never ready, so only the
// import runs (main.ts's top level: logging, the scheme, the single-instance lock). CPU time,
// not wall time, so other processes on a shared machine do not inflate it.
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { median } from './stats';

// Runs in the child: module.registerHooks (in-thread) maps `electron` to the stand-in, then one import.
const EVALUATE = `
const { registerHooks } = require('node:module');
const STAND_IN = \`
const member = new Proxy(function () {}, { get: (_t, key) => (key === 'then' ? undefined : member), apply: () => member, construct: () => member });
const pending = new Promise(() => {});
export const app = new Proxy({}, { get: (_t, key) => (key === 'whenReady' ? () => pending : key === 'isPackaged' ? false : key === 'then' ? undefined : member) });
const names = ['BrowserWindow', 'dialog', 'globalShortcut', 'ipcMain', 'Menu', 'nativeImage', 'nativeTheme', 'Notification', 'powerMonitor', 'protocol', 'safeStorage', 'screen', 'session', 'shell', 'Tray', 'net', 'autoUpdater', 'systemPreferences'];
export const { BrowserWindow, dialog, globalShortcut, ipcMain, Menu, nativeImage, nativeTheme, Notification, powerMonitor, protocol, safeStorage, screen, session, shell, Tray, net, autoUpdater, systemPreferences } = Object.fromEntries(names.map((n) => [n, member]));
export default new Proxy({}, { get: (_t, key) => (key === 'app' ? app : member) });
\`;
registerHooks({
  resolve: (specifier, context, next) => (specifier === 'electron' ? { url: 'stand-in:electron', format: 'module', shortCircuit: true } : next(specifier, context)),
  load: (url, context, next) => (url === 'stand-in:electron' ? { format: 'module', source: STAND_IN, shortCircuit: true } : next(url, context)),
});
const before = process.cpuUsage();
import(process.argv[1]).then(() => {
  const used = process.cpuUsage(before);
  process.stdout.write(String((used.user + used.system) / 1000));
  process.exit(0);
}, (error) => {
  process.stderr.write(String(error && error.stack || error));
  process.exit(1);
});
`;

function coldImportMs(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', EVALUATE, pathToFileURL(file).href], { timeout: 60_000 }, (error, stdout, stderr) => {
      const cpuMs = Number(stdout);
      if (error || !Number.isFinite(cpuMs)) return reject(new Error(`main.js probe failed: ${stderr || error?.message || stdout}`));
      resolve(cpuMs);
    });
  });
}

/** Median cold-import CPU time of a built main.js (its chunks and node_modules dependencies included) over `runs` fresh processes. */
export async function mainCost(file: string, runs: number): Promise<{ cpuMs: number; samples: number[] }> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await coldImportMs(file));
  return { cpuMs: median(samples), samples };
}
