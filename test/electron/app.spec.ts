// The real Electron app, driven by Playwright's _electron, against the reference
// Counter Service on loopback. Where no Electron binary is installed (our CI: the
// npm package gives only the types) the whole file skips with one line.
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEMO_COUNTER_IDS, DEMO_TOKEN, startCounterService, type CounterService } from '../../src-service/index';

/**
 * In Node, require('electron') answers the binary's path, or throws when there is none. But
 * electron@45 first tries to download a missing binary, synchronously, which on a machine
 * without that network can hang: so look at what its index.js looks at (path.txt, dist/) before
 * asking it.
 */
function findElectron(): { path: string } | { missing: string } {
  const require = createRequire(import.meta.url);
  try {
    if (!process.env.ELECTRON_OVERRIDE_DIST_PATH) {
      const electronDir = dirname(require.resolve('electron/package.json'));
      const pathFile = join(electronDir, 'path.txt');
      if (!existsSync(pathFile)) return { missing: 'node_modules/electron holds no binary (types only; its download was skipped or failed)' };
      const executable = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
      if (!existsSync(executable)) return { missing: `${executable} does not exist` };
    }
    const path: unknown = require('electron');
    if (typeof path === 'string' && existsSync(path)) return { path };
    return { missing: `${String(path)} does not exist` };
  } catch (error) {
    return { missing: error instanceof Error ? (error.message.split('\n')[0] ?? 'require failed') : String(error) };
  }
}

const electronBinary = findElectron();
test.skip('missing' in electronBinary, `Electron binary is not installed here: ${'missing' in electronBinary ? electronBinary.missing : ''}`);

/** Linux without a display: a private Xvfb (xvfb-run's job, done here so Playwright can launch directly). */
async function ensureDisplay(): Promise<{ env: Record<string, string>; stop(): void }> {
  if (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY) return { env: {}, stop: () => undefined };
  const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('error', reject);
    xvfb.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { env: { DISPLAY: `:${display}` }, stop: () => void xvfb.kill() };
}

test.describe('Counter Tray in Electron', () => {
  let service: CounterService;
  let app: ElectronApplication;
  let popup: Page;
  let userData: string;
  let display: { env: Record<string, string>; stop(): void };

  test.beforeAll(async () => {
    expect(existsSync('dist/main/main.js'), 'run `npm run build` first').toBe(true);
    service = await startCounterService({ port: 0, fixtures: 'demo' });
    userData = mkdtempSync(join(tmpdir(), 'counter-tray-e2e-'));
    display = await ensureDisplay();
    app = await electron.launch({
      ...('path' in electronBinary ? { executablePath: electronBinary.path } : {}),
      // --open: the same path as the Wayland command-line fallback (second-instance / launch argv).
      args: ['.', '--open', ...(process.platform === 'linux' ? ['--password-store=basic'] : [])],
      env: { ...process.env, ...display.env, COUNTER_TRAY_USER_DATA: userData, ELECTRON_ENABLE_LOGGING: '1' } as Record<string, string>,
    });
    popup = await app.firstWindow();
    await popup.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    await service?.close();
    display?.stop();
    if (userData) rmSync(userData, { recursive: true, force: true });
  });

  test('launches hardened, signs in against the reference service, and a click increments', async () => {
    await test.step('the popup runs sandboxed and isolated, from our own origin', async () => {
      const seen = await app.evaluate(({ app: electronApp, BrowserWindow }) => {
        const contents = BrowserWindow.getAllWindows()[0]?.webContents;
        // Not in the public typings; present at run time in the Electrons we target. Undefined otherwise.
        const prefs = (contents as unknown as { getLastWebPreferences?: () => unknown } | undefined)?.getLastWebPreferences?.();
        const pid = contents?.getOSProcessId();
        // ProcessMetric.sandboxed is reported on macOS and Windows only.
        const sandboxed = electronApp.getAppMetrics().find((m) => m.pid === pid)?.sandboxed;
        return { prefs: prefs ?? null, sandboxed: sandboxed ?? null };
      });
      if (seen.prefs !== null) expect(seen.prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false });
      if (seen.sandboxed !== null) expect(seen.sandboxed).toBe(true);
      expect(popup.url()).toMatch(/^app:\/\/counter-tray\//);
      // The effects, whatever the platform: no Node in the page (nodeIntegration off, sandboxed
      // preload), and an API that only contextBridge could have put there (contextIsolation on).
      const exposed = await popup.evaluate(() => {
        const page = globalThis as unknown as { counterTray?: object; process?: unknown; require?: unknown; module?: unknown };
        return { api: Object.keys(page.counterTray ?? {}).sort(), process: typeof page.process, require: typeof page.require, module: typeof page.module };
      });
      expect(exposed).toEqual({ api: ['invoke', 'on'], process: 'undefined', require: 'undefined', module: 'undefined' });
    });

    await test.step('signs in, and a click in the popup increments the counter on the server', async () => {
      const result = await popup.evaluate(
        ({ serverUrl, token }) => (globalThis as unknown as { counterTray: { invoke(c: string, r: unknown): Promise<unknown> } }).counterTray.invoke('session:connect', { serverUrl, token }),
        { serverUrl: service.url, token: DEMO_TOKEN },
      );
      expect(result).toEqual({ ok: true, value: null });
      const before = service.getCounter(DEMO_COUNTER_IDS.coffees)?.value ?? 0;
      const name = service.getCounter(DEMO_COUNTER_IDS.coffees)?.name ?? 'Coffees today';
      await popup.getByRole('button', { name: `Increase ${name}` }).click();
      await expect.poll(() => service.getCounter(DEMO_COUNTER_IDS.coffees)?.value).toBe(before + 1);
    });

    await test.step('the window is not a way out: window.open is denied and navigation prevented', async () => {
      expect(await popup.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('https://example.com') === null)).toBe(true);
      await popup.evaluate(() => {
        (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
      });
      // will-navigate is answered synchronously in main; one round trip later the URL must be unchanged.
      await popup.evaluate(() => 0);
      expect(popup.url()).toMatch(/^app:\/\/counter-tray\//);
      expect(app.windows()).toHaveLength(1);
    });
  });
});
