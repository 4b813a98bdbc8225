// Scenario 7, boot: the shipped build (dist/main/main.js, preload.cjs, dist/renderer)
// started under the Electron double (test/electron-double), the popup a real Chromium
// page. Measures what main.ts and the popup cost at launch and on a tray click; what
// Electron itself adds (process start, window mapping) is not in the double.
import { once } from 'node:events';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startCounterService, type CounterService } from '../../src-service/index';
import { ADA, e2eFixtures } from '../../test/e2e/support/e2e-fixtures';
import { DesktopMachine } from '../../test/electron-double/boot';
import { ensureBuilt } from '../../test/electron-double/build-output';
import type { Row, ScenarioResult } from '../report';
import { median, ms, percentile } from '../stats';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SCENARIO = 'Boot: shipped build under the Electron double';

// Runs in the popup before its own scripts: stamps (wall clock) the first counter row with its buttons, after a forced layout.
const LIST_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-counter-id] button')) return;
    document.body.getBoundingClientRect();
    window.__benchListAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const wallNow = () => performance.timeOrigin + performance.now();

async function listRenderedAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (globalThis as unknown as { __benchListAt?: number }).__benchListAt, undefined, { timeout: 30_000 });
  return (await handle.jsonValue()) as number;
}

async function signInOnce(machine: DesktopMachine, service: CounterService): Promise<void> {
  const launch = await machine.launch();
  const page = await launch.popup();
  await page.getByLabel('Server').fill(service.url);
  await page.getByLabel('API token').fill(ADA.token);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.locator('[data-counter-id]').first().waitFor();
  await launch.quit();
}

export async function runBoot(options: { launches: number; clicks: number; log: (line: string) => void }): Promise<ScenarioResult> {
  ensureBuilt();
  const service = await startCounterService({ port: 0, fixtures: e2eFixtures() });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const machine = new DesktopMachine(browser);
  try {
    await signInOnce(machine, service);

    const toInteractive: number[] = [];
    const toReady: number[] = [];
    for (let run = 0; run <= options.launches; run += 1) {
      const start = wallNow();
      const launch = await machine.launch(['--open'], { instrument: LIST_PROBE });
      toReady.push(wallNow() - start);
      toInteractive.push((await listRenderedAt(await launch.popup())) - start);
      options.log(`boot: launch ${run} → list ${toInteractive.at(-1)?.toFixed(1)} ms`);
      await launch.quit();
    }
    const [cold = Number.NaN, ...warm] = toInteractive;

    const launch = await machine.launch([], { instrument: LIST_PROBE });
    const window = await launch.electron.firstWindow;
    await listRenderedAt(await launch.popup());
    const clicks: number[] = [];
    for (let click = 0; click < options.clicks; click += 1) {
      window.blur(); // hidden, as after the user clicked elsewhere
      const shown = once(window, 'show');
      const start = performance.now();
      launch.electron.tray.clickMenuItem('Open Counter Tray');
      await shown;
      clicks.push(performance.now() - start);
    }
    await launch.quit();

    const rows: Row[] = [
      {
        scenario: SCENARIO,
        measure: 'launch → popup interactive',
        app: `${ms(median(warm))} (first launch ${ms(cold)})`,
        how: `wall clock (performance.timeOrigin + now() in Node and in the page) from just before import(dist/main/main.js) to a MutationObserver in the popup seeing the first counter row with its buttons, layout forced; signed-in profile, \`--open\`, reference service on 127.0.0.1; median of ${warm.length} launches after a first (cold) one, each a fresh module graph and Chromium context; leaves out Electron's own process and renderer start-up`,
      },
      {
        scenario: SCENARIO,
        measure: '  main.js evaluated + ready emitted',
        app: ms(median(toReady.slice(1))),
        how: 'same clock, to the double emitting app ready after main.js (and its dependencies: electron-log, ws, zod) evaluated',
      },
      {
        scenario: SCENARIO,
        measure: 'tray click → popup visible',
        app: `${ms(median(clicks), 2)} (p90 ${ms(percentile(clicks, 90), 2)})`,
        how: `Linux: the tray menu's "Open Counter Tray" item (the AppIndicator delivers no icon clicks); performance.now() from the item's click to BrowserWindow.show() in the double (main's action → popup.show → placement → show), popup page already loaded; excludes the OS mapping the window; median of ${clicks.length}`,
      },
    ];
    return { rows, data: { toInteractiveMs: toInteractive, toReadyMs: toReady, trayClickMs: clicks } };
  } finally {
    await machine.close();
    await browser.close();
    await service.close();
  }
}
