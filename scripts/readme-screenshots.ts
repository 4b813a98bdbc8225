// npm run screenshots: the README's pictures, taken from the e2e harness (the built
// renderer, the preload stand-in, the app controller with the real core, the reference
// service with its demo data) in Debian's Chromium, so they show the app as it is now.
// Writes docs/screenshots/*.png at the popup's size (360×480), light and dark, a 300-counter
// list at 200 % zoom (180×240 CSS pixels at device scale 2, as Electron's zoomFactor 2 lays it
// out), and the tray icon's contact sheet (tray-icons.png, dev-tools/support/tray-icon-sheet.ts).
// Every picture twice: in English, and in German (name-de.png), the OS's language as
// app.getPreferredSystemLanguages() would say it, with the demo's counters named in German.
// On a fixed clock and fixed data (main's clock, the service's and the page's start at
// PICTURE_TIME, in UTC): a second run writes the same bytes, so a clean clone stays clean.
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import playwrightConfig from '../playwright.config';
import { DEMO_OTHER_TOKEN, DEMO_TOKEN, DEMO_COUNTER_IDS, demoFixtures } from '../src-service/index';
import type { Language } from '../src-shared/i18n/locale';
import type { Translator } from '../src-shared/i18n/translator';
import { translator } from '../dev-tools/support/i18n';
import { startAppHarness, type AppHarness, type AppHarnessOptions } from '../dev-tools/web/app-harness';
import { ensureRendererBuilt, ROOT } from '../dev-tools/web/build-renderer';
import { installPreloadStandIn } from '../dev-tools/web/preload-stand-in';
import { serveDirectory } from '../dev-tools/web/static-server';
import { chooseRowAction, rowOf } from '../dev-tools/web/rows';
import { trayIconSheet } from '../dev-tools/support/tray-icon-sheet';
import { clockRunningFrom, PICTURE_TIME } from '../dev-tools/support/fake-clock';
import { writeFileSync } from 'node:fs';

const OUT = join(ROOT, 'docs/screenshots');
const SERVICE_PORT = 8787;
const e2eLaunch = playwrightConfig.projects?.find((p) => p.name === 'chromium')?.use?.launchOptions ?? {};
// One raster thread and whole repaints: the edge of an anti-aliased focus ring otherwise differs by a pixel from run to run.
const launchOptions = { ...e2eLaunch, args: [...(e2eLaunch.args ?? []), '--num-raster-threads=1', '--disable-partial-raster', '--force-color-profile=srgb'] };

/** What the pictures call things, per language: the demo's counters as a German user would name them. */
const NAMES = {
  en: { coffees: 'Coffees today', pushUps: 'Push-ups this week', sinceMovedIn: 'Since we moved in', long: 'Glasses of water before the stand-up mtg', many: ['Coffees today', 'Glasses of water', 'Push-ups this week', 'Pages read', 'Stand-ups attended', 'Bugs fixed', 'Plants watered', 'Km cycled'] },
  de: { coffees: 'Kaffee heute', pushUps: 'Liegestütze diese Woche', sinceMovedIn: 'Seit dem Umzug', long: 'Gläser Wasser vor dem Stand-up-Meeting', many: ['Kaffee heute', 'Gläser Wasser', 'Liegestütze', 'Gelesene Seiten', 'Stand-ups', 'Behobene Fehler', 'Gegossene Pflanzen', 'Gefahrene km'] },
} as const satisfies Record<Language, unknown>;
const GERMAN_DEMO: Record<string, string> = {
  [DEMO_COUNTER_IDS.coffees]: NAMES.de.coffees,
  [DEMO_COUNTER_IDS.sinceMovedIn]: NAMES.de.sinceMovedIn,
  [DEMO_COUNTER_IDS.untilTrip]: 'Bis zur Reise',
  [DEMO_COUNTER_IDS.pushUps]: NAMES.de.pushUps,
  [DEMO_COUNTER_IDS.cookiesLeft]: 'Kekse übrig',
  [DEMO_COUNTER_IDS.alansPlants]: 'Alans Pflanzen gegossen',
};

/** The language of the pictures being taken: shoot() names files after it, the harness tells the app. */
let language: Language = 'en';
let tr: Translator = translator('en');
const SYSTEM_LANGUAGES: Record<Language, string[]> = { en: ['en-US'], de: ['de-DE'] };

function demoIn(lang: Language) {
  const fixtures = demoFixtures();
  if (lang === 'en') return fixtures;
  return { ...fixtures, counters: fixtures.counters.map((c) => ({ ...c, name: GERMAN_DEMO[c.id] ?? c.name })) };
}

async function withPopup(
  browser: Browser,
  rendererUrl: string,
  options: AppHarnessOptions,
  shots: (page: Page, harness: AppHarness) => Promise<void>,
  zoomed = false,
): Promise<void> {
  const clock = clockRunningFrom(PICTURE_TIME);
  // One clock for the app, its core (when its own changes land) and the service (day values).
  const app = { ...options.app, clock, coreOverrides: { ...options.app?.coreOverrides, clock }, systemLanguages: SYSTEM_LANGUAGES[language] };
  // The port the docs use for the reference service, as Settings → Account shows it; one harness at a time holds it.
  const harness = await startAppHarness({ fixtures: demoIn(language), ...options, serviceNow: clock.now, servicePort: SERVICE_PORT, app }).catch((error: unknown) => {
    throw new Error(`the pictures' service needs 127.0.0.1:${SERVICE_PORT} (is \`npm run service\` running?)`, { cause: error });
  });
  const viewport = zoomed ? { viewport: { width: 180, height: 240 }, deviceScaleFactor: 2 } : { viewport: { width: 360, height: 480 } };
  const page = await browser.newPage({ ...viewport, timezoneId: 'UTC' });
  const bridge = await installPreloadStandIn(page, harness.app);
  try {
    // The page's clock runs from the same instant as main's, so "today" is the same day for both.
    await page.clock.install({ time: PICTURE_TIME });
    await page.goto(rendererUrl);
    await shots(page, harness);
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
  const path = join(OUT, `${fileName(name)}.png`);
  writeFileSync(path, await settledScreenshot(page));
  console.log(path);
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

const manyCounters = () => {
  const member = { userId: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', isAdmin: true };
  const names = NAMES[language].many;
  return {
    users: [{ id: member.userId, displayName: 'Ada Lovelace', token: 'ada-secret-token-0123456789' }],
    counters: Array.from({ length: 300 }, (_, i) => ({
      id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`,
      name: `${names[i % names.length] ?? 'Counter'} ${Math.floor(i / names.length) + 1}`,
      type: 'UpDown' as const,
      value: (i * 37) % 250,
      created: '2026-01-05T09:00:00Z',
      members: [member],
    })),
  };
};

rmSync(OUT, { recursive: true, force: true });
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
      const pinned = await harness.app.dispatch('settings:update', { pinned: [DEMO_COUNTER_IDS.pushUps] });
      if (!pinned.ok) throw new Error(`pinning for the screenshot failed: ${pinned.error.message}`);
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

      // Activity: one own coffee and the other member's, then the counter's detail view.
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
    await withPopup(browser, server.url, { signedInAs: DEMO_TOKEN }, async (page, harness) => {
      await page.locator('.connection[data-status="live"]').waitFor();
      const dispatch = async (...args: Parameters<AppHarness['app']['dispatch']>) => {
        const answer = await harness.app.dispatch(...args);
        if (!answer.ok) throw new Error(`${String(args[0])} for the screenshot failed: ${answer.error.message}`);
      };
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
      { fixtures: manyCounters(), signedInAs: 'ada-secret-token-0123456789' },
      async (page, harness) => {
        await rowOf(page, `${names.many[0]} 1`).waitFor();
        await page.keyboard.press('ArrowDown');
        await shootBoth(page, harness, 'list-zoom200');
      },
      true,
    );

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
  writeFileSync(join(OUT, 'tray-icons.png'), trayIconSheet());
  console.log(join(OUT, 'tray-icons.png'));
} finally {
  await browser.close();
  await server.close();
}
