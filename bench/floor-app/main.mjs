// The boot bench's floor: the emptiest app the Electron double can boot. One blank
// sandboxed window, its page served by a protocol handler as Counter Tray's is, and
// nothing else: what any Electron app pays under the double before its own code does
// anything, measured in the same run so the app's own cost is a ratio (bench/README.md).
import { app, BrowserWindow, protocol } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const BLANK = '<!doctype html><html><head><meta charset="utf-8"><title>Floor</title></head><body></body></html>';

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

void app.whenReady().then(() => {
  protocol.handle('app', () => new Response(BLANK, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
  // An empty preload: Electron sets up a sandboxed renderer's world (ipcRenderer, contextBridge)
  // whether or not the app brings a preload; the double models that setup only around one.
  const window = new BrowserWindow({
    width: 360,
    height: 520,
    show: false,
    webPreferences: { preload: join(here, 'preload.cjs'), sandbox: true, contextIsolation: true, nodeIntegration: false },
  });
  void window.loadURL('app://floor/index.html');
});
