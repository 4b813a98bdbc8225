// Every screen of the popup, visited in any language: controls are found by the catalog's
// words in that language (the test's own translator), so the same tour runs in German and
// in the pseudo-locale. `check` runs on each screen as it is (test/e2e/i18n.spec.ts: axe and
// 200 % zoom in German; stray words and clipped text in the pseudo-locale).
import type { Page } from '@playwright/test';
import type { HeadlessApp } from '../../../dev-tools/headless/headless-app';
import type { Translator } from '../../../src-shared/i18n/translator';
import type { AppHarness } from '../../../dev-tools/web/app-harness';
import { ADA, ALAN, COUNTER } from '../../../dev-tools/web/e2e-fixtures';
import { STAND_IN_NOTES } from '../../../dev-tools/web/updates-stand-in';
import { chooseRowAction, expect, rowOf } from './test';

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
  await expect(popup.getByRole('status').filter({ hasText: tr.t('list.moved', { direction: 'increment', amount: tr.number(1), name: 'Coffees today' }) })).toBeVisible();
  await expect(popup.getByRole('button', exact(tr.t('undo.label', { amount: tr.signed(1), name: 'Coffees today' })))).toBeVisible();
  await check('list, a change with undo');
  await chooseRowAction(popup, 'Coffees today', tr.t('menu.activity'), tr.t('row.actions', { name: 'Coffees today' }));
  await expect(popup.getByTestId('activity-chart')).toBeVisible();
  await check('activity of a counter');
  await popup.getByRole('button', exact(tr.t('common.back'))).click();
  await chooseRowAction(popup, 'Since we moved in', tr.t('menu.activity'), tr.t('row.actions', { name: 'Since we moved in' }));
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

/** A refused direction, "Add…" refusing an amount, a step set and shown on its row, both edit pages, the discard question. */
export async function tourEdit({ popup, tr, check }: Tour) {
  const decrease = popup.getByRole('button', exact(tr.t('row.decrease', { name: 'Push-ups this week' })));
  await decrease.click();
  await expect(decrease).toHaveAttribute('aria-disabled', 'true');
  await check('list, refused direction');
  await chooseRowAction(popup, 'Coffees today', tr.t('menu.add'), tr.t('row.actions', { name: 'Coffees today' }));
  const amount = popup.getByRole('textbox', exact(tr.t('amount.label', { name: 'Coffees today' })));
  await amount.fill('5abc');
  await amount.press('Enter');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await check('list, "Add…" refusing an amount');
  await amount.press('Escape');
  await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
  await popup.getByLabel(tr.t('local.step')).fill('5');
  await popup.getByRole('button', exact(tr.t('common.save'))).click();
  await expect(popup.getByRole('button', exact(tr.t('row.increaseBy', { amount: tr.number(5), name: 'Coffees today' })))).toBeVisible();
  await check('list, a step on a row');
  await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
  await expect(popup.getByLabel(tr.t('edit.name'))).toBeVisible();
  await check('edit UpDown');
  await popup.getByLabel(tr.t('edit.name')).fill('Coffees so far');
  await popup.keyboard.press('Escape');
  await expect(popup.getByRole('alertdialog')).toBeVisible();
  await check('edit, discard question');
  await popup.getByRole('button', exact(tr.t('edit.discard'))).click();
  await chooseRowAction(popup, 'Until the trip', tr.t('menu.edit'), tr.t('row.actions', { name: 'Until the trip' }));
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
  // The checks took long enough for the backoff to grow: ask now instead of waiting it out. The back-off may
  // still come first and take the button (as in status-line.spec): the click is only the faster way.
  await popup.getByRole('button', exact(tr.t('connection.retry'))).click({ timeout: 5_000 }).catch(() => undefined);
  await expect(status).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  harness.service.revokeToken(ADA.token);
  // The revoked socket reconnects on the backoff the outage grew (see a11y.spec.ts).
  await expect(status).toHaveAttribute('data-status', 'unauthorized', { timeout: 30_000 });
  await check('list, unauthorized');
  await popup.getByRole('button', exact(tr.t('status.signIn'))).click();
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

/**
 * Goals, reset, export and updates: the edit page's goal fields, a goal and a milestone on the rows, the reset
 * question, the reset's undo chip and the question when the counter moved since, the export
 * screen before and after saving, and Settings → Updates (an updater stand-in: the part's options).
 */
export async function tourGoals({ popup, harness, tr, check }: Tour) {
  const coffees = rowOf(popup, 'Coffees today');
  await expect(coffees).toBeVisible();
  await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
  await expect(popup.getByLabel(tr.t('goal.howMany'))).toBeVisible();
  await check('edit, goal fields');
  await popup.getByLabel(tr.t('goal.howMany')).fill('8');
  await popup.getByRole('button', exact(tr.t('common.save'))).click();
  await expect(coffees.getByTestId('goal')).toHaveText(tr.t('goal.progress', { done: tr.number(0), target: tr.number(8), period: 'day' }));
  await expect(rowOf(popup, 'Since we moved in').getByTestId('milestone')).toBeVisible();
  await check('list, a goal and a milestone');
  await chooseRowAction(popup, 'Since we moved in', tr.t('menu.edit'), tr.t('row.actions', { name: 'Since we moved in' }));
  await expect(popup.getByRole('switch', exact(tr.t('milestone.notify')))).toBeVisible();
  await check('edit FromDate, milestones');
  await popup.getByRole('button', exact(tr.t('common.cancel'))).click();

  await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
  await popup.getByRole('button', exact(tr.t('reset.button'))).click();
  await expect(popup.getByRole('alertdialog')).toBeVisible();
  await check('edit, reset question');
  await popup.getByRole('button', exact(tr.t('reset.confirm'))).click();
  const undoReset = popup.getByRole('button', exact(tr.t('reset.undoLabel', { kind: 'reset', name: 'Coffees today' })));
  await expect(undoReset).toBeVisible();
  await check('list, a reset with undo');
  // Another member moves it before the undo: main sends nothing and the user is asked.
  await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment`);
  await expect(coffees.getByTestId('value')).toHaveText(tr.number(1));
  await undoReset.click();
  await expect(popup.getByRole('alertdialog')).toBeVisible();
  await check('list, undo of a reset that moved since');
  await popup.getByRole('button', exact(tr.t('reset.keepButton', { value: tr.number(1) }))).click();
  await expect(popup.getByRole('alertdialog')).toHaveCount(0);

  await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
  await popup.getByRole('button', exact(tr.t('export.button'))).click();
  await expect(popup.getByRole('heading', exact(tr.t('export.title')))).toBeVisible();
  await check('export');
  await popup.getByRole('button', exact(tr.t('export.save'))).click();
  await expect(popup.getByTestId('export-result')).not.toBeEmpty();
  await check('export, saved');
  await popup.getByRole('button', exact(tr.t('common.back'))).click();
  await popup.getByRole('button', exact(tr.t('common.cancel'))).click();

  await popup.getByRole('button', exact(tr.t('list.settings'))).click();
  const updates = popup.getByRole('heading', exact(tr.t('updates.title')));
  await updates.evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await expect(popup.getByText(STAND_IN_NOTES)).toBeVisible();
  await check('settings, updates');
}

/** A previous run for the offline launch: the app saw the counters once. */
export const sawCountersOnce = async (_app: HeadlessApp) => undefined;

/** What the tour shows that is data, not words: the fixtures' names, the service's address, the system zone, the version. */
export function tourData(harness: AppHarness): string[] {
  // An export's file name ("…-activity-<today>.csv", today in the harness's UTC) and the stand-in updater's notes are data too.
  const exported = `coffees-today-activity-${new Date().toISOString().slice(0, 10)}.csv`;
  return ['Coffees today', 'Coffees so far', 'Since we moved in', 'Until the trip', 'Push-ups this week', 'no such counter', harness.service.url, new URL(harness.service.url).host, 'https://developers.counttogether.app', 'UTC', '0.0.0-test', COUNTER.coffees, exported, STAND_IN_NOTES];
}
