// Every screen of the popup, visited in any language: controls are found by the catalog's
// words in that language (the test's own translator), so the same tour runs in German and
// in the pseudo-locale. `check` runs on each screen as it is (test/e2e/i18n.spec.ts: axe and
// 200 % zoom in German; stray words and clipped text in the pseudo-locale).
import type { Page } from '@playwright/test';
import type { HeadlessApp } from '../../../src-main/app/index';
import type { Translator } from '../../../src-shared/i18n/translator';
import type { AppHarness } from './app-harness';
import { ADA, COUNTER } from './e2e-fixtures';
import { expect, rowOf } from './test';

export type ScreenCheck = (screen: string) => Promise<void>;

interface Tour {
  popup: Page;
  harness: AppHarness;
  tr: Translator;
  check: ScreenCheck;
}

const exact = (name: string) => ({ name, exact: true });

/** The list, keys, a change and its undo, both kinds of activity, a search without match, settings, the sign-out question. */
export async function tourList({ popup, tr, check }: Tour) {
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  await check('list');
  await popup.keyboard.press('?');
  await expect(popup.getByRole('region', exact(tr.t('list.keys')))).toBeVisible();
  await check('list, keys shown');
  await popup.keyboard.press('Escape');
  // A change from the keyboard: the notice, today's change and the undo offer.
  await rowOf(popup, 'Coffees today').click();
  await popup.keyboard.press('+');
  await expect(popup.getByRole('status').filter({ hasText: tr.t('list.moved', { direction: 'increment', name: 'Coffees today' }) })).toBeVisible();
  await expect(popup.getByRole('button', exact(tr.t('undo.label', { amount: tr.signed(1), name: 'Coffees today' })))).toBeVisible();
  await check('list, a change with undo');
  await popup.getByRole('button', exact(tr.t('row.activity', { name: 'Coffees today' }))).click();
  await expect(popup.getByTestId('activity-chart')).toBeVisible();
  await check('activity of a counter');
  await popup.getByRole('button', exact(tr.t('common.back'))).click();
  await popup.getByRole('button', exact(tr.t('row.activity', { name: 'Since we moved in' }))).click();
  await expect(popup.getByRole('heading', exact('Since we moved in'))).toBeVisible();
  await check('activity of a day counter');
  await popup.getByRole('button', exact(tr.t('common.back'))).click();
  await popup.getByLabel(tr.t('list.search')).fill('no such counter');
  await expect(popup.getByText(tr.t('empty.noMatch', { query: 'no such counter' }))).toBeVisible();
  await check('list, no match');
  await popup.getByLabel(tr.t('list.search')).fill('');
  await popup.getByRole('button', exact(tr.t('list.settings'))).click();
  await expect(popup.getByRole('heading', exact(tr.t('settings.language')))).toBeVisible();
  await check('settings');
  await popup.getByRole('button', exact(tr.t('signOut.button'))).click();
  await expect(popup.getByRole('alertdialog')).toBeVisible();
  await check('settings, sign-out question');
  await popup.getByRole('button', exact(tr.t('common.cancel'))).click();
}

/** A refused direction, both edit pages, the discard question. */
export async function tourEdit({ popup, tr, check }: Tour) {
  const decrease = popup.getByRole('button', exact(tr.t('row.decrease', { name: 'Push-ups this week' })));
  await decrease.click();
  await expect(decrease).toHaveAttribute('aria-disabled', 'true');
  await check('list, refused direction');
  await popup.getByRole('button', exact(tr.t('row.edit', { name: 'Coffees today' }))).click();
  await expect(popup.getByLabel(tr.t('edit.name'))).toBeVisible();
  await check('edit UpDown');
  await popup.getByLabel(tr.t('edit.name')).fill('Coffees so far');
  await popup.keyboard.press('Escape');
  await expect(popup.getByRole('alertdialog')).toBeVisible();
  await check('edit, discard question');
  await popup.getByRole('button', exact(tr.t('edit.discard'))).click();
  await popup.getByRole('button', exact(tr.t('row.edit', { name: 'Until the trip' }))).click();
  await expect(popup.getByLabel(tr.t('edit.countingDownTo'))).toBeVisible();
  await check('edit ToDate');
}

/** The connection line while reconnecting and once the token is refused, then the form to replace it. */
export async function tourStatus({ popup, harness, tr, check }: Tour) {
  const status = popup.locator('.connection');
  await harness.service.suspend();
  await expect(status).toHaveAttribute('data-status', /reconnecting|offline/);
  await check('list, reconnecting');
  await harness.service.resume();
  // The checks took long enough for the backoff to grow: ask now instead of waiting it out.
  await popup.getByRole('button', exact(tr.t('connection.retry'))).click();
  await expect(status).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  harness.service.revokeToken(ADA.token);
  // The revoked socket reconnects on the backoff the outage grew (see a11y.spec.ts).
  await expect(status).toHaveAttribute('data-status', 'unauthorized', { timeout: 30_000 });
  await check('list, unauthorized');
  await popup.getByRole('button', exact(tr.t('connection.newToken'))).click();
  await expect(popup.getByRole('heading', exact(tr.t('onboarding.titleReplace')))).toBeVisible();
  await check('replace token');
}

export async function tourEmpty({ popup, tr, check }: Tour) {
  await expect(popup.getByText(tr.t('empty.none'))).toBeVisible();
  await check('list, empty');
}

export async function tourOnboarding({ popup, harness, tr, check }: Tour) {
  await expect(popup.getByRole('heading', exact(tr.t('onboarding.title')))).toBeVisible();
  await check('onboarding');
  await popup.getByRole('button', exact(tr.t('onboarding.advanced'))).click();
  await popup.getByLabel(tr.t('onboarding.server')).fill(harness.service.url);
  await popup.getByLabel(tr.t('onboarding.token')).fill('not-a-real-token');
  await popup.getByRole('button', exact(tr.t('onboarding.connect'))).click();
  await expect(popup.getByRole('alert')).toHaveText(tr.t('error.tokenRejected', { host: new URL(harness.service.url).host }));
  await check('onboarding, advanced, error');
}

export async function tourConnecting({ popup, harness, tr, check }: Tour) {
  await expect(popup.getByRole('heading', exact(tr.t('connecting.title', { host: new URL(harness.service.url).host })))).toBeVisible();
  await expect(popup.getByRole('alert')).toBeVisible();
  await check('connecting');
}

export async function tourOffline({ popup, check }: Tour) {
  await expect(popup.locator('.connection')).toHaveAttribute('data-status', 'offline');
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  await check('offline launch');
}

/** A previous run for the offline launch: the app saw the counters once. */
export const sawCountersOnce = async (_app: HeadlessApp) => undefined;

/** What the tour shows that is data, not words: the fixtures' names, the service's address, the system zone, the version. */
export function tourData(harness: AppHarness): string[] {
  return ['Coffees today', 'Coffees so far', 'Since we moved in', 'Until the trip', 'Push-ups this week', 'no such counter', harness.service.url, new URL(harness.service.url).host, 'https://developers.counttogether.app', 'UTC', '0.0.0-test', COUNTER.coffees];
}
