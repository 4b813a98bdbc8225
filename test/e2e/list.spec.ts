// Issue 17 points 4, 5, 8 and 11: long names, refused directions, day phrases, empty and vanished.
import { ADA, COUNTER, e2eFixtures } from './support/e2e-fixtures';
import { expect, rowOf, test } from './support/test';

const LONG_NAME = 'Glasses of water before the stand-up mtg'; // 40 characters, the service's maximum

test.describe('the list reads well', () => {
  test('a 40-character name is shown whole, on two lines, with a tooltip', async ({ popup, harness, shoot }) => {
    expect(LONG_NAME).toHaveLength(40);
    const response = await harness.asUser(ADA.token, 'PATCH', `/v2/counters/${COUNTER.coffees}`, { name: LONG_NAME });
    expect(response.status).toBe(200);
    const name = rowOf(popup, LONG_NAME).locator('.counter-name');
    await expect(name).toHaveText(LONG_NAME);
    await expect(name).toHaveAttribute('title', LONG_NAME);
    const measure = () =>
      name.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { cut: el.scrollHeight > el.clientHeight + 1, lines: Math.round(box.height / parseFloat(el.ownerDocument.defaultView?.getComputedStyle(el).lineHeight ?? '1')) };
      });
    // At rest: two lines (the rest on hover, via the title).
    expect((await measure()).lines).toBe(2);
    // Focus in the row: the whole name, nothing cut.
    await popup.getByRole('button', { name: `Edit ${LONG_NAME}` }).focus();
    expect((await measure()).cut).toBe(false);
    const box = await name.boundingBox();
    const hit = await name.evaluate((el, [x, y]) => el.ownerDocument.elementFromPoint(x ?? 0, y ?? 0)?.closest('.counter-name') === el, [(box?.x ?? 0) + 5, (box?.y ?? 0) + (box?.height ?? 0) - 3]);
    expect(hit).toBe(true); // its last line is on top, not under the next row
    await shoot('list-long-name');
  });

  test('day counts in the past or future read "587 days ago" / "in 190 days", never negative', async ({ popup, harness }) => {
    await harness.asUser(ADA.token, 'PATCH', `/v2/counters/${COUNTER.trip}`, { endDate: '2020-01-01' });
    await harness.asUser(ADA.token, 'PATCH', `/v2/counters/${COUNTER.movedIn}`, { startDate: '2099-01-01' });
    await expect(rowOf(popup, 'Until the trip')).toHaveAttribute('aria-label', /^Until the trip, [\d,]+ days ago$/);
    await expect(rowOf(popup, 'Since we moved in')).toHaveAttribute('aria-label', /^Since we moved in, in [\d,]+ days$/);
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
