// The security scan (scripts/security-scan.mjs, run by `npm test` on the real
// build) must fail an insecure app and pass a hardened one. Both are small built-like
// trees written here, so the scan's verdicts are checked independently of today's build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function distWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'counter-tray-scan-test-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function scan(dist: string, withElectronegativity: boolean) {
  const args = ['scripts/security-scan.mjs', '--dist', dist, ...(withElectronegativity ? [] : ['--skip-electronegativity'])];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const STRICT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'none'; base-uri 'none'; form-action 'none'";

// Shaped like our build: options from popupWindowOptions() through an injected factory.
const hardened = {
  'main/main.js': `import { app, BrowserWindow, session } from 'electron';
const PRODUCTION_CSP = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'"].join("; ");
function popupWindowOptions(preloadPath) {
  return { show: false, webPreferences: { preload: preloadPath, contextIsolation: true, sandbox: true, nodeIntegration: false } };
}
function hardenSession(session2) {
  session2.setPermissionRequestHandler((_c, _p, callback) => callback(false));
  session2.setPermissionCheckHandler(() => false);
}
function createPopup(deps) { return deps.createWindow(deps.windowOptions); }
app.whenReady().then(() => {
  hardenSession(session.defaultSession);
  const win = createPopup({ createWindow: (options) => new BrowserWindow(options), windowOptions: popupWindowOptions('preload.cjs') });
  win.webContents.setWindowOpenHandler(() => ({ action: "deny" }));
  win.webContents.on("will-navigate", (event) => event.preventDefault());
  win.webContents.on("will-attach-webview", (event) => event.preventDefault());
  win.loadURL('app://counter-tray/index.html');
});
`,
  'main/preload.cjs': `"use strict";
const INVOKE_CHANNELS = { "state:get": true };
var { contextBridge, ipcRenderer } = require("electron");
contextBridge.exposeInMainWorld("counterTray", Object.freeze({
  invoke(channel, request) { if (!Object.hasOwn(INVOKE_CHANNELS, channel)) return Promise.resolve({ ok: false }); return ipcRenderer.invoke(channel, request); },
}));
`,
  'renderer/index.html': `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${STRICT_CSP}" /><script type="module" src="./assets/index.js"></script></head><body></body></html>`,
  'renderer/assets/index.js': 'window.counterTray.invoke("state:get", {});\n',
};

const insecure = {
  'main/main.js': `const { app, BrowserWindow } = require('electron');
app.whenReady().then(() => {
  const win = new BrowserWindow({ webPreferences: { preload: 'preload.cjs', nodeIntegration: true, contextIsolation: false, webSecurity: false } });
  win.webContents.setWindowOpenHandler(() => ({ action: 'allow' }));
  win.loadURL('http://example.com');
});
`,
  'main/preload.cjs': `const { contextBridge, ipcRenderer } = require('electron');
const fs = require('fs');
contextBridge.exposeInMainWorld('ipc', ipcRenderer);
`,
  'renderer/index.html': '<!doctype html><html><head><script>window.x = 1</script><script src="https://cdn.example.com/lib.js"></script></head><body></body></html>',
};

describe('security scan', () => {
  it('fails an insecure app, naming each problem (own checks)', () => {
    const { status, output } = scan(distWith(insecure), false);
    expect(status).toBe(1);
    for (const expected of ['nodeIntegration: true', 'contextIsolation: false', 'webSecurity: false', 'allows new windows', 'will-navigate is not prevented', 'no setPermissionRequestHandler', 'may require only electron', 'exposed as is', 'no CSP meta tag', 'an inline script', 'a remote script']) {
      expect(output).toContain(expected);
    }
  });

  it('passes a hardened app (own checks)', () => {
    const { status, output } = scan(distWith(hardened), false);
    expect(output).toContain('failing: 0');
    expect(status).toBe(0);
  });

  it('refuses a weak CSP', () => {
    const weak = { ...hardened, 'renderer/index.html': hardened['renderer/index.html'].replace(STRICT_CSP, "default-src 'self'; script-src 'self' 'unsafe-inline' https:") };
    const { status, output } = scan(distWith(weak), false);
    expect(status).toBe(1);
    expect(output).toContain("script-src allows 'unsafe-inline'");
    expect(output).toContain('script-src allows https:');
  });

  it('runs Electronegativity offline and fails on what it finds in an insecure app', () => {
    const { status, output } = scan(distWith(insecure), true);
    expect(status).toBe(1);
    expect(output).toMatch(/\[electronegativity\] HIGH CONTEXT_ISOLATION_JS_CHECK[^\n]*\n\s+→ FAIL/);
    expect(output).toMatch(/electronegativity ran \d+ checks/);
  }, 60_000);

  it('accepts shell.openExternal only through publicWebPage(), and only while it checks the origin', () => {
    const guard = `const PUBLIC_WEB_ORIGIN = "https://counttogether.app";
function publicWebPage(path) {
  const url = new URL(path, PUBLIC_WEB_ORIGIN);
  if (url.origin !== PUBLIC_WEB_ORIGIN) throw new Error("no");
  return url.toString();
}
`;
    const withCall = (call: string, fn = guard) => ({ ...hardened, 'main/main.js': `${hardened['main/main.js']}${fn}export const open = (path, shell) => ${call};\n` });
    const raw = scan(distWith(withCall('shell.openExternal(path)')), false);
    expect(raw.status).toBe(1);
    expect(raw.output).toContain('shell.openExternal with path');
    expect(scan(distWith(withCall('shell.openExternal(publicWebPage(path))')), false).status).toBe(0);
    const unchecked = guard.replace('  if (url.origin !== PUBLIC_WEB_ORIGIN) throw new Error("no");\n', '');
    expect(scan(distWith(withCall('shell.openExternal(publicWebPage(path))', unchecked)), false).status).toBe(1);
  });
});

describe('security scan of the chunks main loads later', () => {
  // main.js loads the updater, the export and the demo by import() from dist/main/chunks: their code is main's too.
  const withChunk = (text: string) => ({ ...hardened, 'main/main.js': `${hardened['main/main.js']}export const later = () => import("./chunks/later-X1.js");\n`, 'main/chunks/later-X1.js': text });

  it('passes a clean chunk', () => {
    const { status, output } = scan(distWith(withChunk('export const sum = (a, b) => a + b;\n')), false);
    expect(output).toContain('failing: 0');
    expect(status).toBe(0);
  });

  it.each([
    ['an insecure window option', 'export const prefs = { nodeIntegration: true };\n', 'insecure option: nodeIntegration: true'],
    ['an unguarded openExternal', 'export const open = (shell, url) => shell.openExternal(url);\n', 'shell.openExternal with url'],
    ['a window built from other options', 'import { BrowserWindow } from "electron";\nexport const open = () => new BrowserWindow({ width: 1 });\n', 'options that do not come from popupWindowOptions()'],
    ['synchronous IPC', 'export const ask = (ipc) => ipc.sendSync("x");\n', 'synchronous IPC'],
  ])('fails %s in a chunk', (_name, text, expected) => {
    const { status, output } = scan(distWith(withChunk(text)), false);
    expect(output).toContain(expected);
    expect(status).toBe(1);
  });
});

// The waivers for what Electronegativity cannot follow hold only while the AST
// check of the real main.js passes. The real main and preload are built here (esbuild, as
// scripts/build.mjs does); each weakened copy must fail the scan, the untouched one pass.
describe('structure of the real build', () => {
  let real: { main: string; chunks: Record<string, string>; preload: string } = { main: '', chunks: {}, preload: '' };

  beforeAll(async () => {
    const { build } = await import('esbuild');
    const { mainOptions, preloadOptions, MAIN_CHUNKS } = await import('../../scripts/build-options.mjs');
    const out = mkdtempSync(join(tmpdir(), 'counter-tray-scan-build-'));
    roots.push(out);
    // The project's own options (splitting, zod bundled), but readable: the weakenings below edit main.js's text.
    await build({ ...mainOptions(true, out), minifyWhitespace: false, logLevel: 'warning' });
    await build({ ...preloadOptions(true, join(out, 'preload.cjs')), minifyWhitespace: false, minifySyntax: false, logLevel: 'warning' });
    const chunks = Object.fromEntries(readdirSync(join(out, MAIN_CHUNKS)).map((file) => [`main/${MAIN_CHUNKS}/${file}`, readFileSync(join(out, MAIN_CHUNKS, file), 'utf8')]));
    real = { main: readFileSync(join(out, 'main.js'), 'utf8'), chunks, preload: readFileSync(join(out, 'preload.cjs'), 'utf8') };
  }, 60_000);

  const withMain = (main: string) => distWith({ 'main/main.js': main, ...real.chunks, 'main/preload.cjs': real.preload, 'renderer/index.html': hardened['renderer/index.html'], 'renderer/assets/index.js': hardened['renderer/assets/index.js'] });
  /** Changes `from` to `to` inside popupWindowOptions only, so no other literal can hide it. */
  const inWindowOptions = (from: RegExp, to: string) => (main: string) => {
    const start = main.indexOf('function popupWindowOptions(');
    const end = main.indexOf('\nfunction ', start + 1);
    expect(start).toBeGreaterThan(-1);
    const changed = main.slice(start, end).replace(from, to);
    expect(changed).not.toBe(main.slice(start, end));
    return main.slice(0, start) + changed + main.slice(end);
  };
  const replaceOnce = (from: string, to: string) => (main: string) => {
    expect(main).toContain(from);
    return main.replace(from, to);
  };

  it('passes the real main.js, with Electronegativity, every waiver backed by the AST check', () => {
    const { status, output } = scan(withMain(real.main), true);
    expect(output).toContain('failing: 0');
    expect(output).toMatch(/SANDBOX_JS_CHECK[^\n]*\n\s+→ accepted: [^\n]*AST check/);
    expect(output).toMatch(/PROTOCOL_HANDLER_JS_CHECK[^\n]*\n\s+→ accepted: main registers one scheme/);
    expect(status).toBe(0);
  }, 60_000);

  it('negative control: the links waiver goes when main would register another scheme (https) with the OS', () => {
    const { status, output } = scan(withMain(replaceOnce('LINK_SCHEME = "counter-tray"', 'LINK_SCHEME = "https"')(real.main)), true);
    expect(output).toMatch(/PROTOCOL_HANDLER_JS_CHECK[^\n]*\n\s+→ FAIL/);
    expect(status).toBe(1);
  }, 60_000);

  it.each([
    ['popupWindowOptions loses sandbox', inWindowOptions(/\s*sandbox: true,/, ''), 'webPreferences.sandbox is not the literal true'],
    ['popupWindowOptions loses contextIsolation', inWindowOptions(/\s*contextIsolation: true,/, ''), 'webPreferences.contextIsolation is not the literal true'],
    ['popupWindowOptions gains nodeIntegration', inWindowOptions(/nodeIntegration: false/, 'nodeIntegration: !0'), 'webPreferences.nodeIntegration is not the literal false'],
    ['webPreferences spread from elsewhere', inWindowOptions(/webPreferences: \{/, 'webPreferences: { ...globalThis.prefs,'), 'spreads another object'],
    ['the permission handler grants everything', replaceOnce('callback(false)', 'callback(true)'), 'permission request handler may call back something other than false'],
    ['the permission check handler grants everything', replaceOnce('setPermissionCheckHandler(() => false)', 'setPermissionCheckHandler(() => true)'), 'permission check handler may answer something other than false'],
    ['window.open allowed for some URLs', replaceOnce('return { action: "deny" };', 'return url.startsWith("https:") ? { action: "allow" } : { action: "deny" };'), 'window open handler may answer'],
    ['a window built from other options', replaceOnce('createWindow: (options) => new BrowserWindow(options)', 'createWindow: (options) => new BrowserWindow({ ...options, webPreferences: {} })'), 'do not come from popupWindowOptions'],
  ])('negative control: fails when %s', (_label, weaken, expected) => {
    const { status, output } = scan(withMain(weaken(real.main)), false);
    expect(output).toContain(expected);
    expect(status).toBe(1);
  });
});
