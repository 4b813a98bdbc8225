// Any member can set a shared day counter's date to the ends of what the API allows
// (years 0001 to 9999). Every member's popup keeps its list and draws that row, its activity and
// its edit page; main's tray says it too. Seen blank ("Invalid time value") before the fix.
import { buildTrayMenu } from '../../src-main/desktop/tray-menu';
import { clockRunningFrom, PICTURE_TIME } from '../../dev-tools/support/fake-clock';
import { en } from '../../dev-tools/support/i18n';
import { ADA, ALAN, COUNTER, e2eFixtures } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, expect, rowOf, test, valueOf } from './support/test';

/** The e2e fixtures with "Since we moved in" shared with Alan, so he may change its date. */
const shared = e2eFixtures();
shared.counters = shared.counters.map((c) => (c.id === COUNTER.movedIn ? { ...c, members: [{ userId: ADA.id, isAdmin: true }, { userId: ALAN.id, isAdmin: false }] } : c));
const NAME = 'Since we moved in';
/** Today is Wednesday 25 November 2026 for main and for the service. */
const clock = clockRunningFrom(PICTURE_TIME);

test.describe('a date at the ends of the API’s years on a shared counter', () => {
  test.use({ harnessOptions: { fixtures: shared, app: { clock }, serviceNow: clock.now } });

  test("another member's PATCH to 9999-12-25 leaves Ada's list whole, that row with its date and no milestone", async ({ popup, harness }) => {
    const row = rowOf(popup, NAME);
    await expect(row).toContainText('since Feb 29, 2024');
    // 2024-02-29 + 3 years falls on 28 February in 2027, a common year.
    await expect(row.getByTestId('milestone')).toHaveText('3 years on Feb 28');
    const response = await harness.asUser(ALAN.token, 'PATCH', `/v2/counters/${COUNTER.movedIn}`, { startDate: '9999-12-25' });
    expect(response.status).toBe(200);
    await expect(row).toContainText('starts Dec 25, 9999');
    // Its first milestone (7 days) would fall in year 10000: the row names none.
    await expect(row.getByTestId('milestone')).toHaveCount(0);
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    await expect(rowOf(popup, 'Until the trip')).toBeVisible();

    // Main's tray menu, with the counter pinned, says it.
    await harness.app.dispatch('settings:update', { pinned: [COUNTER.movedIn] });
    const labels = buildTrayMenu(harness.app.controller.getState(), en).flatMap((item) => (item.type === 'separator' ? [] : [item.label]));
    // 0001-01-01 to 9999-12-25 is 3,652,052 days, to 2026-11-25 739,944 (test/shared/time/calendar.test.ts works both out).
    expect(labels).toContain('Since we moved in: in 2,912,108 days');

    // Its activity and its edit page.
    await chooseRowAction(popup, NAME, 'Activity');
    await expect(popup.getByText('Starts on Sat, Dec 25, 9999')).toBeVisible();
    await popup.getByRole('button', { name: 'Back' }).click();
    await chooseRowAction(popup, NAME, 'Edit…');
    await expect(popup.getByRole('heading', { name: `Edit “${NAME}”` })).toBeVisible();
    await popup.getByRole('button', { name: 'Back' }).click();
    await expect(row).toContainText('starts Dec 25, 9999');
  });

  for (const [startDate, value, words] of [
    ['9999-12-31', '2,912,114', 'starts Dec 31, 9999'],
    ['0001-01-01', '739,944', 'since Jan 1, 1'],
  ] as const) {
    test(`${startDate} draws too`, async ({ popup, harness }) => {
      await expect(rowOf(popup, NAME)).toBeVisible();
      expect((await harness.asUser(ALAN.token, 'PATCH', `/v2/counters/${COUNTER.movedIn}`, { startDate })).status).toBe(200);
      await expect(rowOf(popup, NAME)).toContainText(words);
      await expect(valueOf(popup, NAME)).toHaveText(value);
      await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    });
  }
});
