// npm run screenshots: the README's pictures, taken from the e2e harness (the built
// renderer, the preload stand-in, the app controller with the real core, the reference
// service with its demo data) in Debian's Chromium, so they show the app as it is now.
// Writes docs/screenshots/*.png at the popup's size (360×480).
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import playwrightConfig from '../playwright.config';
import { DEMO_OTHER_TOKEN, DEMO_TOKEN, DEMO_COUNTER_IDS } from '../src-service/index';
import { startAppHarness, type AppHarness, type AppHarnessOptions } from '../test/e2e/support/app-harness';
import { ensureRendererBuilt, ROOT } from '../test/e2e/support/build-renderer';
import { installPreloadStandIn } from '../test/e2e/support/preload-stand-in';
import { serveDirectory } from '../test/e2e/support/static-server';
import { rowOf } from '../test/e2e/support/test';

const OUT = join(ROOT, 'docs/screenshots');
const launchOptions = playwrightConfig.projects?.find((p) => p.name === 'chromium')?.use?.launchOptions ?? {};

const LONG_NAME = 'Glasses of water before the stand-up mtg';

async function withPopup(
  browser: Browser,
  rendererUrl: string,
  options: AppHarnessOptions,
  shots: (page: Page, harness: AppHarness) => Promise<void>,
): Promise<void> {
  const harness = await startAppHarness({ fixtures: 'demo', ...options });
  const page = await browser.newPage({ viewport: { width: 360, height: 480 } });
  const bridge = await installPreloadStandIn(page, harness.app);
  try {
    await page.goto(rendererUrl);
    await shots(page, harness);
  } finally {
    bridge.detach();
    await page.close();
    await harness.close();
  }
}

async function shoot(page: Page, harness: AppHarness, name: string, theme: 'light' | 'dark' = 'light'): Promise<void> {
  harness.app.setSystemDark(theme === 'dark');
  await page.locator(`html[data-theme="${theme}"]`).waitFor();
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  console.log(path);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const rendererRoot = await ensureRendererBuilt();
const server = await serveDirectory(rendererRoot);
const browser = await chromium.launch(launchOptions);
try {
  await withPopup(browser, server.url, { signedInAs: null }, async (page, harness) => {
    await page.getByRole('heading', { name: 'Connect to CountTogether' }).waitFor();
    await shoot(page, harness, 'onboarding');
  });

  await withPopup(browser, server.url, { signedInAs: DEMO_TOKEN }, async (page, harness) => {
    await page.locator('.connection[data-status="live"]').waitFor();
    await rowOf(page, 'Coffees today').waitFor();
    // Another member drinks a coffee: the change arrives over the WebSocket.
    const response = await harness.asUser(DEMO_OTHER_TOKEN, 'POST', `/v2/counters/${DEMO_COUNTER_IDS.coffees}/increment`);
    if (response.status !== 200) throw new Error(`the other user's increment answered ${response.status}`);
    await rowOf(page, 'Coffees today').getByTestId('value').filter({ hasText: /^4$/ }).waitFor();
    await shoot(page, harness, 'list');
    await shoot(page, harness, 'list-dark', 'dark');

    // Activity: one own coffee and the other member's, then the counter's detail view.
    harness.app.setSystemDark(false);
    await page.getByRole('button', { name: 'Increase Coffees today' }).click();
    await rowOf(page, 'Coffees today').getByTestId('today').filter({ hasText: '+2 today' }).waitFor();
    await page.getByRole('button', { name: 'Activity of Coffees today' }).click();
    await page.getByTestId('detail-today').filter({ hasText: 'you +1, others +1' }).waitFor();
    await shoot(page, harness, 'detail-light');
    await shoot(page, harness, 'detail-dark', 'dark');
    await page.keyboard.press('Escape');
    harness.app.setSystemDark(false);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await shoot(page, harness, 'settings');
  });

  // A launch while the server is away: the counters the previous run saw (one with a
  // 40-character name, the longest the service allows), greyed, with "Retry now".
  await withPopup(
    browser,
    server.url,
    {
      signedInAs: DEMO_TOKEN,
      serverDown: true,
      previousRun: async (app) => {
        const renamed = await app.dispatch('counter:update', { id: DEMO_COUNTER_IDS.coffees, patch: { name: LONG_NAME } });
        if (!renamed.ok) throw new Error(`renaming for the screenshot failed: ${renamed.error.message}`);
      },
    },
    async (page, harness) => {
      await page.locator('.connection', { hasText: 'Offline since' }).waitFor();
      await rowOf(page, LONG_NAME).waitFor();
      await shoot(page, harness, 'offline-launch');
    },
  );
} finally {
  await browser.close();
  await server.close();
}
