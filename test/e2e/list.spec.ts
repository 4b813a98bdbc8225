// The list: long names, refused directions, day phrases, empty and vanished.
import { ADA, COUNTER, e2eFixtures } from '../../dev-tools/web/e2e-fixtures';
import { expect, rowOf, test } from './support/test';

const LONG_NAME = 'Glasses of water before the stand-up mtg'; // 40 characters, the service's maximum

test.describe('the list reads well', () => {
  test('a 40-character name keeps to its one line: cut with …, whole in its tooltip and to screen readers, nothing moves', async ({ popup, harness, shoot }) => {
    expect(LONG_NAME).toHaveLength(40);
    const response = await harness.asUser(ADA.token, 'PATCH', `/v2/counters/${COUNTER.coffees}`, { name: LONG_NAME });
    expect(response.status).toBe(200);
    const row = rowOf(popup, LONG_NAME);
    const name = row.locator('.counter-name');
    await expect(name).toHaveText(LONG_NAME);
    await expect(name).toHaveAttribute('title', LONG_NAME);
    await expect(row).toHaveAccessibleName(new RegExp(`^${LONG_NAME}, 3`));
    const measure = () =>
      name.evaluate((el) => {
        const style = el.ownerDocument.defaultView?.getComputedStyle(el);
        return { lines: Math.round(el.getBoundingClientRect().height / parseFloat(style?.lineHeight === 'normal' ? '17' : (style?.lineHeight ?? '17'))), ellipsis: style?.textOverflow };
      });
    // One line per counter; the row's height is fixed, so a long name never pushes the list.
    expect(await measure()).toEqual({ lines: 1, ellipsis: 'ellipsis' });
    const before = await row.boundingBox();
    await popup.getByRole('button', { name: `Actions for ${LONG_NAME}` }).focus();
    expect(await row.boundingBox()).toEqual(before);
    await shoot('list-long-name');
  });

  test('day counts in the past or future read "587 days ago" / "in 190 days", never negative', async ({ popup, harness }) => {
    await harness.asUser(ADA.token, 'PATCH', `/v2/counters/${COUNTER.trip}`, { endDate: '2020-01-01' });
    await harness.asUser(ADA.token, 'PATCH', `/v2/counters/${COUNTER.movedIn}`, { startDate: '2099-01-01' });
    await expect(rowOf(popup, 'Until the trip')).toHaveAttribute('aria-label', /^Until the trip, [\d,]+ days ago$/);
    // A start ahead counts its first milestone from that start.
    await expect(rowOf(popup, 'Since we moved in')).toHaveAttribute('aria-label', /^Since we moved in, in [\d,]+ days, next milestone 7 days on Jan 8, 2099$/);
    await expect(popup.getByRole('list', { name: 'Counters' })).not.toContainText(/-\d/);
  });

  test('a refused direction explains itself on every click, and the message goes away', async ({ popup, bridge }) => {
    const minus = popup.getByRole('button', { name: 'Decrease Push-ups this week' });
    await minus.click();
    await expect(minus).toHaveAttribute('aria-disabled', 'true');
    const notice = popup.locator('.notice');
    await minus.click({ force: true });
    await expect(notice).toHaveText('Push-ups this week only counts up.');
    // Not a red error that outlives what it was about: it leaves by itself.
    await expect(notice).toBeHidden({ timeout: 10_000 });
    // Focus shows the reason too (hover has the title).
    await minus.focus();
    await expect(minus).toHaveAttribute('aria-description', 'Push-ups this week only counts up.');
    expect(bridge.invokes.filter((channel) => channel === 'counter:decrement')).toHaveLength(1);
  });

  test('a counter unshared while in view is announced, not silently dropped', async ({ popup, harness }) => {
    await expect(rowOf(popup, 'Until the trip')).toBeVisible();
    harness.service.deleteCounter(COUNTER.trip);
    await expect(rowOf(popup, 'Until the trip')).toHaveCount(0);
    await expect(popup.locator('.notice')).toHaveText('“Until the trip” is no longer shared with you.');
  });
});

test.describe('nothing shared yet', () => {
  test.use({ harnessOptions: { fixtures: { ...e2eFixtures(), counters: [] } } });

  test('the empty list says what to do and can check again', async ({ popup, harness, bridge, shoot }) => {
    await expect(popup.getByText(/^No counters are shared with you yet\./)).toBeVisible();
    await shoot('list-empty');
    await popup.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => bridge.invokes).toContain('session:retryNow');
    harness.service.createCounter({ name: 'New and shared', type: 'UpDown', value: 1, mode: 'UpAndDown', members: [{ userId: ADA.id, isAdmin: true }] });
    await expect(rowOf(popup, 'New and shared')).toBeVisible();
  });
});
