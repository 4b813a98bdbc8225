// Settings stays short: at most 800 px of scrolling in the 360×480 popup, at 100 % and
// at 200 % zoom (Electron's zoomFactor 2 lays it out in 180×240 CSS px), as a new user (the demo) and an
// account see it. What is set once folds under its heading; the control opens the folds and goes over.
import type { Page } from '@playwright/test';
import { de, en } from '../../dev-tools/support/i18n';
import { updatesStandIn } from '../../dev-tools/web/updates-stand-in';
import { POPUP, ZOOMED } from './support/sweep';
import { expect, test } from './support/test';

const MOST = 800;

const NOW = Date.now();
/** A self-updating copy with nothing to say, as most users have it. */
const UP_TO_DATE = updatesStandIn(NOW, { source: 'self', status: { kind: 'upToDate', checkedAt: NOW }, nextCheckAt: NOW + 6 * 3_600_000, whatsNew: null });

/** scrollHeight − clientHeight of Settings' scroll container, at the popup's size and at 200 %. */
async function scrolling(popup: Page): Promise<{ normal: number; zoomed: number }> {
  const measure = () => popup.locator('.settings-screen .screen-body').evaluate((body) => body.scrollHeight - body.clientHeight);
  const normal = await measure();
  await popup.setViewportSize(ZOOMED);
  const zoomed = await measure();
  await popup.setViewportSize(POPUP);
  return { normal, zoomed };
}

async function openSettings(popup: Page, words: typeof en, newUser: boolean): Promise<void> {
  if (newUser) await popup.getByRole('button', { name: words.t('onboarding.tryDemo') }).click();
  await popup.getByRole('button', { name: words.t('list.settings'), exact: true }).click();
  await expect(popup.getByRole('heading', { name: words.t('settings.title'), exact: true })).toBeVisible();
}

for (const [language, words] of [['en-US', en], ['de-DE', de]] as const) {
  for (const newUser of [true, false]) {
    test.describe(`Settings' length (${language}, ${newUser ? 'a new user in the demo' : 'an account signed in'})`, () => {
      test.use({ harnessOptions: { ...(newUser ? { signedInAs: null } : {}), app: { systemLanguages: [language], updates: UP_TO_DATE } } });
      test('scrolls at most 800 px at 360×480, at 100 % and 200 %, Backup folded among them', async ({ popup }) => {
        await openSettings(popup, words, newUser);
        const { normal, zoomed } = await scrolling(popup);
        expect(normal).toBeLessThanOrEqual(MOST);
        expect(zoomed).toBeLessThanOrEqual(MOST);
      });
    });
  }
}

test.describe("Settings' length, negative control", () => {
  test.use({ harnessOptions: { app: { updates: UP_TO_DATE } } });
  test('with every fold open the same measure is over 800 px at 200 %: the folds are what keep it short', async ({ popup }) => {
    await openSettings(popup, en, false);
    const summaries = popup.locator('.settings-screen summary');
    await expect(summaries).toHaveCount(5);
    for (const summary of await summaries.all()) await summary.click();
    await expect(popup.locator('.settings-screen details:not([open])')).toHaveCount(0);
    expect((await scrolling(popup)).zoomed).toBeGreaterThan(MOST);
  });
});
