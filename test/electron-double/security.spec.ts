// The security promises of the shipped wiring, each with a negative control kept here:
// the same check run against a deliberately weakened setup must fail, or the check proves nothing.
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { INVOKE_CHANNELS } from '../../src-main/ipc/main-wrapper';
import { PRODUCTION_CSP } from '../../src-main/desktop/app-assets';
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { rowOf, valueOf } from '../e2e/support/test';
import type { Launch } from '../../dev-tools/electron-double/boot';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { signIn } from '../../dev-tools/electron-double/flows';

type Api = { invoke(channel: string, request: unknown): Promise<unknown> };

/** What a hostile page can reach from its own JavaScript. */
function probe(page: Page) {
  return page.evaluate(async () => {
    const page = globalThis as unknown as Record<string, unknown>;
    const attempt = async (act: () => unknown) => {
      try {
        return await act();
      } catch (error) {
        return `threw: ${error instanceof Error ? error.message : String(error)}`;
      }
    };
    const api = page.counterTray as Api;
    const ipc = page.ipcRenderer as Api | undefined;
    const req = page.require as ((name: string) => object) | undefined;
    return {
      globals: { require: typeof page.require, process: typeof page.process, module: typeof page.module, ipcRenderer: typeof page.ipcRenderer },
      electronViaRequire: req ? await attempt(() => Object.keys(req('electron')).sort()) : null,
      // electron-log/main's handler channel: outside the contract. main.ts imports electron-log/node, which registers none.
      outsideViaApi: await api.invoke('__ELECTRON_LOG__', { cmd: 'getOptions' }),
      outsideViaIpc: ipc ? await attempt(() => ipc.invoke('__ELECTRON_LOG__', { cmd: 'getOptions' })) : null,
      api: { keys: Object.keys(api).sort(), frozen: Object.isFrozen(api) },
    };
  });
}

/** The page reaches nothing but the contract: the assertion every control below reuses. */
function expectSealed(seen: Awaited<ReturnType<typeof probe>>, launch: Launch): void {
  expect(seen.globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', ipcRenderer: 'undefined' });
  expect(seen.electronViaRequire).toBeNull();
  expect(seen.outsideViaApi).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  expect(seen.outsideViaIpc).toBeNull();
  expect(seen.api).toEqual({ keys: ['invoke', 'onStateDelta'], frozen: true });
  const reachedMain = new Set(launch.electron.ipcMain.traffic.filter((m) => m.direction === 'renderer→main').map((m) => m.channel));
  expect([...reachedMain].filter((channel) => !(INVOKE_CHANNELS as string[]).includes(channel)), 'channels outside the contract that reached main').toEqual([]);
}

// A preload that leaks what the real one keeps: a generic invoke and its require (Electron 29+ refuses ipcRenderer itself).
const WEAKENED_PRELOAD = `
  const leaked = require('electron');
  leaked.contextBridge.exposeInMainWorld('ipcRenderer', { invoke: (channel, ...args) => leaked.ipcRenderer.invoke(channel, ...args) });
  leaked.contextBridge.exposeInMainWorld('require', require);
`;

test('a page that tries require, process or a channel outside the contract gets nothing', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  expectSealed(await probe(popup), launch);
  expect((await launch.electron.window.webContents.pageHost()).preloadErrors).toEqual([]);
  // Every ipcMain registration, handlers and listeners alike: the contract's channels, checked by main-wrapper.ts,
  // and nothing else (electron-store, no longer used, added an unchecked listener in its constructor; ipc-registrations.spec.ts).
  const registrations = launch.electron.ipcMain.registrations();
  expect(registrations.filter((r) => r.kind === 'handle').map((r) => r.channel).sort()).toEqual([...INVOKE_CHANNELS].sort());
  expect(registrations.filter((r) => r.kind !== 'handle')).toEqual([]);
});

test('negative control: a popup that loses contextIsolation or gains Node does not boot as if it were isolated', async ({ machine }) => {
  // contextIsolation off: the preload runs in the page's own world and Electron's contextBridge refuses it.
  const shared = await machine.launch([], { weakenWebPreferences: { contextIsolation: false } });
  const popup = await shared.popup();
  const host = await shared.electron.window.webContents.pageHost();
  await expect.poll(() => host.preloadErrors).toEqual(['contextBridge API can only be used when contextIsolation is enabled']);
  expect(await popup.evaluate(() => typeof (globalThis as unknown as { counterTray?: unknown }).counterTray), 'the popup has no API').toBe('undefined');
  // Seen; cleared for the fixture's own checks (the popup's page errors follow from the missing API).
  host.preloadErrors.length = 0;
  host.pageErrors.length = 0;
  await shared.quit();

  // nodeIntegration on: the double refuses the window, naming it; main's startup fails and exits.
  const node = await machine.launch([], { weakenWebPreferences: { nodeIntegration: true } });
  expect(await node.exited).toBe(1);
  expect(readFileSync(join(machine.userData, 'logs', 'main.log'), 'utf8')).toContain('webPreferences.nodeIntegration: true is not modelled');
});

test('negative control: the same check fails against a preload that leaks ipcRenderer and require', async ({ machine, service }) => {
  const launch = await machine.launch([], { weakenPreload: WEAKENED_PRELOAD });
  const popup = await signIn(launch, service);
  const seen = await probe(popup);
  // A sandboxed preload's require('electron') (lib/sandboxed_renderer/api/module-list.ts).
  expect(seen.electronViaRequire).toEqual(['contextBridge', 'crashReporter', 'ipcRenderer', 'nativeImage', 'sharedTexture', 'webFrame', 'webUtils']);
  // The leaked invoke reaches main's ipcMain (Electron's own "No handler registered" answer comes from main, not from the preload).
  expect(seen.outsideViaIpc, 'the channel reached main').toMatch(/^threw: Error invoking remote method '__ELECTRON_LOG__': Error: No handler registered for '__ELECTRON_LOG__'/);
  expect(launch.electron.ipcMain.traffic.some((m) => m.direction === 'renderer→main' && m.channel === '__ELECTRON_LOG__')).toBe(true);
  expect(() => expectSealed(seen, launch)).toThrow();
  // Main logged it, as Electron does for every failed invoke; seen, so cleared for the fixture's own check.
  expect(launch.electron.electronLog.splice(0)).toEqual(["Error occurred in handler for '__ELECTRON_LOG__': Error: No handler registered for '__ELECTRON_LOG__'"]);
});

test("main refuses a frame that is not the app's page; forging the sender's URL lets it through (negative control)", async ({ machine, service }) => {
  const elsewhere = 'data:text/html,<title>elsewhere</title>';
  const ask = (page: Page) => page.evaluate(() => (globalThis as unknown as { counterTray: Api }).counterTray.invoke('state:get', {}));

  const honest = await machine.launch();
  await signIn(honest, service);
  await honest.electron.window.loadURL(elsewhere);
  expect(await ask(await honest.popup())).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
  await honest.quit();

  const forged = await machine.launch([], { forgeSenderUrl: 'app://counter-tray/index.html' });
  // Signed in already (same profile): wait for main's own load before replacing the page.
  await expect(rowOf(await forged.popup(), 'Coffees today')).toBeVisible();
  await forged.electron.window.loadURL(elsewhere);
  expect(await ask(await forged.popup())).toMatchObject({ ok: true });
});

test('the popup is served by main with its CSP header, opens no window and cannot navigate away', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const host = await launch.electron.window.webContents.pageHost();
  const index = host.served.find((response) => response.url === 'app://counter-tray/index.html');
  expect(index?.headers['content-security-policy']).toBe(PRODUCTION_CSP);
  expect(index?.headers['x-content-type-options']).toBe('nosniff');

  const opened = await popup.evaluate(() => {
    (globalThis as unknown as { open(url: string): unknown }).open('https://example.com/');
  });
  expect(opened).toBeUndefined();
  await expect.poll(() => host.windowOpens).toEqual([{ url: 'https://example.com/', allowed: false }]);
  await expect.poll(() => popup.context().pages().length, 'the window main denied is gone').toBe(1);

  const url = popup.url();
  const attempted = once(launch.electron.window.webContents, 'will-navigate');
  await popup.evaluate(() => {
    (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
  });
  const [event, target] = (await attempted) as [{ defaultPrevented: boolean }, string];
  expect(target).toBe('https://example.com/');
  expect(event.defaultPrevented, "main's will-navigate handler prevented it").toBe(true);
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  expect(popup.url()).toBe(url);
});

/** Every file of the profile, recursively (the command line's socket is no file: nothing is stored in it). */
function profileFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? profileFiles(path) : stat.isFile() ? [path] : [];
  });
}

test('the token never appears in the page, in IPC traffic or in the profile on disk', async ({ machine, service }) => {
  const token = ADA.token;
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(4);

  const page = await popup.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { documentElement: { outerHTML: string }; querySelectorAll(s: string): ArrayLike<{ value: string }> } }).document;
    const api = (globalThis as unknown as { counterTray: Api }).counterTray;
    const storage = globalThis as unknown as { localStorage: object; sessionStorage: object };
    return [doc.documentElement.outerHTML, ...Array.from(doc.querySelectorAll('input, textarea'), (field) => field.value), JSON.stringify(storage.localStorage), JSON.stringify(storage.sessionStorage), JSON.stringify(await api.invoke('state:get', {}))].join('\n');
  });
  expect(page).not.toContain(token);

  // Control: the one message that must carry it (what the user typed, on its way to main) is seen.
  const carrying = launch.electron.ipcMain.traffic.filter((message) => message.json.includes(token));
  expect(carrying.map((m) => `${m.direction} ${m.channel}`)).toEqual(['renderer→main session:connect']);
  expect(launch.electron.ipcMain.traffic.length).toBeGreaterThan(5);

  const files = profileFiles(machine.userData);
  expect(files.map((file) => file.slice(machine.userData.length + 1))).toEqual(expect.arrayContaining(['settings.json', 'token.json']));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    expect(text, file).not.toContain(token);
    expect(text, file).not.toContain(Buffer.from(token).toString('base64'));
  }
  // Control: token.json does hold it, encrypted with this machine's keyring, bound to the server it was entered for,
  // with where it is kept and the user's consents inside the same authenticated record; nothing outside.
  const stored = JSON.parse(readFileSync(join(machine.userData, 'token.json'), 'utf8')) as { version: number; encoding: string; data: string };
  expect(Object.keys(stored).sort()).toEqual(['data', 'encoding', 'version']);
  expect(stored).toMatchObject({ version: 3, encoding: 'safeStorage' });
  const plaintext = (await launch.electron.safeStorage.decryptStringAsync(Buffer.from(stored.data, 'base64'))).result;
  expect(JSON.parse(plaintext)).toEqual({ token, origin: new URL(service.url).origin, storage: 'encrypted', consents: { plainHttp: false, weakStorage: false }, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
});

test("the harness's own error net: a preload that throws is reported, not silently skipped (negative control)", async ({ machine }) => {
  const launch = await machine.launch([], { weakenPreload: "throw new Error('broken preload');" });
  const popup = await launch.popup();
  await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  const host = await launch.electron.window.webContents.pageHost();
  await expect.poll(() => host.preloadErrors.join('\n')).toContain('broken preload');
  // Seen; clear it, or the fixture's own check (which this test shows to work) fails the test.
  host.preloadErrors.length = 0;
  host.pageErrors.length = 0;
});
