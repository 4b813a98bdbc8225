// The Electron double keeps Electron's documented rules (/work/shared/spec/electron-rules.md;
// each rule's doc page is cited where the double enforces it). A double that accepted what
// Electron refuses would let through the bug users meet on their first launch.
import { describe, expect, it, vi } from 'vitest';
import type { BrowserContext } from '@playwright/test';
import { ElectronDouble } from './double/electron-double';
import { NotImplementedError } from './double/strict';

function double(overrides: Partial<ConstructorParameters<typeof ElectronDouble>[0]> = {}) {
  return new ElectronDouble({
    userData: '/tmp/counter-tray-rules/Counter Tray',
    argv: ['electron', '.'],
    context: () => new Promise<BrowserContext>(() => undefined), // no page needed here
    locks: new Map(),
    keyringKey: Buffer.alloc(32, 7),
    ...overrides,
  });
}

type Ctor = new (...args: unknown[]) => unknown;
const event = { type: 'frame' as const, sender: { id: 1 }, frameId: 1, processId: 1, senderFrame: { url: 'app://counter-tray/index.html', parent: null, routingId: 1 } };

describe('the Electron double keeps Electron’s rules', () => {
  it('ipcMain.handle: a second handler for a channel throws until removeHandler (ipc-main)', () => {
    const { ipcMain } = double();
    ipcMain.handle('a', async () => 1);
    expect(() => ipcMain.handle('a', async () => 2)).toThrow("Attempted to register a second handler for 'a'");
    ipcMain.removeHandler('a');
    expect(() => ipcMain.handle('a', async () => 2)).not.toThrow();
  });

  it('invoke: a handler error reaches the page only as "Error invoking remote method" (ipc-renderer)', async () => {
    const { ipcMain } = double();
    ipcMain.handle('boom', async () => {
      throw new Error('secret detail');
    });
    await expect(ipcMain.invokeFromRenderer(event, 'boom', [])).rejects.toThrow("Error invoking remote method 'boom': Error: secret detail");
    await expect(ipcMain.invokeFromRenderer(event, 'nobody', [])).rejects.toThrow("Error invoking remote method 'nobody': Error: No handler registered for 'nobody'");
  });

  it('invoke: results cross by structured clone — functions throw, class instances lose their prototype (ipc-renderer)', async () => {
    const { ipcMain } = double();
    class Point {
      constructor(readonly x: number) {}
    }
    ipcMain.handle('fn', async () => ({ run: () => 1 }));
    ipcMain.handle('point', async () => new Point(3));
    await expect(ipcMain.invokeFromRenderer(event, 'fn', [])).rejects.toThrow("Error invoking remote method 'fn': Error: An object could not be cloned.");
    const point = await ipcMain.invokeFromRenderer(event, 'point', []);
    expect(point).toEqual({ x: 3 });
    expect(point).not.toBeInstanceOf(Point);
  });

  it('protocol: registerSchemesAsPrivileged before ready and once; handle after ready (protocol)', () => {
    const early = double();
    expect(() => early.protocol.handle('app', () => new Response(''))).toThrow("The 'protocol' module can't be used before the app 'ready' event");
    early.protocol.registerSchemesAsPrivileged([{ scheme: 'app' }]);
    expect(() => early.protocol.registerSchemesAsPrivileged([{ scheme: 'app' }])).toThrow(/only once/);
    early.app.emitReady();
    expect(() => early.protocol.handle('app', () => new Response(''))).not.toThrow();
    const late = double();
    late.app.emitReady();
    expect(() => late.protocol.registerSchemesAsPrivileged([{ scheme: 'app' }])).toThrow(/before app is ready/);
  });

  it('BrowserWindow, Tray, globalShortcut, screen and powerMonitor refuse use before ready (browser-window, tray, global-shortcut, screen, power-monitor)', () => {
    const { module, app } = double();
    const image = (module.nativeImage as { createFromBitmap(b: Buffer, o: object): unknown }).createFromBitmap(Buffer.alloc(4), { width: 1, height: 1 });
    expect(() => new (module.BrowserWindow as Ctor)({})).toThrow("BrowserWindow can't be used before the app 'ready' event");
    expect(() => new (module.Tray as Ctor)(image)).toThrow("Tray can't be used before the app 'ready' event");
    expect(() => (module.globalShortcut as { register(a: string, f: () => void): boolean }).register('Ctrl+K', () => undefined)).toThrow(/globalShortcut/);
    expect(() => (module.screen as { getPrimaryDisplay(): unknown }).getPrimaryDisplay()).toThrow(/screen/);
    expect(() => (module.powerMonitor as { on(e: string, f: () => void): unknown }).on('resume', () => undefined)).toThrow(/powerMonitor/);
    app.emitReady();
    expect(() => new (module.Tray as Ctor)(image)).not.toThrow();
  });

  it('safeStorage: unavailable before ready on Linux; real ciphertext after; the deprecated sync API is recorded (safe-storage)', async () => {
    const { safeStorage, app } = double();
    expect(safeStorage.isEncryptionAvailable()).toBe(false);
    expect(await safeStorage.isAsyncEncryptionAvailable()).toBe(false);
    expect(safeStorage.getSelectedStorageBackend()).toBe('unknown');
    expect(() => safeStorage.encryptString('x')).toThrow(/not available/);
    app.emitReady();
    const encrypted = await safeStorage.encryptStringAsync('my-token');
    expect(encrypted.toString('latin1')).not.toContain('my-token');
    expect((await safeStorage.decryptStringAsync(encrypted)).result).toBe('my-token');
    expect(safeStorage.deprecatedCalls, 'the async API is not the deprecated one').toEqual(['isEncryptionAvailable', 'encryptString']);
    safeStorage.decryptString(encrypted);
    expect(safeStorage.deprecatedCalls).toEqual(['isEncryptionAvailable', 'encryptString', 'decryptString']);
    expect(double({ storageBackend: 'basic_text' }).safeStorage.getSelectedStorageBackend()).toBe('unknown');
  });

  it('a destroyed window and its webContents throw "Object has been destroyed" (web-contents)', () => {
    const electron = double();
    electron.app.emitReady();
    const window = new (electron.module.BrowserWindow as new (o: object) => { destroy(): void; show(): void; isDestroyed(): boolean; webContents: { send(c: string): void; isDestroyed(): boolean } })({ show: false });
    window.destroy();
    expect(window.isDestroyed()).toBe(true);
    expect(window.webContents.isDestroyed()).toBe(true);
    expect(() => window.show()).toThrow('Object has been destroyed');
    expect(() => window.webContents.send('state:delta')).toThrow('Object has been destroyed');
  });

  it('webContents.send clones its arguments: a function throws (web-contents)', () => {
    const electron = double();
    electron.app.emitReady();
    const window = new (electron.module.BrowserWindow as new (o: object) => { webContents: { send(c: string, v: unknown): void } })({ show: false });
    expect(() => window.webContents.send('x', { f: () => 1 })).toThrow();
  });

  it('single instance: the second launch gets false and the first gets second-instance with its argv (app)', async () => {
    const locks = new Map();
    const first = double({ locks, argv: ['electron', '.'] });
    const second = double({ locks, argv: ['electron', '.', '--increment', 'Coffees'] });
    const heard = new Promise<unknown[]>((resolve) => first.app.once('second-instance', (_event, argv: unknown[]) => resolve(argv)));
    expect(first.app.requestSingleInstanceLock()).toBe(true);
    expect(second.app.requestSingleInstanceLock()).toBe(false);
    expect(await heard).toEqual(['electron', '.', '--increment', 'Coffees']);
  });

  it('quit: before-quit → will-quit → quit, and preventDefault in before-quit cancels (app)', async () => {
    const { app } = double();
    app.emitReady();
    const order: string[] = [];
    let cancel = true;
    app.on('before-quit', (e: { preventDefault(): void }) => {
      order.push('before-quit');
      if (cancel) e.preventDefault();
    });
    app.on('will-quit', () => order.push('will-quit'));
    app.on('quit', () => order.push('quit'));
    app.quit();
    expect(order).toEqual(['before-quit']);
    expect(app.exitCode).toBeUndefined();
    cancel = false;
    app.quit();
    expect(order).toEqual(['before-quit', 'before-quit', 'will-quit', 'quit']);
    expect(await app.exited).toBe(0);
  });

  it('globalShortcut.register returns false for an accelerator another app holds (global-shortcut)', () => {
    const electron = double({ takenAccelerators: ['Ctrl+Shift+K'] });
    electron.app.emitReady();
    const callback = vi.fn();
    expect(electron.globalShortcut.register('Ctrl+Shift+K', callback)).toBe(false);
    expect(electron.globalShortcut.register('Ctrl+Shift+J', callback)).toBe(true);
    electron.globalShortcut.press('Ctrl+Shift+J');
    expect(callback).toHaveBeenCalledTimes(1);
    expect(() => electron.globalShortcut.press('Ctrl+Shift+K')).toThrow(/no global shortcut/);
  });

  it('dialog: a box the test expected gets its answer; any other fails loudly and is recorded', async () => {
    const { dialog } = double();
    dialog.expect({ match: /plain http/, click: 'Connect anyway' });
    await expect(dialog.showMessageBox({ message: 'Use plain http?', detail: 'The server uses plain http.', buttons: ['Cancel', 'Connect anyway'] })).resolves.toEqual({ response: 1, checkboxChecked: false });
    await expect(dialog.showMessageBox({}, { message: 'Store the token weakly?', buttons: ['No', 'Yes'] })).rejects.toThrow(/unexpected dialog "Store the token weakly\?"/);
    expect(dialog.unexpected).toEqual(['Store the token weakly?']);
  });

  it('shell.openExternal: records an absolute URL and resolves; anything else rejects (shell)', async () => {
    const { shell } = double();
    await expect(shell.openExternal('https://counttogether.app/settings/tokens')).resolves.toBeUndefined();
    await expect(shell.openExternal('/settings/tokens')).rejects.toThrow(/absolute URL/);
    await expect(shell.openExternal(42)).rejects.toThrow(/conversion failure/);
    expect(shell.opened).toEqual(['https://counttogether.app/settings/tokens']);
  });

  it('an Electron API the double does not model throws, naming it — never a silent undefined', () => {
    const { module } = double();
    expect(() => (module.clipboard as { writeText(t: string): unknown }).writeText('x')).toThrow(NotImplementedError);
    expect(() => (module.clipboard as { writeText(t: string): unknown }).writeText('x')).toThrow(/electron\.clipboard/);
    // shell models openExternal only (main.ts's one call): the rest of shell still throws.
    expect(() => (module.shell as { showItemInFolder(p: string): unknown }).showItemInFolder('/tmp')).toThrow(/shell\.showItemInFolder is not implemented/);
    expect(() => (module.app as { getGPUInfo(): unknown }).getGPUInfo()).toThrow(/app\.getGPUInfo is not implemented/);
    expect(() => new (module.BrowserView as Ctor)()).toThrow(/electron\.BrowserView/);
  });
});
