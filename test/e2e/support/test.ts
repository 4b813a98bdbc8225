// Playwright fixtures: the built renderer served once per worker; per test a fresh
// service + app controller and a 360×480 page wired to it through the preload stand-in.
import { test as base, expect, type Page } from '@playwright/test';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppHarness, type AppHarness, type AppHarnessOptions } from '../../../dev-tools/web/app-harness';
import { ROOT, ensureRendererBuilt } from '../../../dev-tools/web/build-renderer';
import { installPreloadStandIn, type InstalledBridge } from '../../../dev-tools/web/preload-stand-in';
import { serveDirectory } from '../../../dev-tools/web/static-server';

export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots');

interface TestFixtures {
  harnessOptions: AppHarnessOptions;
  harness: AppHarness;
  bridge: InstalledBridge;
  popup: Page;
  /** Saves the current screen in light and dark as test-results/screenshots/<name>-<theme>.png. */
  shoot: (name: string) => Promise<void>;
}

export const test = base.extend<TestFixtures, { rendererUrl: string }>({
  rendererUrl: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Serve a private copy: a build started meanwhile (npm run build, another worker) empties dist/renderer.
      const copy = mkdtempSync(join(tmpdir(), 'counter-tray-renderer-'));
      cpSync(await ensureRendererBuilt(), copy, { recursive: true });
      const server = await serveDirectory(copy);
      await use(server.url);
      await server.close();
      rmSync(copy, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  harnessOptions: [{}, { option: true }],
  harness: async ({ harnessOptions }, use) => {
    const harness = await startAppHarness(harnessOptions);
    await use(harness);
    await harness.close();
  },
  bridge: async ({ page, harness }, use) => {
    const bridge = await installPreloadStandIn(page, harness.app);
    await use(bridge);
    bridge.detach();
  },
  popup: async ({ page, bridge, rendererUrl }, use) => {
    void bridge;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A CSP violation is a bug in the bundle, not noise.
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.setViewportSize({ width: 360, height: 480 });
    await page.goto(rendererUrl);
    await use(page);
    expect(errors, 'page errors or CSP violations').toEqual([]);
  },
  shoot: async ({ popup, harness }, use) => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await use(async (name) => {
      const html = popup.locator('html');
      const initial = (await html.getAttribute('data-theme')) ?? 'light';
      for (const theme of [initial, initial === 'light' ? 'dark' : 'light']) {
        harness.app.setSystemDark(theme === 'dark');
        await expect(html).toHaveAttribute('data-theme', theme);
        await popup.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}.png`), animations: 'disabled', caret: 'hide' });
      }
      harness.app.setSystemDark(initial === 'dark');
      await expect(html).toHaveAttribute('data-theme', initial);
    });
  },
});

export { expect };

export { chooseRowAction, rowOf, valueOf } from '../../../dev-tools/web/rows';
