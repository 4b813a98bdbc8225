// Every screen the goldens picture, each with the data it needs and the steps that reach it in
// any language (controls found by the catalog's words, as test/e2e/support/tour.ts does). Each
// step ends on an event (a heading, a status, an attribute), never on a pause.
import type { Locator, Page } from '@playwright/test';
import { ActivityRecord } from '../../../src-main/app/activity/record';
import { carryFileText } from '../../../src-main/app/account/carry';
import type { Translator } from '../../../src-shared/i18n/translator';
import type { AppHarness, AppHarnessOptions } from '../../../dev-tools/web/app-harness';
import { ADA, COUNTER, e2eFixtures } from '../../../dev-tools/web/e2e-fixtures';
import { updatesStandIn } from '../../../dev-tools/web/updates-stand-in';
import { memoryFile } from '../../../dev-tools/support/memory-file';
import { chooseRowAction, expect, rowOf } from '../../e2e/support/test';
import { FIXED } from './pinned';

export interface Screen {
  name: string;
  options: AppHarnessOptions;
  reach: (popup: Page, harness: AppHarness, tr: Translator) => Promise<void>;
  /** What differs from run to run however much is pinned (the service's port, drawn by the OS): painted over. */
  mask?: (popup: Page) => Locator[];
}

const exact = (name: string) => ({ name, exact: true });
const HOUR = 3_600_000;

/** A settings file from another computer: three groups, the order, two goals, a step, dark, made for another server. */
function settingsFile(harness: AppHarness): string {
  const { settings } = harness.app.controller.getState();
  const ids = [COUNTER.pushUps, COUNTER.coffees, COUNTER.trip, COUNTER.movedIn];
  const groups = [['Morning', [COUNTER.coffees]], ['Sport', [COUNTER.pushUps]], ['Days', [COUNTER.trip, COUNTER.movedIn]]] as const;
  return carryFileText({
    settings: { ...settings, serverUrl: 'https://counters.example', theme: 'dark', steps: { [COUNTER.pushUps]: 10 } },
    organise: { groups: groups.map(([name, counters], i) => ({ id: `g${i + 1}`, name, folded: false, counters: [...counters] })), order: ids, hidden: [], sort: 'manual' },
    goals: { goals: { [COUNTER.coffees]: { target: 4, period: 'day', count: 'all' }, [COUNTER.pushUps]: { target: 150, period: 'week', count: 'mine' } }, milestonesMuted: [] },
  });
}

/** Fifty changes of Coffees over the last days, yours and others', at fixed times before FIXED. */
function fiftyEvents(): string {
  const record = new ActivityRecord();
  for (let i = 49; i >= 0; i -= 1) {
    const at = FIXED - i * 5 * HOUR - 20 * 60_000;
    record.append(COUNTER.coffees, i % 3 === 0 ? { kind: 'others', at, from: 0, to: 1 + (i % 2) } : { kind: 'own', at, amount: i % 7 === 0 ? -1 : 1, outcome: 'applied', sources: { popup: i % 7 === 0 ? -1 : 1 } }, 'UTC');
  }
  return JSON.stringify(record.toFile());
}

async function listShown(popup: Page) {
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
}

export const SCREENS: readonly Screen[] = [
  { name: 'list', options: {}, reach: listShown },
  {
    name: 'search-no-match',
    options: {},
    async reach(popup, _harness, tr) {
      await listShown(popup);
      await popup.getByLabel(tr.t('list.search')).fill('no such counter');
      await expect(popup.getByText(tr.t('empty.noMatch', { query: 'no such counter' }))).toBeVisible();
    },
  },
  {
    name: 'empty',
    options: { fixtures: { ...e2eFixtures(), counters: [] } },
    async reach(popup, _harness, tr) {
      await expect(popup.getByText(tr.t('empty.none'))).toBeVisible();
    },
  },
  {
    name: 'activity-50-events',
    options: {
      fixtures: { ...e2eFixtures(), counters: e2eFixtures().counters.map((c) => (c.id === COUNTER.coffees ? { ...c, value: 62 } : c)) },
      app: { activityFiles: { forOwner: () => memoryFile(fiftyEvents()) } },
    },
    async reach(popup, _harness, tr) {
      await listShown(popup);
      await chooseRowAction(popup, 'Coffees today', tr.t('menu.activity'), tr.t('row.actions', { name: 'Coffees today' }));
      await expect(popup.getByRole('list', exact(tr.t('detail.events', { name: 'Coffees today' }))).getByRole('listitem').first()).toBeVisible();
      await expect(popup.getByTestId('activity-chart')).toBeVisible();
    },
  },
  {
    name: 'edit',
    options: {},
    async reach(popup, _harness, tr) {
      await listShown(popup);
      await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
      await expect(popup.getByLabel(tr.t('edit.name'))).toBeVisible();
    },
  },
  {
    name: 'edit-reminder',
    options: {},
    async reach(popup, _harness, tr) {
      await listShown(popup);
      await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
      const reminder = popup.getByRole('group', exact(tr.t('reminder.legend')));
      await reminder.getByLabel(tr.t('reminder.time')).fill('20:00');
      // Weekdays only: Saturday 28 and Sunday 29 November 2026 off.
      for (const day of ['2026-11-28', '2026-11-29']) await reminder.getByRole('checkbox', exact(tr.weekday(day))).uncheck();
      await reminder.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await expect(reminder.getByRole('checkbox', exact(tr.weekday('2026-11-29')))).not.toBeChecked();
    },
  },
  {
    name: 'settings',
    options: {},
    async reach(popup, harness, tr) {
      await listShown(popup);
      // Sounds on: their volume and second switch are pictured too.
      await harness.app.dispatch('settings:update', { sounds: { on: true, volume: 60, others: false } });
      await popup.getByRole('button', exact(tr.t('list.settings'))).click();
      await expect(popup.getByRole('heading', exact(tr.t('settings.title')))).toBeVisible();
    },
    mask: (popup) => [popup.locator('.mono')],
  },
  {
    name: 'import-preview',
    options: {},
    async reach(popup, harness, tr) {
      await listShown(popup);
      await popup.getByRole('button', exact(tr.t('list.settings'))).click();
      await popup.getByRole('heading', exact(tr.t('carry.title'))).click();
      harness.imports.pickNext(settingsFile(harness));
      await popup.getByRole('button', exact(tr.t('carry.import'))).click();
      const preview = popup.getByRole('region', exact(tr.t('carry.preview')));
      await expect(preview.getByRole('listitem')).toHaveCount(5);
      await preview.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    },
  },
  {
    name: 'export',
    options: {},
    async reach(popup, _harness, tr) {
      await listShown(popup);
      await chooseRowAction(popup, 'Coffees today', tr.t('menu.edit'), tr.t('row.actions', { name: 'Coffees today' }));
      await popup.getByRole('button', exact(tr.t('export.button'))).click();
      await expect(popup.getByRole('heading', exact(tr.t('export.title')))).toBeVisible();
    },
  },
  {
    name: 'sign-in-error',
    options: { signedInAs: null },
    async reach(popup, _harness, tr) {
      const token = popup.getByLabel(tr.t('onboarding.token'));
      // Enter in the empty field, as people send a form: a click lets Playwright scroll the button into
      // view, and under load it retries with another alignment, so the page came to rest elsewhere.
      await token.press('Enter');
      await expect(token).toHaveAttribute('aria-invalid', 'true');
      await expect(token).toBeFocused();
      // The picture is of the field and its message: the field at the top, wherever focus left the page.
      await token.evaluate((input) => input.closest('.field')?.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'offline',
    options: { serverDown: true, previousRun: async () => undefined },
    async reach(popup) {
      await listShown(popup);
      await expect(popup.locator('.status-line')).toHaveAttribute('data-state', 'offline');
    },
  },
  {
    name: 'unauthorized',
    options: {},
    async reach(popup, harness, tr) {
      await listShown(popup);
      // Lost, refused while away, back: the next try (asked for now, not after the pinned minute) meets the 401.
      await harness.service.suspend({ abrupt: true });
      await expect(popup.locator('.status-line')).toHaveAttribute('data-state', /reconnecting|offline/);
      harness.service.revokeToken(ADA.token);
      await harness.service.resume();
      // Only the faster way: the app's own back-off may reconnect first and take the button (status-line.spec).
      await popup.getByRole('button', exact(tr.t('connection.retry'))).click({ timeout: 5_000 }).catch(() => undefined);
      await expect(popup.locator('.status-line')).toHaveAttribute('data-state', 'signedOut', { timeout: 20_000 });
      await expect(popup.getByRole('button', exact(tr.t('status.signIn')))).toBeVisible();
    },
  },
  {
    name: 'rate-limited',
    options: { front: true },
    async reach(popup, harness, tr) {
      await listShown(popup);
      harness.front?.add({ method: 'POST', path: /\/increment\//, action: { kind: 'answerInstead', status: 429, headers: { 'Retry-After': '30' }, body: '{"message":"Too many requests","code":-1}' } });
      await popup.getByRole('button', exact(tr.t('row.increase', { name: 'Coffees today' }))).click();
      await expect(popup.locator('.status-line')).toHaveAttribute('data-state', 'slowed');
      await expect(rowOf(popup, 'Coffees today').getByTestId('waiting')).toBeVisible();
    },
  },
  {
    // A step of 5 on Coffees (±5 before its value) and "Add…" open on Push-ups with 25 typed.
    name: 'step-and-amount',
    options: {},
    async reach(popup, harness, tr) {
      await listShown(popup);
      await harness.app.dispatch('settings:update', { steps: { [COUNTER.coffees]: 5 } });
      await expect(popup.getByRole('button', exact(tr.t('row.increaseBy', { amount: tr.number(5), name: 'Coffees today' })))).toBeVisible();
      await chooseRowAction(popup, 'Push-ups this week', tr.t('menu.add'), tr.t('row.actions', { name: 'Push-ups this week' }));
      await popup.getByRole('textbox', exact(tr.t('amount.label', { name: 'Push-ups this week' }))).fill('25');
    },
  },
  {
    name: 'reconnecting',
    options: {},
    async reach(popup, harness) {
      await listShown(popup);
      await harness.service.suspend({ abrupt: true });
      await expect(popup.locator('.status-line')).toHaveAttribute('data-state', 'reconnecting');
    },
  },
  {
    // The mini window (the popup's page at #mini, at its own size): three pinned counters, one moved today.
    name: 'mini-window',
    options: {},
    async reach(popup, harness, tr) {
      await listShown(popup);
      await harness.app.dispatch('settings:update', { pinned: [COUNTER.coffees, COUNTER.pushUps, COUNTER.trip] });
      await harness.app.controller.dispatchFrom('shortcut')('counter:increment', { id: COUNTER.coffees });
      const zoom = popup.viewportSize()?.width === 180 ? 2 : 1;
      const url = popup.url().replace(/#.*$/, '');
      await popup.goto('about:blank');
      await popup.setViewportSize({ width: 328 / zoom, height: 184 / zoom });
      await popup.goto(`${url}#mini`);
      await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText(tr.t('row.today', { amount: tr.signed(1) }));
    },
  },
  {
    name: 'update-ready',
    options: { app: { updates: updatesStandIn(FIXED, { source: 'self', status: { kind: 'ready', version: '0.3.0' }, nextCheckAt: null, whatsNew: null }) } },
    async reach(popup) {
      await listShown(popup);
      await expect(popup.getByTestId('update-line')).toBeVisible();
    },
  },
];
