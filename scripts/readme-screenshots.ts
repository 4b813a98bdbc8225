// npm run screenshots: the README's pictures, taken from the e2e harness (the built
// renderer, the preload stand-in, the app controller with the real core, the reference
// service with its demo data) in Debian's Chromium, so they show the app as it is now.
// Writes docs/screenshots/*.png at the popup's size (360×480), light and dark, a 300-counter
// list at 200 % zoom (180×240 CSS pixels at device scale 2, as Electron's zoomFactor 2 lays it
// out), and the tray icon's contact sheet (tray-icons.png, dev-tools/support/tray-icon-sheet.ts).
// Every picture twice: in English, and in German (name-de.png), the OS's language as
// app.getPreferredSystemLanguages() would say it, with the demo's counters named in German.
// On a fixed clock and fixed data: main's, the service's and the page's clocks stand at
// PICTURE_TIME (UTC) and a timer that could change a picture (an undo chip's lapse, a notice's)
// fires only where a step moves the clock on. A picture within the goldens' tolerance of the
// file it would replace leaves that file as it is (dev-tools/support/picture-file.ts).
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import playwrightConfig from '../playwright.config';
import { DEMO_OTHER_TOKEN, DEMO_TOKEN, DEMO_COUNTER_IDS } from '../src-service/index';
import type { Language } from '../src-shared/i18n/locale';
import type { Translator } from '../src-shared/i18n/translator';
import { translator } from '../dev-tools/support/i18n';
import { startAppHarness, type AppHarness, type AppHarnessOptions } from '../dev-tools/web/app-harness';
import { ensureRendererBuilt, ROOT } from '../dev-tools/web/build-renderer';
import { installPreloadStandIn } from '../dev-tools/web/preload-stand-in';
import { holdPageTimers } from '../dev-tools/web/held-timers';
import { serveDirectory } from '../dev-tools/web/static-server';
import { chooseRowAction, rowOf } from '../dev-tools/web/rows';
import { trayIconSheet } from '../dev-tools/support/tray-icon-sheet';
import { pictureClock, PICTURE_TIME } from '../dev-tools/support/fake-clock';
import { memoryFile } from '../dev-tools/support/memory-file';
import { writePicture } from '../dev-tools/support/picture-file';
import { yearOfActivity } from '../dev-tools/support/activity-year';
import { UNDO_WINDOW_MS } from '../src-main/app/activity/offers';
import { GroupId } from '../src-shared/domain/organise';
import { demoIn, MANY_TOKEN, manyCounters, NAMES, SYSTEM_LANGUAGES } from './readme-screenshots-data';

const OUT = join(ROOT, 'docs/screenshots');
const SERVICE_PORT = 8787;
const e2eLaunch = playwrightConfig.projects?.find((p) => p.name === 'chromium')?.use?.launchOptions ?? {};
// One raster thread and whole repaints: the edge of an anti-aliased focus ring otherwise differs by a pixel from run to run.
const launchOptions = { ...e2eLaunch, args: [...(e2eLaunch.args ?? []), '--num-raster-threads=1', '--disable-partial-raster', '--force-color-profile=srgb'] };

/** The language of the pictures being taken: shoot() names files after it, the harness tells the app. */
let language: Language = 'en';
let tr: Translator = translator('en');
async function withPopup(
  browser: Browser,
  rendererUrl: string,
  options: AppHarnessOptions,
  shots: (page: Page, harness: AppHarness, later: (ms: number) => Promise<void>) => Promise<void>,
  zoomed = false,
): Promise<void> {
  const clock = pictureClock(PICTURE_TIME);
  // One clock for the app, its core (when its own changes land) and the service (day values, its rate limit).
  const app = { ...options.app, clock, coreOverrides: { ...options.app?.coreOverrides, clock }, systemLanguages: SYSTEM_LANGUAGES[language] };
  // The port the docs use for the reference service, as Settings → Account shows it; one harness at a time holds it.
  const harness = await startAppHarness({ fixtures: demoIn(language), ...options, serviceNow: clock.now, servicePort: SERVICE_PORT, app }).catch((error: unknown) => {
    throw new Error(`the pictures' service needs 127.0.0.1:${SERVICE_PORT} (is \`npm run service\` running?)`, { cause: error });
  });
  const viewport = zoomed ? { viewport: { width: 180, height: 240 }, deviceScaleFactor: 2 } : { viewport: { width: 360, height: 480 } };
  const page = await browser.newPage({ ...viewport, timezoneId: 'UTC' });
  const bridge = await installPreloadStandIn(page, harness.app);
  try {
    // The page's clock stands at the same instant as main's; its long timers wait as main's do.
    const pageClock = await holdPageTimers(page, PICTURE_TIME);
    await page.goto(rendererUrl);
    await pageClock.check();
    await shots(page, harness, async (ms) => {
      await clock.advance(ms);
      await pageClock.advance(ms);
    });
  } finally {
    bridge.detach();
    await page.close();
    await harness.close();
  }
}

/** name.png in English, name-de.png in German (a "-dark" stays last: list-de-dark.png). */
const fileName = (name: string) => (language === 'en' ? name : name.replace(/(-dark)?$/, (dark) => `-${language}${dark}`));

async function shoot(page: Page, harness: AppHarness, name: string, theme: 'light' | 'dark' = 'light'): Promise<void> {
  harness.app.setSystemDark(theme === 'dark');
  await page.locator(`html[data-theme="${theme}"]`).waitFor();
  keep(`${fileName(name)}.png`, await settledScreenshot(page));
}

/** The files this run wrote or found the same: any other PNG in OUT is a picture no longer taken. */
const taken = new Set<string>();
function keep(file: string, png: Buffer): void {
  taken.add(file);
  console.log(`${writePicture(join(OUT, file), png)} ${join(OUT, file)}`);
}

/** Asks the app as the popup would; a refusal stops the run. */
async function ask(harness: AppHarness, ...args: Parameters<AppHarness['app']['dispatch']>): Promise<unknown> {
  const answer = await harness.app.dispatch(...args);
  if (!answer.ok) throw new Error(`${String(args[0])} for the screenshot failed: ${answer.error.message}`);
  return answer.value;
}

/** A picture of the page once two in a row are the same, as toHaveScreenshot waits: a late paint would make a second run differ. */
async function settledScreenshot(page: Page): Promise<Buffer> {
  const take = () => page.screenshot({ animations: 'disabled', caret: 'hide' });
  let previous = await take();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const next = await take();
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error('the page did not settle for its picture');
}

/** The same screen in the light and the dark theme: name.png and name-dark.png. */
async function shootBoth(page: Page, harness: AppHarness, name: string): Promise<void> {
  await shoot(page, harness, name);
  await shoot(page, harness, `${name}-dark`, 'dark');
  harness.app.setSystemDark(false);
  await page.locator('html[data-theme="light"]').waitFor();
}

mkdirSync(OUT, { recursive: true });
const rendererRoot = await ensureRendererBuilt();
const server = await serveDirectory(rendererRoot);
const browser = await chromium.launch(launchOptions);
try {
  for (const lang of ['en', 'de'] as const) {
    language = lang;
    tr = translator(lang);
    const names = NAMES[lang];
    await withPopup(browser, server.url, { signedInAs: null }, async (page, harness) => {
      await page.getByRole('heading', { name: tr.t('onboarding.title') }).waitFor();
      await shootBoth(page, harness, 'onboarding');
    });

    await withPopup(browser, server.url, { signedInAs: DEMO_TOKEN }, async (page, harness) => {
      await page.locator('.status-line[data-state="live"]').waitFor();
      await rowOf(page, names.coffees).waitFor();
      // Another member drinks a coffee: the change arrives over the WebSocket.
      const response = await harness.asUser(DEMO_OTHER_TOKEN, 'POST', `/v2/counters/${DEMO_COUNTER_IDS.coffees}/increment`);
      if (response.status !== 200) throw new Error(`the other user's increment answered ${response.status}`);
      await rowOf(page, names.coffees).getByTestId('value').filter({ hasText: /^4$/ }).waitFor();
      await rowOf(page, names.coffees).getByTestId('today').filter({ hasText: tr.t('row.today', { amount: '+1' }) }).waitFor();
      // A pinned counter (first, and in the tray), and the mouse away from the rows.
      await ask(harness, 'settings:update', { pinned: [DEMO_COUNTER_IDS.pushUps] });
      await page.getByRole('listitem').first().filter({ has: page.locator('.pin-mark') }).waitFor();
      await page.getByLabel(tr.t('list.search')).focus();
      await shoot(page, harness, 'list');
      await shoot(page, harness, 'list-dark', 'dark');
      harness.app.setSystemDark(false);
      await page.locator('html[data-theme="light"]').waitFor();
      await page.keyboard.press('?');
      await page.locator('#key-hints').waitFor();
      await shoot(page, harness, 'keys');
      await page.keyboard.press('Escape');

      // Activity: one own coffee and the other member's, then the counter's detail view, with
      // the coffee's Undo (its lapse waits for a clock that stands still).
      harness.app.setSystemDark(false);
      await page.getByRole('button', { name: tr.t('row.increase', { name: names.coffees }) }).click();
      await rowOf(page, names.coffees).getByTestId('today').filter({ hasText: tr.t('row.today', { amount: '+2' }) }).waitFor();
      await chooseRowAction(page, names.coffees, tr.t('menu.activity'), tr.t('row.actions', { name: names.coffees }));
      await page.getByTestId('detail-today').filter({ hasText: tr.t('detail.today', { total: '+2', you: '+1', others: '+1' }) }).waitFor();
      await shoot(page, harness, 'detail-light');
      await shoot(page, harness, 'detail-dark', 'dark');
      await page.keyboard.press('Escape');
      harness.app.setSystemDark(false);

      await page.getByRole('button', { name: tr.t('list.settings') }).click();
      await page.getByRole('heading', { name: tr.t('settings.title') }).waitFor();
      await shootBoth(page, harness, 'settings');
    });

    // Goals in progress on the rows, a milestone today, the edit page's goal, the export screen.
    await withPopup(browser, server.url, { signedInAs: DEMO_TOKEN }, async (page, harness, later) => {
      await page.locator('.connection[data-status="live"]').waitFor();
      const dispatch = (...args: Parameters<AppHarness['app']['dispatch']>) => ask(harness, ...args);
      await dispatch('goal:set', { id: DEMO_COUNTER_IDS.coffees, goal: { target: 8, period: 'day', count: 'all' } });
      await dispatch('goal:set', { id: DEMO_COUNTER_IDS.pushUps, goal: { target: 150, period: 'week', count: 'mine' } });
      // "Since we moved in" turns 100 days today; "Until the trip" shows its next milestone.
      const hundredDaysAgo = new Date(PICTURE_TIME - 100 * 86_400_000).toISOString().slice(0, 10);
      await dispatch('counter:update', { id: DEMO_COUNTER_IDS.sinceMovedIn, patch: { startDate: hundredDaysAgo } });
      await dispatch('counter:increment', { id: DEMO_COUNTER_IDS.coffees, amount: 2 });
      await dispatch('counter:increment', { id: DEMO_COUNTER_IDS.pushUps, amount: 60 });
      const other = await harness.asUser(DEMO_OTHER_TOKEN, 'POST', `/v2/counters/${DEMO_COUNTER_IDS.coffees}/increment`);
      if (other.status !== 200) throw new Error(`the other user's increment answered ${other.status}`);
      const progress = (done: number, target: number, period: 'day' | 'week') => tr.t('goal.progress', { done: tr.number(done), target: tr.number(target), period });
      await rowOf(page, names.coffees).getByTestId('goal').filter({ hasText: progress(3, 8, 'day') }).waitFor();
      await rowOf(page, names.pushUps).getByTestId('goal').filter({ hasText: progress(60, 150, 'week') }).waitFor();
      await rowOf(page, names.sinceMovedIn).getByTestId('milestone').filter({ hasText: tr.t('milestone.today', { milestone: tr.t('milestone.days', { count: 100 }) }) }).waitFor();
      // The goals as they stand once the last +60's Undo has lapsed: the rows' own lines, no chip.
      await page.locator('.status-line[data-state="live"]').waitFor();
      await later(UNDO_WINDOW_MS);
      await page.locator('.undo-chip').waitFor({ state: 'detached' });
      await page.getByLabel(tr.t('list.search')).focus();
      await shootBoth(page, harness, 'goals');

      await chooseRowAction(page, names.coffees, tr.t('menu.edit'), tr.t('row.actions', { name: names.coffees }));
      await page.getByLabel(tr.t('goal.howMany')).waitFor();
      await page.getByRole('heading', { name: tr.t('local.title') }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await shootBoth(page, harness, 'edit-goal');

      await page.getByRole('button', { name: tr.t('export.button') }).click();
      await page.getByRole('radio', { name: new RegExp(`^${tr.t('export.all')}`) }).check();
      await page.getByRole('button', { name: tr.t('export.save') }).click();
      await page.getByTestId('export-result').filter({ hasText: /\.csv/ }).waitFor();
      await shootBoth(page, harness, 'export');
    });

    // 200 % zoom with a long list: 300 counters, rows reflowed to 180 CSS pixels (WCAG 1.4.10).
    await withPopup(
      browser,
      server.url,
      { fixtures: manyCounters(language), signedInAs: MANY_TOKEN },
      async (page, harness) => {
        await rowOf(page, `${names.many[0]} 1`).waitFor();
        await page.keyboard.press('ArrowDown');
        await shootBoth(page, harness, 'list-zoom200');
      },
      true,
    );

    // A year the record kept (it began 300 days ago): the activity view's year as a heatmap.
    const year = JSON.stringify(yearOfActivity({ counterIds: [DEMO_COUNTER_IDS.coffees], now: PICTURE_TIME, zone: 'UTC', since: 300 }).toFile());
    await withPopup(browser, server.url, { signedInAs: DEMO_TOKEN, app: { activityFiles: { forOwner: () => memoryFile(year) } } }, async (page, harness) => {
      await chooseRowAction(page, names.coffees, tr.t('menu.activity'), tr.t('row.actions', { name: names.coffees }));
      await page.getByRole('radio', { name: tr.t('history.year') }).click();
      await page.getByRole('grid').waitFor();
      // Half a year in two whole bands, under the line that tells the day under the pointer: that
      // line first (its height changes), then the view scrolled to the year, then the pointer back on the day.
      const day = page.locator('[data-date="2026-11-10"]');
      await day.hover();
      await page.getByTestId('heat-tooltip').filter({ hasText: /2026/ }).waitFor();
      await page.locator('.heatmap').evaluate((heatmap) => {
        const body = heatmap.closest('.detail-body');
        if (!body) return;
        const top = body.getBoundingClientRect().top + Number.parseFloat(heatmap.ownerDocument.defaultView?.getComputedStyle(body).paddingTop ?? '0');
        body.scrollTop += heatmap.getBoundingClientRect().top - top;
      });
      await day.hover();
      await shootBoth(page, harness, 'year');
    });

    // Groups: two of them, a counter left in Ungrouped; then one folded, its count on its header.
    await withPopup(browser, server.url, { signedInAs: DEMO_TOKEN }, async (page, harness) => {
      await page.locator('.status-line[data-state="live"]').waitFor();
      const kitchen = GroupId.parse(await ask(harness, 'group:create', { name: names.kitchen }));
      const days = GroupId.parse(await ask(harness, 'group:create', { name: names.days }));
      const placed: [string, string][] = [[DEMO_COUNTER_IDS.coffees, kitchen], [DEMO_COUNTER_IDS.cookiesLeft, kitchen], [DEMO_COUNTER_IDS.sinceMovedIn, days], [DEMO_COUNTER_IDS.untilTrip, days]];
      for (const [id, group] of placed) await ask(harness, 'counter:place', { id, group, before: null });
      await page.locator('.group-header.ungrouped').getByText(tr.t('group.count', { count: 1 })).waitFor();
      await page.getByLabel(tr.t('list.search')).focus();
      await shootBoth(page, harness, 'groups');
      await ask(harness, 'group:fold', { id: days, folded: true });
      await page.locator('.group-header').filter({ hasText: names.days }).getByText(tr.t('group.count', { count: 2 })).waitFor();
      await shootBoth(page, harness, 'groups-folded');
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
          const renamed = await app.dispatch('counter:update', { id: DEMO_COUNTER_IDS.coffees, patch: { name: names.long } });
          if (!renamed.ok) throw new Error(`renaming for the screenshot failed: ${renamed.error.message}`);
        },
      },
      async (page, harness) => {
        await page.locator('.connection[data-status="offline"]').waitFor();
        await rowOf(page, names.long).waitFor();
        await shootBoth(page, harness, 'offline-launch');
      },
    );
  }
  keep('tray-icons.png', trayIconSheet());
  for (const stale of readdirSync(OUT).filter((file) => file.endsWith('.png') && !taken.has(file))) {
    rmSync(join(OUT, stale));
    console.log(`removed ${join(OUT, stale)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
