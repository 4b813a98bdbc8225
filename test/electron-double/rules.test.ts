// The Electron double keeps Electron 45's rules (its documentation and source are the
// floor; dev-tools/electron-double/README.md lists every call the app makes). Each rule is shown
// as the double refusing what Electron refuses, in Electron's words where it has them; the
// double's modules cite the doc page or source line they follow. A double that accepted what
// Electron refuses would let through the bug users meet on their first launch.
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { double, mainView, PageRules, TEST_PAGE, type Ctor } from './rules-harness';
import { NotImplementedError } from '../../dev-tools/electron-double/double/strict';
import { accentColorSource } from '../../src-main/electron/accent-color';

const bitmap = (electron: ReturnType<typeof double>) => mainView(electron, 'nativeImage').createFromBitmap(Buffer.alloc(4), { width: 1, height: 1 });
const pages = new PageRules();
beforeAll(() => pages.start(), 60_000);
afterAll(() => pages.stop());

// A preload that reports what a sandboxed preload can reach, and lends the page what the rules below probe.
const PROBING_PRELOAD = `
const { contextBridge, ipcRenderer } = require('electron');
const attempt = (act) => { try { return act(); } catch (error) { return 'threw: ' + error.message; } };
const requires = {};
for (const name of ['electron', 'events', 'node:events', 'timers', 'node:timers', 'url', 'node:url', 'fs', 'path', './other.js']) requires[name] = attempt(() => typeof require(name));
const electron = require('electron');
contextBridge.exposeInMainWorld('probe', {
  requires,
  globals: { Buffer: typeof Buffer, process: typeof process, setImmediate: typeof setImmediate, clearImmediate: typeof clearImmediate, global: global === globalThis },
  process: { type: process.type, sandboxed: process.sandboxed, contextIsolated: process.contextIsolated, emitter: typeof process.on },
  working: {
    buffer: Buffer.from('hi').toString('base64'),
    url: require('url').parse('https://example.com/a?b=1').pathname,
    events: typeof new (require('events').EventEmitter)().emit,
    timers: typeof require('timers').setTimeout(() => undefined, 1).unref,
  },
  electronKeys: Object.keys(electron),
  unmodelled: ['webFrame.setZoomFactor', 'crashReporter.start', 'nativeImage.createEmpty', 'webUtils.getPathForFile', 'sharedTexture.importSharedTexture', 'webFrame.routingId'].map((path) => {
    const [module, member] = path.split('.');
    return attempt(() => { const value = electron[module][member]; return typeof value === 'function' ? value() : value; });
  }),
});
contextBridge.exposeInMainWorld('bridge', {
  invoke: (...args) => ipcRenderer.invoke(...args),
  send: (...args) => ipcRenderer.send(...args),
  ipc: () => ipcRenderer,
  listen: (channel, callback) => void ipcRenderer.on(channel, callback),
  invokeUncloneable: () => {
    const pending = ipcRenderer.invoke('echo', () => 1);
    return pending.then(() => 'resolved', (error) => 'rejected asynchronously: ' + error.message);
  },
});
`;

interface PageGlobals {
  bridge: {
    invoke(...args: unknown[]): Promise<unknown>;
    send(...args: unknown[]): void;
    ipc(): Record<string, unknown>;
    listen(channel: string, callback: (...args: never[]) => void): void;
    invokeUncloneable(): Promise<string>;
  };
  probe: Record<string, unknown>;
}

describe('1. security webPreferences: what a page cannot model is refused, not booted as if isolated (web-preferences, web_contents_preferences.cc)', () => {
  it.each([
    [{ nodeIntegration: true }, 'nodeIntegration: true'],
    [{ nodeIntegration: 'yes' }, 'nodeIntegration: "yes"'], // gin reads booleans by truthiness
    [{ sandbox: false }, 'sandbox: false'],
    [{ nodeIntegrationInWorker: true }, 'nodeIntegrationInWorker: true'],
    [{ nodeIntegrationInSubFrames: true }, 'nodeIntegrationInSubFrames: true'],
    [{ webSecurity: false }, 'webSecurity: false'],
    [{ allowRunningInsecureContent: true }, 'allowRunningInsecureContent: true'],
    [{ webviewTag: true }, 'webviewTag: true'],
  ])('%j is refused, naming the preference', (webPreferences, named) => {
    const electron = double();
    electron.app.emitReady();
    const BrowserWindow = mainView(electron, 'BrowserWindow') as Ctor;
    expect(() => new BrowserWindow({ show: false, webPreferences })).toThrow(`webPreferences.${named} is not modelled`);
    expect(() => new BrowserWindow({ show: false, webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true } }), 'control: the safe values boot').not.toThrow();
  });

  it('contextIsolation: false runs the preload in the page’s own world, where contextBridge refuses with Electron’s words', async () => {
    const preload = pages.preload(`globalThis.leakedByPreload = typeof require; require('electron').contextBridge.exposeInMainWorld('api', {});`);
    let failed: Promise<unknown[]> | undefined;
    const open = await pages.open({ webPreferences: { preload, contextIsolation: false }, beforeLoad: (window) => (failed = once(window.webContents, 'preload-error')) });
    expect(await open.page.evaluate(() => (globalThis as unknown as { leakedByPreload?: string }).leakedByPreload), 'the page shares the preload’s globals').toBe('function');
    const host = await open.window.webContents.pageHost();
    await expect.poll(() => host.preloadErrors).toEqual(['contextBridge API can only be used when contextIsolation is enabled']);
    const [, path, error] = (await failed) as unknown as [unknown, string, Error];
    expect([path, error.message]).toEqual([preload, 'contextBridge API can only be used when contextIsolation is enabled']);

    const isolated = await pages.open({ webPreferences: { preload } });
    expect(await isolated.page.evaluate(() => typeof (globalThis as unknown as { leakedByPreload?: string }).leakedByPreload), 'control: isolated, the page sees nothing of the preload’s world').toBe('undefined');
    expect(await isolated.page.evaluate(() => typeof (globalThis as unknown as { api?: object }).api)).toBe('object');
  });
});

describe('2. a relative preload path runs no preload (web_contents_preferences.cc: "preload script must have absolute path.")', () => {
  it('logs Electron’s line and runs none; an absolute one runs', async () => {
    const absolute = pages.preload(`require('electron').contextBridge.exposeInMainWorld('api', { ran: true });`);
    const relative = await pages.open({ webPreferences: { preload: absolute.split('/').at(-1) } });
    expect(relative.electron.electronLog).toEqual(['preload script must have absolute path.']);
    expect(await relative.page.evaluate(() => typeof (globalThis as unknown as { api?: object }).api)).toBe('undefined');
    const control = await pages.open({ webPreferences: { preload: absolute } });
    expect(control.electron.electronLog).toEqual([]);
    expect(await control.page.evaluate(() => (globalThis as unknown as { api: { ran: boolean } }).api.ran)).toBe(true);
  });
});

describe('3. IPC values cross by the Structured Clone Algorithm (ipc-renderer docs; v8_util.cc SerializeV8Value)', () => {
  it('Map, Set, Date, NaN, undefined, -0, BigInt and shared references arrive intact, both ways', async () => {
    const open = await pages.open({ webPreferences: { preload: pages.preload(PROBING_PRELOAD) } });
    let received: unknown[] = [];
    mainView(open.electron, 'ipcMain').handle('echo', (_event: unknown, ...args: unknown[]) => {
      received = args;
      const shared = { n: 1 };
      return { map: new Map([['k', new Date(5)]]), set: new Set([1]), nan: NaN, nothing: undefined, negativeZero: -0, big: 2n ** 70n, twice: [shared, shared] };
    });
    const answer = await open.page.evaluate(async () => {
      const { bridge } = globalThis as unknown as PageGlobals;
      const value = (await bridge.invoke('echo', new Map([[1, 'a']]), new Date(7), NaN, undefined, 10n)) as Record<string, unknown> & { twice: object[]; map: Map<string, Date> };
      return { map: value.map instanceof Map && value.map.get('k') instanceof Date, set: value.set instanceof Set, nan: Number.isNaN(value.nan), hasUndefined: 'nothing' in value, negativeZero: Object.is(value.negativeZero, -0), big: typeof value.big === 'bigint' && value.big === 2n ** 70n, shared: value.twice[0] === value.twice[1] };
    });
    expect(answer).toEqual({ map: true, set: true, nan: true, hasUndefined: true, negativeZero: true, big: true, shared: true });
    expect(received[0]).toBeInstanceOf(Map);
    expect(received[1]).toEqual(new Date(7));
    expect(received.slice(2)).toEqual([NaN, undefined, 10n]);
  });

  it('what cannot be cloned rejects asynchronously ("An object could not be cloned."), arguments and results alike', async () => {
    const open = await pages.open({ webPreferences: { preload: pages.preload(PROBING_PRELOAD) } });
    mainView(open.electron, 'ipcMain').handle('echo', () => 'never reached');
    mainView(open.electron, 'ipcMain').handle('function', () => ({ run: () => 1 }));
    const seen = await open.page.evaluate(async () => {
      const { bridge } = globalThis as unknown as PageGlobals;
      const argument = await bridge.invokeUncloneable();
      const result = await bridge.invoke('function').then(
        () => 'resolved',
        (error: Error) => error.message,
      );
      return { argument, result };
    });
    expect(seen.argument).toBe('rejected asynchronously: An object could not be cloned.');
    expect(seen.result).toBe("Error invoking remote method 'function': Error: An object could not be cloned.");
    // ipc-dispatch.ts replyWithError: main logs every failed handler.
    expect(open.electron.electronLog).toEqual(["Error occurred in handler for 'function': Error: An object could not be cloned."]);
  });

  it('a handler error reaches the page only as "Error invoking remote method"; webContents.send logs, never throws, on what cannot be cloned', async () => {
    const electron = double();
    electron.app.emitReady();
    const ipcMain = mainView(electron, 'ipcMain');
    ipcMain.handle('boom', async () => {
      throw new Error('secret detail');
    });
    const event = { type: 'frame' as const, sender: { id: 1 }, frameId: 1, processId: 1, senderFrame: null, preventDefault: () => undefined, defaultPrevented: false };
    await expect(electron.ipcMain.invokeFromRenderer(event, 'boom', '["a",0,0,[]]')).resolves.toEqual({ error: 'Error: secret detail' });
    await expect(electron.ipcMain.invokeFromRenderer(event, 'nobody', '["a",0,0,[]]')).resolves.toEqual({ error: "Error: No handler registered for 'nobody'" });
    const window = new (mainView(electron, 'BrowserWindow') as new (o: object) => { webContents: { send(c: unknown, v?: unknown): void } })({ show: false });
    expect(() => window.webContents.send('x', { f: () => 1 })).not.toThrow();
    expect(() => window.webContents.send(42)).toThrow('Missing required channel argument');
    expect(electron.electronLog.at(-1)).toBe('Error sending from webFrameMain:  Error: An object could not be cloned.');
  });
});

describe('4. senderFrame is read live: null once the frame navigated (structures/ipc-main-invoke-event)', () => {
  it('an event kept past a navigation has no sender frame any more', async () => {
    const open = await pages.open({ webPreferences: { preload: pages.preload(PROBING_PRELOAD) } });
    const events: { senderFrame: { url: string } | null }[] = [];
    mainView(open.electron, 'ipcMain').handle('who', (event: { senderFrame: { url: string } | null }) => {
      events.push(event);
      return event.senderFrame?.url;
    });
    const sent = once(open.electron.ipcMain, 'hello');
    expect(await open.page.evaluate(() => (globalThis as unknown as PageGlobals).bridge.invoke('who'))).toBe(TEST_PAGE);
    await open.page.evaluate(() => (globalThis as unknown as PageGlobals).bridge.send('hello', 1));
    const [sendEvent, payload] = (await sent) as [{ senderFrame: { url: string } | null }, number];
    expect([sendEvent.senderFrame?.url, payload]).toEqual([TEST_PAGE, 1]);

    await open.window.loadURL('data:text/html,<title>elsewhere</title>');
    expect(events[0]?.senderFrame).toBeNull();
    expect(sendEvent.senderFrame).toBeNull();
  });
});

describe('5. the sandboxed preload gets what Electron gives it (tutorial/sandbox; lib/sandboxed_renderer/init.ts)', () => {
  it('require knows electron, events, timers and url; Buffer, process, setImmediate are there; unmodelled modules fail loudly', async () => {
    const open = await pages.open({ webPreferences: { preload: pages.preload(PROBING_PRELOAD) } });
    const probe = await open.page.evaluate(() => (globalThis as unknown as PageGlobals).probe);
    expect(probe.requires).toEqual({ electron: 'object', events: 'function', 'node:events': 'function', timers: 'object', 'node:timers': 'object', url: 'object', 'node:url': 'object', fs: 'threw: module not found: fs', path: 'threw: module not found: path', './other.js': 'threw: module not found: ./other.js' });
    expect(probe.globals).toEqual({ Buffer: 'function', process: 'object', setImmediate: 'function', clearImmediate: 'function', global: true });
    expect(probe.process).toEqual({ type: 'renderer', sandboxed: true, contextIsolated: true, emitter: 'function' });
    expect(probe.working).toEqual({ buffer: 'aGk=', url: '/a', events: 'function', timers: 'function' });
    expect(probe.electronKeys).toEqual(['contextBridge', 'crashReporter', 'ipcRenderer', 'nativeImage', 'sharedTexture', 'webFrame', 'webUtils']);
    expect(probe.unmodelled).toEqual(['webFrame.setZoomFactor', 'crashReporter.start', 'nativeImage.createEmpty', 'webUtils.getPathForFile', 'sharedTexture.importSharedTexture', 'webFrame.routingId'].map((name) => `threw: Electron double: electron.${name} is not modelled in the preload`));
    expect(await open.page.evaluate(() => [typeof (globalThis as Record<string, unknown>).require, typeof (globalThis as Record<string, unknown>).process, typeof (globalThis as Record<string, unknown>).Buffer]), 'the page has none of them').toEqual(['undefined', 'undefined', 'undefined']);
  });

  it('an ipcRenderer reached through the bridge — returned, or as event.sender — arrives without its methods (Electron 29+)', async () => {
    const open = await pages.open({ webPreferences: { preload: pages.preload(PROBING_PRELOAD) } });
    const returned = await open.page.evaluate(() => {
      const ipc = (globalThis as unknown as PageGlobals).bridge.ipc();
      return { invoke: typeof ipc.invoke, send: typeof ipc.send, on: typeof ipc.on };
    });
    expect(returned).toEqual({ invoke: 'undefined', send: 'undefined', on: 'undefined' });
    await open.page.evaluate(() => {
      (globalThis as unknown as PageGlobals).bridge.listen('ping', (event: { sender: Record<string, unknown> }, value: number) => {
        (globalThis as Record<string, unknown>).pinged = { value, senderInvoke: typeof event.sender.invoke };
      });
    });
    open.window.webContents.send('ping', 7);
    await expect.poll(() => open.page.evaluate(() => (globalThis as Record<string, unknown>).pinged)).toEqual({ value: 7, senderInvoke: 'undefined' });
  });

  it('exposeInMainWorld freezes what it binds and will not bind over an existing window property (context-bridge; ExposeAPI)', async () => {
    const preload = pages.preload(`
      const { contextBridge } = require('electron');
      contextBridge.exposeInMainWorld('api', { list: [1], make: () => ({ mutable: true }) });
      try { contextBridge.exposeInMainWorld('location', {}); } catch (error) { contextBridge.exposeInMainWorld('refused', error.message); }`);
    const open = await pages.open({ webPreferences: { preload } });
    const seen = await open.page.evaluate(() => {
      const { api, refused } = globalThis as unknown as { api: { list: number[]; make(): { mutable: boolean } }; refused: string };
      const made = api.make();
      made.mutable = false;
      return { frozen: Object.isFrozen(api) && Object.isFrozen(api.list), returnedMutable: made.mutable === false, refused };
    });
    expect(seen).toEqual({ frozen: true, returnedMutable: true, refused: 'Cannot bind an API on top of an existing property on the window object' });
  });
});

describe('6. before ready: each module refuses in its own words; powerMonitor does not', () => {
  it('BrowserWindow, Tray, Notification, globalShortcut, dialog, session, protocol.handle, screen and safeStorage refuse', async () => {
    const electron = double();
    const main = (name: string) => mainView(electron, name);
    expect(() => new (main('BrowserWindow') as Ctor)({})).toThrow('Cannot create BrowserWindow before app is ready');
    expect(() => new (main('Tray') as Ctor)(bitmap(electron))).toThrow('Cannot create Tray before app is ready');
    expect(() => new (main('Notification') as Ctor)({ title: 't' })).toThrow('Cannot create Notification before app is ready');
    expect(() => main('globalShortcut').register('Ctrl+K', () => undefined)).toThrow('globalShortcut cannot be used before the app is ready');
    expect(() => main('globalShortcut').unregister('Ctrl+K')).toThrow('globalShortcut cannot be used before the app is ready');
    expect(() => main('globalShortcut').unregisterAll()).toThrow('globalShortcut cannot be used before the app is ready');
    expect(main('globalShortcut').isRegistered('Ctrl+K'), 'isRegistered has no such check').toBe(false);
    expect(() => main('dialog').showMessageBox({ message: 'x' })).toThrow('dialog module can only be used after app is ready');
    expect(() => main('session').defaultSession).toThrow(new TypeError('Session can only be received when app is ready'));
    expect(() => main('protocol').handle('app', () => new Response(''))).toThrow(new TypeError('Session can only be received when app is ready'));
    expect(() => main('screen').getPrimaryDisplay).toThrow("The 'screen' module can't be used before the app 'ready' event");
    expect(() => main('safeStorage').encryptString('x')).toThrow('safeStorage cannot be used before app is ready');
    await expect(main('safeStorage').encryptStringAsync('x')).rejects.toThrow('safeStorage cannot be used before app is ready');
    expect(main('safeStorage').isEncryptionAvailable()).toBe(false);
    expect(() => main('powerMonitor').on('resume', () => undefined), 'powerMonitor: no ready check since Electron 10').not.toThrow();
    expect(() => main('protocol').registerSchemesAsPrivileged([{ scheme: 'app' }])).not.toThrow();

    electron.app.emitReady();
    expect(() => new (main('Tray') as Ctor)(bitmap(electron))).not.toThrow();
    expect(main('globalShortcut').register('Ctrl+K', () => undefined)).toBe(true);
    expect(() => main('session').defaultSession.setPermissionCheckHandler(null)).not.toThrow();
    expect(() => main('protocol').registerSchemesAsPrivileged([{ scheme: 'x' }])).toThrow('protocol.registerSchemesAsPrivileged should be called before app is ready');
  });
});

describe('7. invalid input is refused as Electron refuses it', () => {
  it('globalShortcut: an accelerator Electron cannot parse is gin’s TypeError; two spellings of one accelerator are one (accelerator_util.cc)', () => {
    const electron = double({ takenAccelerators: ['Ctrl+Shift+K'] });
    electron.app.emitReady();
    const shortcuts = mainView(electron, 'globalShortcut');
    for (const invalid of ['Ctrl+Foo', 'Ctrl++', 'CommandOrControl+Shift', 'Ctrl+é', '']) {
      expect(() => shortcuts.register(invalid, () => undefined), invalid).toThrow(new TypeError(`Error processing argument at index 0, conversion failure from ${invalid}`));
    }
    expect(shortcuts.register('control+shift+k', () => undefined), 'held by another application, whatever the spelling').toBe(false);
    const callback = vi.fn();
    expect(shortcuts.register('CommandOrControl+Plus', callback)).toBe(true);
    expect(shortcuts.register('Ctrl+Shift+=', () => undefined), 'Plus is Shift+= on the keyboard').toBe(false);
    electron.globalShortcut.press('Control+Plus');
    expect(callback).toHaveBeenCalledTimes(1);
    expect(shortcuts.register('Foo+J', () => undefined), 'an unknown token before the key is dropped, as Electron does').toBe(true);
  });

  it('Menu: the template is checked and an unknown item type refused (menu.ts, menu-item.ts)', () => {
    const { buildFromTemplate } = mainView(double(), 'Menu');
    expect(() => buildFromTemplate({})).toThrow(new TypeError('Invalid template for Menu: Menu template must be an array'));
    expect(() => buildFromTemplate([{ enabled: true }])).toThrow(new TypeError('Invalid template for MenuItem: must have at least one of label, role or type'));
    expect(() => buildFromTemplate([{ label: 'x', type: 'bogus' }])).toThrow('Unknown menu item type: bogus');
    expect(() => buildFromTemplate([{ label: 'x', type: 'submenu' }])).toThrow('Invalid submenu');
    const menu = buildFromTemplate([{ type: 'separator' }, { label: 'a' }, { type: 'separator' }, { type: 'separator' }, { label: 'b', type: 'checkbox' }, { type: 'separator' }]);
    expect(menu.items.map((item: { type: string; label: string }) => `${item.type}:${item.label}`), 'edge separators dropped, adjacent ones folded').toEqual(['normal:a', 'separator:', 'checkbox:b']);
  });

  it('app: setPath takes an absolute path only; getPath knows Electron’s names (electron_api_app.cc)', () => {
    const app = mainView(double(), 'app');
    expect(() => app.setPath('userData', 'relative/profile')).toThrow('Path must be absolute');
    expect(() => app.setPath('nonsense', '/tmp/x')).toThrow('Failed to set path');
    expect(() => app.getPath('nonsense')).toThrow("Failed to get 'nonsense' path");
    expect(() => app.getPath('music')).toThrow(NotImplementedError);
    app.setPath('userData', '/tmp/elsewhere');
    expect(app.getPath('userData')).toBe('/tmp/elsewhere');
  });

  it('BrowserWindow: a size that is not an Int32 is ignored for Electron’s default (native_window_views.cc ValueOrDefault(kWidth, 800))', () => {
    const electron = double();
    electron.app.emitReady();
    const BrowserWindow = mainView(electron, 'BrowserWindow') as new (o: object) => { getSize(): number[] };
    expect(new BrowserWindow({ width: '360', height: 520.5, show: false }).getSize()).toEqual([800, 600]);
    expect(new BrowserWindow({ width: 360, height: 520, show: false }).getSize()).toEqual([360, 520]);
  });

  it('nativeTheme.themeSource takes system, light or dark only (electron_api_native_theme.cc)', () => {
    const nativeTheme = mainView(double(), 'nativeTheme');
    expect(() => (nativeTheme.themeSource = 'blue')).toThrow(new TypeError('Error processing argument at index 0, conversion failure from blue'));
    expect(nativeTheme.themeSource).toBe('system');
    nativeTheme.themeSource = 'dark';
    expect(nativeTheme.shouldUseDarkColors).toBe(true);
  });

  it('dialog.showMessageBox: options of the wrong type throw Electron’s TypeErrors, synchronously (dialog.ts messageBox)', () => {
    const electron = double();
    electron.app.emitReady();
    const dialog = mainView(electron, 'dialog');
    expect(() => dialog.showMessageBox({ message: 42 })).toThrow(new TypeError('Message must be a string'));
    expect(() => dialog.showMessageBox({ message: 'x', type: 'fancy' })).toThrow(new TypeError('Invalid message box type'));
    expect(() => dialog.showMessageBox({ message: 'x', buttons: 'OK' })).toThrow(new TypeError('Buttons must be an array'));
    expect(() => dialog.showMessageBox({ message: 'x', detail: ['d'] })).toThrow(new TypeError('Detail must be a string'));
    expect(() => dialog.showMessageBox({ message: 'x', noLink: 'yes' })).toThrow(new TypeError('noLink must be a boolean'));
    expect(() => dialog.showMessageBox({ message: 'x', checkboxChecked: true })).toThrow('checkboxChecked requires that checkboxLabel also be passed');
    expect(electron.dialog.shown, 'none of them reached the screen').toEqual([]);
  });

  it('Notification.show() where notifications are unsupported shows nothing and emits no "show" (electron_api_notification.cc Show)', async () => {
    const off = double({ notificationsSupported: false });
    const on = double();
    off.app.emitReady();
    on.app.emitReady();
    const unsupported = new (mainView(off, 'Notification') as new (o: object) => { show(): void; on(e: string, f: () => void): void })({ title: 'a' });
    const supported = new (mainView(on, 'Notification') as new (o: object) => { show(): void; on(e: string, f: () => void): void })({ title: 'b' });
    const quiet = vi.fn();
    unsupported.on('show', quiet);
    unsupported.show();
    const shown = once(supported as unknown as NodeJS.EventEmitter, 'show');
    supported.show();
    await shown; // emitted as a task after the unsupported one would have been
    expect(quiet).not.toHaveBeenCalled();
    expect([off.notifications.length, on.notifications.length]).toEqual([0, 1]);
  });
});

describe('8. platform and lifetime: what exists, and what takes effect, where (tray, app, native-theme, browser-window)', () => {
  it('tray.setTitle and getTitle work on macOS only', () => {
    for (const [platform, title] of [['linux', ''], ['win32', ''], ['darwin', '4']] as const) {
      const electron = double({ platform });
      electron.app.emitReady();
      const tray = new (mainView(electron, 'Tray') as new (image: unknown) => { setTitle(t: string): void; getTitle(): string })(bitmap(electron));
      tray.setTitle('4');
      expect([platform, tray.getTitle(), electron.tray.title]).toEqual([platform, title, title]);
    }
  });

  it('app.setAppUserModelId exists on Windows only; app.dock on macOS only', () => {
    const linux = mainView(double({ platform: 'linux' }), 'app');
    expect('setAppUserModelId' in linux).toBe(false);
    expect(() => linux.setAppUserModelId('x')).toThrow(TypeError);
    expect(linux.dock).toBeUndefined();
    const windows = double({ platform: 'win32' });
    mainView(windows, 'app').setAppUserModelId('app.counttogether.countertray');
    expect(windows.app.appUserModelIds).toEqual(['app.counttogether.countertray']);
    const mac = double({ platform: 'darwin' });
    mainView(mac, 'app').dock.hide();
    expect(mac.app.dockCalls).toEqual(['hide']);
  });

  it('systemPreferences.getAccentColor on macOS and Windows only (RGBA hex); Windows says a change with accent-color-changed, macOS with its colour notification', async () => {
    const linux = mainView(double({ platform: 'linux' }), 'systemPreferences');
    expect('getAccentColor' in linux).toBe(false);
    expect('subscribeNotification' in linux).toBe(false);
    for (const platform of ['win32', 'darwin'] as const) {
      const electron = double({ platform });
      const prefs = mainView(electron, 'systemPreferences');
      expect([platform, prefs.getAccentColor()]).toEqual([platform, '0078d4ff']);
      expect([platform, 'subscribeNotification' in prefs]).toEqual([platform, platform === 'darwin']);
      // The app's adapter over what main sees: it reads the colour and follows the change.
      const source = accentColorSource(platform, prefs);
      const changed = new Promise<void>((resolve) => source.onChanged(resolve));
      electron.systemPreferences.setAccentColor('ffb900ff');
      await changed;
      expect([platform, source.current()]).toEqual([platform, '#ffb900']);
    }
  });

  it('Linux: a changed menu item shows only after setContextMenu again; elsewhere at once', () => {
    for (const [platform, before, after] of [['linux', ['Open'], ['Open', 'Quit']], ['win32', ['Open', 'Quit'], ['Open', 'Quit']]] as const) {
      const electron = double({ platform });
      electron.app.emitReady();
      const menu = mainView(electron, 'Menu').buildFromTemplate([{ label: 'Open' }, { label: 'Quit', visible: false }]);
      const tray = new (mainView(electron, 'Tray') as new (image: unknown) => { setContextMenu(m: unknown): void })(bitmap(electron));
      tray.setContextMenu(menu);
      menu.items[1].visible = true;
      expect([platform, electron.tray.menuLabels()]).toEqual([platform, before]);
      tray.setContextMenu(menu);
      expect([platform, electron.tray.menuLabels()]).toEqual([platform, after]);
    }
  });

  it('a click on the icon: Linux with a menu shows the menu only; macOS emits click and shows the menu (tray_icon_cocoa.mm, electron/electron#24200)', () => {
    const clickOn = (platform: NodeJS.Platform, withMenu: boolean) => {
      const electron = double({ platform });
      electron.app.emitReady();
      const tray = new (mainView(electron, 'Tray') as new (image: unknown) => { setContextMenu(m: unknown): void; on(e: string, f: () => void): void })(bitmap(electron));
      const clicked = vi.fn();
      tray.on('click', clicked);
      if (withMenu) tray.setContextMenu(mainView(electron, 'Menu').buildFromTemplate([{ label: 'Open' }]));
      return { ...electron.tray.click(), heard: clicked.mock.calls.length };
    };
    expect(clickOn('linux', true)).toEqual({ clickEmitted: false, menuShown: true, heard: 0 });
    expect(clickOn('linux', false)).toEqual({ clickEmitted: true, menuShown: false, heard: 1 });
    expect(clickOn('darwin', true)).toEqual({ clickEmitted: true, menuShown: true, heard: 1 });
    expect(clickOn('win32', true)).toEqual({ clickEmitted: true, menuShown: false, heard: 1 });
  });

  it('nativeTheme emits "updated" when themeSource changes the effective theme, and only then (the set_theme_source patch)', async () => {
    const electron = double();
    const nativeTheme = mainView(electron, 'nativeTheme');
    const updated = vi.fn();
    nativeTheme.on('updated', updated);
    nativeTheme.themeSource = 'light'; // the system is light: nothing changes
    const heard = once(electron.nativeTheme, 'updated');
    nativeTheme.themeSource = 'dark';
    expect(updated, 'emitted as a posted task, not within the setter').not.toHaveBeenCalled();
    await heard;
    expect(updated).toHaveBeenCalledTimes(1);
  });

  it('a window placed by x and y reports them in getBounds; a drag emits "move" everywhere and "moved" on macOS and Windows only (browser-window docs)', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const electron = double({ platform });
      electron.app.emitReady();
      const window = new (mainView(electron, 'BrowserWindow') as new (o: object) => { getBounds(): object; on(e: string, f: () => void): void })({ show: false, width: 280, height: 184, x: 1628, y: 44 });
      expect(window.getBounds()).toEqual({ x: 1628, y: 44, width: 280, height: 184 });
      const heard: string[] = [];
      window.on('move', () => heard.push('move'));
      window.on('moved', () => heard.push('moved'));
      electron.window.moveTo(300, 500);
      expect([platform, heard, window.getBounds()]).toEqual([platform, platform === 'linux' ? ['move'] : ['move', 'moved'], { x: 300, y: 500, width: 280, height: 184 }]);
      // Only x with y places it (native_window.cc); a fraction is no Int32.
      const unplaced = new (mainView(electron, 'BrowserWindow') as new (o: object) => { getBounds(): object })({ show: false, x: 10, y: 0.5 });
      expect(unplaced.getBounds()).toEqual({ x: 0, y: 0, width: 800, height: 600 });
    }
  });

  it('an edge drag resizes a window, never below minWidth and minHeight: "resize" everywhere, "resized" on macOS and Windows only; made resizable: false, it has no edge', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const electron = double({ platform });
      electron.app.emitReady();
      const BrowserWindow = mainView(electron, 'BrowserWindow') as new (o: object) => { getBounds(): object; on(e: string, f: () => void): void };
      const window = new BrowserWindow({ show: false, width: 328, height: 184, x: 10, y: 20, resizable: true, minWidth: 240, minHeight: 96 });
      const heard: string[] = [];
      window.on('resize', () => heard.push('resize'));
      window.on('resized', () => heard.push('resized'));
      void electron.window.resizeTo(100, 400);
      expect([platform, heard, window.getBounds()]).toEqual([platform, platform === 'linux' ? ['resize'] : ['resize', 'resized'], { x: 10, y: 20, width: 240, height: 400 }]);
      new BrowserWindow({ show: false, resizable: false });
      const fixed = electron.createdWindows.at(-1);
      expect(() => fixed?.resizeTo(500, 500)).toThrow(/resizable: false/);
    }
  });

  it('a destroyed window’s members throw "Object has been destroyed"; a destroyed tray’s "Tray is destroyed"', () => {
    const electron = double();
    electron.app.emitReady();
    const window = new (mainView(electron, 'BrowserWindow') as new (o: object) => Record<string, (...args: unknown[]) => unknown> & { webContents: unknown })({ show: false });
    const webContents = window.webContents as { send(c: string): void; isDestroyed(): boolean };
    window.destroy?.();
    for (const member of ['getPosition', 'isFocused', 'close', 'show', 'getSize', 'loadURL']) expect(() => window[member]?.(), member).toThrow(new TypeError('Object has been destroyed'));
    expect(() => window.webContents).toThrow(new TypeError('Object has been destroyed'));
    expect(() => webContents.send('state:delta')).toThrow(new TypeError('Object has been destroyed'));
    expect([window.isDestroyed?.(), webContents.isDestroyed()]).toEqual([true, true]);
    expect(() => window.destroy?.(), 'destroy again is harmless').not.toThrow();
    expect(() => window.on?.('closed', () => undefined), 'EventEmitter’s members stay').not.toThrow();

    const tray = new (mainView(electron, 'Tray') as new (image: unknown) => Record<string, (...args: unknown[]) => unknown>)(bitmap(electron));
    tray.destroy?.();
    expect(() => tray.setToolTip?.('x')).toThrow('Tray is destroyed');
    expect(tray.isDestroyed?.()).toBe(true);
  });
});

describe('9. ipcMain lists and reaches every listener: handle, on and once (ipc-main-impl.ts)', () => {
  it('registrations() shows each with its kind; a once listener goes after its message; Electron’s own "error" listener is not the app’s', async () => {
    const open = await pages.open({ webPreferences: { preload: pages.preload(PROBING_PRELOAD) } });
    const ipcMain = mainView(open.electron, 'ipcMain');
    ipcMain.handle('state:get', () => ({}));
    ipcMain.on('electron-store-get-data', () => undefined);
    const once = new Promise<unknown[]>((resolve) => ipcMain.once('stray', (_event: unknown, ...args: unknown[]) => resolve(args)));
    expect(open.electron.ipcMain.registrations()).toEqual([
      { channel: 'state:get', kind: 'handle' },
      { channel: 'electron-store-get-data', kind: 'on' },
      { channel: 'stray', kind: 'once' },
    ]);
    expect(ipcMain.listenerCount('error'), 'Electron registers one itself').toBe(1);
    await open.page.evaluate(() => (globalThis as unknown as PageGlobals).bridge.send('stray', { from: 'page' }));
    expect(await once).toEqual([{ from: 'page' }]);
    expect(open.electron.ipcMain.registrations().map((r) => r.channel)).toEqual(['state:get', 'electron-store-get-data']);
    ipcMain.removeHandler('state:get');
    expect(() => ipcMain.handle('x', 'not a function')).toThrow(new TypeError("Expected handler to be a function, but found type 'string'"));
  });
});

describe('10. dialog.showSaveDialog and showOpenDialog: checked, answered and shaped as Electron 45 does (dialog.ts saveDialog, openDialog, docs/api/dialog.md, file_dialog_converter.cc)', () => {
  it('refuses before ready, and options of the wrong type with Electron’s TypeErrors, in dialog.ts’s order, synchronously', () => {
    const electron = double();
    const dialog = mainView(electron, 'dialog');
    expect(() => dialog.showSaveDialog({ title: 'x' })).toThrow('dialog module can only be used after app is ready');
    electron.app.emitReady();
    expect(() => dialog.showSaveDialog({ title: 42 })).toThrow(new TypeError('Title must be a string'));
    expect(() => dialog.showSaveDialog({ title: 'x', buttonLabel: ['Save'] })).toThrow(new TypeError('Button label must be a string'));
    expect(() => dialog.showSaveDialog({ defaultPath: 7 })).toThrow(new TypeError('Default path must be a string'));
    expect(() => dialog.showSaveDialog({ message: {} })).toThrow(new TypeError('Message must be a string'));
    expect(() => dialog.showSaveDialog({ nameFieldLabel: false })).toThrow(new TypeError('Name field label must be a string'));
    // Title before default path: both wrong, the title is named.
    expect(() => dialog.showSaveDialog({ title: 1, defaultPath: 2 })).toThrow(new TypeError('Title must be a string'));
    // setupSaveDialogProperties iterates: a non-iterable is V8's own TypeError.
    expect(() => dialog.showSaveDialog({ properties: 5 })).toThrow(/is not iterable/);
    expect(electron.dialog.savesShown, 'none of them reached the screen').toEqual([]);
  });

  it('answers { canceled, filePath } (an empty path when cancelled); drops unknown properties and a malformed filter list as Electron does', async () => {
    const electron = double();
    electron.app.emitReady();
    const dialog = mainView(electron, 'dialog');
    electron.dialog.expectSave({ match: /^Export/, filePath: '/home/ada/coffees.csv' });
    electron.dialog.expectSave({ match: /\.csv$/, filePath: 'cancel' });
    await expect(dialog.showSaveDialog({ title: 'Export', defaultPath: 'a.csv', filters: [{ name: 'CSV', extensions: ['csv'] }], properties: ['showOverwriteConfirmation', 'openDirectory', 'createDirectory'] })).resolves.toEqual({ canceled: false, filePath: '/home/ada/coffees.csv' });
    await expect(dialog.showSaveDialog({ defaultPath: 'b.csv', filters: [{ name: 'CSV', extensions: 'csv' }] })).resolves.toEqual({ canceled: true, filePath: '' });
    expect(electron.dialog.savesShown).toEqual([
      { title: 'Export', defaultPath: 'a.csv', buttonLabel: '', message: '', nameFieldLabel: '', filters: [{ name: 'CSV', extensions: ['csv'] }], properties: ['showOverwriteConfirmation', 'createDirectory'], parent: false },
      { title: '', defaultPath: 'b.csv', buttonLabel: '', message: '', nameFieldLabel: '', filters: [], properties: [], parent: false },
    ]);
  });

  it('takes a window first (modal to it), or none; a dialog the test did not expect, or a relative answer, fails loudly', async () => {
    const electron = double();
    electron.app.emitReady();
    const dialog = mainView(electron, 'dialog');
    const window = new (mainView(electron, 'BrowserWindow') as Ctor)({ show: false }) as { destroy(): void };
    electron.dialog.expectSave({ match: /^Export/, filePath: '/tmp/x.csv' });
    await expect(dialog.showSaveDialog(window, { title: 'Export' })).resolves.toEqual({ canceled: false, filePath: '/tmp/x.csv' });
    expect(electron.dialog.savesShown[0]?.parent).toBe(true);
    await expect(dialog.showSaveDialog({ title: 'Save the token' })).rejects.toThrow(/unexpected save dialog "Save the token"/);
    expect(electron.dialog.unexpected).toEqual(['save dialog: Save the token']);
    electron.dialog.expectSave({ match: /^Again/, filePath: 'x.csv' });
    await expect(dialog.showSaveDialog({ title: 'Again' })).rejects.toThrow(/absolute path/);
    expect(() => dialog.showSaveDialogSync({ title: 'x' })).toThrow(/not modelled/);
    window.destroy();
  });

  it('showOpenDialog: the defaults with no options, Electron’s checks in dialog.ts openDialog’s order, { canceled, filePaths } ([] when cancelled)', async () => {
    const electron = double();
    const dialog = mainView(electron, 'dialog');
    expect(() => dialog.showOpenDialog({ title: 'x' })).toThrow('dialog module can only be used after app is ready');
    electron.app.emitReady();
    // Properties are checked first, before the title.
    expect(() => dialog.showOpenDialog({ title: 1, properties: 'openFile' })).toThrow(new TypeError('Properties must be an array'));
    expect(() => dialog.showOpenDialog({ title: 1 })).toThrow(new TypeError('Title must be a string'));
    expect(() => dialog.showOpenDialog({ buttonLabel: 2 })).toThrow(new TypeError('Button label must be a string'));
    expect(() => dialog.showOpenDialog({ defaultPath: 3 })).toThrow(new TypeError('Default path must be a string'));
    expect(() => dialog.showOpenDialog({ message: 4 })).toThrow(new TypeError('Message must be a string'));
    expect(electron.dialog.opensShown, 'none of them reached the screen').toEqual([]);
    electron.dialog.expectOpen({ match: /^Open$/, filePaths: ['/home/ada/settings.json'] });
    electron.dialog.expectOpen({ match: /^Import/, filePaths: 'cancel' });
    await expect(dialog.showOpenDialog()).resolves.toEqual({ canceled: false, filePaths: ['/home/ada/settings.json'] });
    await expect(dialog.showOpenDialog({ title: 'Import', filters: [{ name: 'JSON', extensions: ['json'] }], properties: ['openFile', 'showOverwriteConfirmation'] })).resolves.toEqual({ canceled: true, filePaths: [] });
    expect(electron.dialog.opensShown).toEqual([
      { title: 'Open', defaultPath: '', buttonLabel: '', message: '', filters: [], properties: ['openFile'], parent: false },
      { title: 'Import', defaultPath: '', buttonLabel: '', message: '', filters: [{ name: 'JSON', extensions: ['json'] }], properties: ['openFile'], parent: false },
    ]);
  });

  it('showOpenDialog: one nobody expected, a relative answer, folders or several files fail loudly; the Sync form is refused', async () => {
    const electron = double();
    electron.app.emitReady();
    const dialog = mainView(electron, 'dialog');
    await expect(dialog.showOpenDialog({ title: 'Open the keyring' })).rejects.toThrow(/unexpected open dialog "Open the keyring"/);
    expect(electron.dialog.unexpected).toEqual(['open dialog: Open the keyring']);
    electron.dialog.expectOpen({ match: /^Import/, filePaths: ['settings.json'] });
    await expect(dialog.showOpenDialog({ title: 'Import' })).rejects.toThrow(/one absolute path/);
    expect(() => dialog.showOpenDialog({ title: 'Import', properties: ['openFile', 'multiSelections'] })).toThrow(/not modelled/);
    expect(() => dialog.showOpenDialogSync({ title: 'x' })).toThrow(/not modelled/);
  });
});

describe('11. links: the scheme, open-url and notification buttons (app docs setAsDefaultProtocolClient, open-url; structures/notification-action)', () => {
  it('setAsDefaultProtocolClient says whether it took: never an empty scheme, on macOS only a scheme the Info.plist declares (electron-builder.yml)', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const electron = double({ platform });
      const app = mainView(electron, 'app');
      expect([platform, app.setAsDefaultProtocolClient('counter-tray'), app.setAsDefaultProtocolClient(''), app.setAsDefaultProtocolClient('other-app')]).toEqual([platform, true, false, platform !== 'darwin']);
      expect(() => app.setAsDefaultProtocolClient(7)).toThrow(TypeError);
    }
    const windows = double({ platform: 'win32' });
    mainView(windows, 'app').setAsDefaultProtocolClient('counter-tray', '/electron', ['/app']);
    expect(windows.app.protocolClients).toEqual([{ protocol: 'counter-tray', path: '/electron', args: ['/app'], registered: true }]);
  });

  it('open-url comes on macOS only, for a declared scheme, before ready when the link launched the app', () => {
    const mac = double({ platform: 'darwin' });
    const urls: string[] = [];
    mainView(mac, 'app').on('open-url', (_event: unknown, url: string) => urls.push(`${url} ready=${mac.app.isReady()}`));
    mac.app.openUrl('counter-tray://open?counter=Teas');
    expect(urls).toEqual(['counter-tray://open?counter=Teas ready=false']);
    expect(() => mac.app.openUrl('other-app://x')).toThrow('only URLs of a scheme in Info.plist');
    expect(() => double({ platform: 'linux' }).app.openUrl('counter-tray://open')).toThrow('open-url is macOS only');
  });

  it('a notification button is pressed on macOS and Windows; Linux shows none', async () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const electron = double({ platform });
      electron.app.emitReady();
      const Notification = mainView(electron, 'Notification') as new (options: unknown) => { show(): void; on(event: string, listener: (...args: unknown[]) => void): void };
      const shown = new Notification({ title: 't', body: 'b', actions: [{ type: 'button', text: 'Undo' }] });
      const pressed: unknown[] = [];
      shown.on('action', (_event, index) => pressed.push(index));
      shown.show();
      const notification = electron.notifications[0];
      if (platform === 'linux') expect(() => notification?.action(0)).toThrow('Linux shows no notification actions');
      else {
        expect(() => notification?.action(1)).toThrow('has no action 1');
        notification?.action(0);
        expect([platform, pressed]).toEqual([platform, [0]]);
      }
    }
  });
});

describe('the floor: rules the double kept already', () => {
  it('ipcMain.handle: a second handler for a channel throws until removeHandler (ipc-main)', () => {
    const ipcMain = mainView(double(), 'ipcMain');
    ipcMain.handle('a', async () => 1);
    expect(() => ipcMain.handle('a', async () => 2)).toThrow("Attempted to register a second handler for 'a'");
    ipcMain.removeHandler('a');
    expect(() => ipcMain.handle('a', async () => 2)).not.toThrow();
  });

  it('protocol: registerSchemesAsPrivileged before ready and once; handle once per scheme (protocol)', () => {
    const electron = double();
    const protocol = mainView(electron, 'protocol');
    protocol.registerSchemesAsPrivileged([{ scheme: 'app' }]);
    expect(() => protocol.registerSchemesAsPrivileged([{ scheme: 'app' }])).toThrow(/only once/);
    electron.app.emitReady();
    protocol.handle('app', () => new Response(''));
    expect(() => protocol.handle('app', () => new Response(''))).toThrow('Failed to register protocol: app');
  });

  it('safeStorage: real ciphertext after ready; the deprecated sync API is recorded (safe-storage)', async () => {
    const { safeStorage, app } = double();
    app.emitReady();
    const encrypted = await safeStorage.encryptStringAsync('my-token');
    expect(encrypted.toString('latin1')).not.toContain('my-token');
    expect((await safeStorage.decryptStringAsync(encrypted)).result).toBe('my-token');
    expect(safeStorage.deprecatedCalls, 'the async API is not the deprecated one').toEqual([]);
    safeStorage.decryptString(encrypted);
    expect(safeStorage.deprecatedCalls).toEqual(['decryptString']);
    expect(double({ storageBackend: 'basic_text' }).safeStorage.getSelectedStorageBackend(), 'unknown before ready').toBe('unknown');
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
    cancel = false;
    app.quit();
    expect(order).toEqual(['before-quit', 'before-quit', 'will-quit', 'quit']);
    expect(await app.exited).toBe(0);
  });

  it('dialog: a box the test expected gets its answer (cancel is its cancelId); any other fails loudly and is recorded', async () => {
    const electron = double();
    electron.app.emitReady();
    const { dialog } = electron;
    dialog.expect({ match: /plain http/, click: 'Connect anyway' });
    dialog.expect({ match: /Keep/, click: 'cancel' });
    await expect(dialog.showMessageBox({ message: 'Use plain http?', buttons: ['Cancel', 'Connect anyway'] })).resolves.toEqual({ response: 1, checkboxChecked: false });
    await expect(dialog.showMessageBox({ message: 'Keep it?', buttons: ['Store it', 'No'] })).resolves.toEqual({ response: 1, checkboxChecked: false });
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

  it('main reaches only what the pinned electron.d.ts declares: unmodelled calls and the double’s test-side members throw, naming them', () => {
    const electron = double();
    const main = (name: string) => mainView(electron, name);
    expect(() => main('clipboard').writeText('x')).toThrow(/electron\.clipboard is not implemented/);
    expect(() => main('shell').showItemInFolder('/tmp')).toThrow(/shell\.showItemInFolder is not implemented/);
    expect(() => main('app').getGPUInfo()).toThrow(/app\.getGPUInfo is not implemented/);
    expect(() => new (main('BrowserView') as Ctor)()).toThrow(/electron\.BrowserView/);
    expect(() => main('BrowserWindow').fromWebContents).toThrow(/BrowserWindow\.fromWebContents is not implemented/);
    // The double's own levers are the test's, not Electron's.
    expect(() => main('globalShortcut').press('Ctrl+K')).toThrow(/globalShortcut\.press is not implemented/);
    expect(() => main('powerMonitor').fire('resume')).toThrow(/powerMonitor\.fire is not implemented/);
    expect(() => main('ipcMain').traffic).toThrow(/ipcMain\.traffic is not implemented/);
    expect(() => main('shell').opened).toThrow(/shell\.opened is not implemented/);
    expect(() => main('app').emitReady()).toThrow(/app\.emitReady is not implemented/);
  });
});
