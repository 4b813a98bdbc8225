// Every screen in German passes axe (light and dark) and the 200 % zoom
// checks; the pseudo-locale run (accented, ~40 % longer) finds no text that escaped the catalog
// and no text a box cuts off at 200 % zoom. The same tour (support/tour.ts) for both, driven by
// the catalog's words in the language under test. Language follows the OS (the harness's
// `systemLanguages`, as app.getPreferredSystemLanguages() would say) and Settings → Language
// switches the popup at once.
import { PSEUDO, type CatalogName } from '../../src-shared/i18n/locale';
import { translator } from '../../dev-tools/support/i18n';
import type { AppHarnessOptions } from '../../dev-tools/web/app-harness';
import { e2eFixtures } from '../../dev-tools/web/e2e-fixtures';
import { expectReachableZoomed, sweep, ZOOMED, POPUP } from './support/sweep';
import { sawCountersOnce, tourConnecting, tourData, tourEdit, tourEmpty, tourGoals, tourList, tourOffline, tourOnboarding, tourStatus, type ScreenCheck } from './support/tour';
import { updatesStandIn } from '../../dev-tools/web/updates-stand-in';
import { clippedBrackets, collectUiText, strayWords } from './support/ui-text';
import { expect, rowOf, test } from './support/test';
import type { Page } from '@playwright/test';
import type { AppHarness } from '../../dev-tools/web/app-harness';

const PARTS = [
  { name: 'list, activity, settings', options: {}, tour: tourList },
  { name: 'edit pages and a refused direction', options: {}, tour: tourEdit },
  { name: 'goals, milestones, reset and its undo, export, updates', options: { app: { updates: updatesStandIn() } }, tour: tourGoals },
  { name: 'reconnecting, unauthorized, replace token', options: {}, tour: tourStatus },
  { name: 'nothing shared', options: { fixtures: { ...e2eFixtures(), counters: [] } }, tour: tourEmpty },
  { name: 'onboarding', options: { signedInAs: null }, tour: tourOnboarding },
  { name: 'server away at launch', options: { serverDown: true }, tour: tourConnecting },
  { name: 'offline launch', options: { serverDown: true, previousRun: sawCountersOnce }, tour: tourOffline },
] as const satisfies readonly { name: string; options: AppHarnessOptions; tour: unknown }[];

const withLanguage = (options: AppHarnessOptions, languages: string[]): AppHarnessOptions => ({ ...options, app: { ...options.app, systemLanguages: languages } });

/** German: axe in both themes and every control in reach at 200 % zoom, on every screen. */
const germanCheck = (popup: Page, harness: AppHarness): ScreenCheck => (screen) => sweep(popup, harness, `de: ${screen}`);

/** The pseudo-locale: no stray word at the normal size; at 200 % every control in reach and no bracket cut off. */
const pseudoCheck =
  (popup: Page, harness: AppHarness): ScreenCheck =>
  async (screen) => {
    await expect(popup.locator('html')).toHaveAttribute('lang', PSEUDO);
    expect(strayWords(await collectUiText(popup), tourData(harness)), `${screen}: text not from the catalog`).toEqual([]);
    await expectReachableZoomed(popup, `pseudo: ${screen}`);
    await popup.setViewportSize(ZOOMED);
    try {
      expect(await clippedBrackets(popup), `${screen}: text cut off at 200 %`).toEqual([]);
    } finally {
      await popup.setViewportSize(POPUP);
    }
  };

for (const [language, systemLanguages, makeCheck] of [
  ['de', ['de-DE', 'en-US'], germanCheck],
  [PSEUDO, [PSEUDO], pseudoCheck],
] as const satisfies readonly [CatalogName, string[], unknown][]) {
  test.describe(`in ${language}`, () => {
    // Each screen runs axe twice and reaches every control at 200 %, on a shared 2-core machine.
    test.describe.configure({ timeout: 120_000 });
    const tr = translator(language, language === 'de' ? 'de-DE' : 'en');
    for (const part of PARTS) {
      test.describe(part.name, () => {
        test.use({ harnessOptions: withLanguage(part.options, [...systemLanguages]) });
        test(`every screen (${language})`, async ({ popup, harness }) => {
          await expect(popup.locator('html')).toHaveAttribute('lang', language);
          await part.tour({ popup, harness, tr, check: makeCheck(popup, harness) });
        });
      });
    }
  });
}

test.describe('the language', () => {
  test.use({ harnessOptions: withLanguage({}, ['fr-FR', 'de-AT', 'en-US']) });
  test('follows the OS’s first language it speaks, with its regional formats, and Settings → Language switches at once', async ({ popup, harness }) => {
    const de = translator('de', 'de-AT');
    const en = translator('en', 'en-US');
    // French first (no catalog), then Austrian German: German words, with de-AT's conventions.
    await expect(popup.locator('html')).toHaveAttribute('lang', 'de');
    expect(harness.app.controller.getState().locale).toEqual({ language: 'de', formats: 'de-AT', system: 'de' });
    await expect(popup.getByLabel(de.t('list.search'))).toBeVisible();
    await expect(rowOf(popup, 'Since we moved in')).toHaveAttribute('aria-label', new RegExp(`^Since we moved in, seit \\d`));
    await popup.getByRole('button', { name: de.t('list.settings'), exact: true }).click();
    await popup.locator('summary', { hasText: de.t('settings.language') }).click();
    await popup.getByRole('radio', { name: 'English' }).check();
    await expect(popup.locator('html')).toHaveAttribute('lang', 'en');
    await expect(popup.getByRole('heading', { name: en.t('settings.title'), exact: true })).toBeVisible();
    expect(harness.app.controller.getState().settings.language).toBe('en');
    // Back to the system's: German again, without a restart; and the OS changing its mind is followed.
    await popup.getByRole('radio', { name: en.t('settings.languageSystem', { language: 'Deutsch' }) }).check();
    await expect(popup.getByRole('heading', { name: de.t('settings.title'), exact: true })).toBeVisible();
    harness.app.setSystemLanguages(['en-GB']);
    await expect(popup.getByRole('heading', { name: en.t('settings.title'), exact: true })).toBeVisible();
    expect(harness.app.controller.getState().locale).toEqual({ language: 'en', formats: 'en-GB', system: 'en' });
  });
});
