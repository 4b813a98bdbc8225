import { ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, expect, rowOf, test, valueOf } from './support/test';

test.describe('counter list', () => {
  test('shows every counter; day counters read as phrases', async ({ popup, shoot }) => {
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 3');
    await expect(rowOf(popup, 'Since we moved in')).toHaveAttribute('aria-label', /^Since we moved in, [\d,]+ days since, next milestone \d+ (days|years) (today|on .+)$/);
    await expect(rowOf(popup, 'Until the trip')).toHaveAttribute('aria-label', /^Until the trip, -?[\d,]+ days? until(, next milestone (\d+ days? left|the day) (today|on .+))?$/);
    await expect(popup.locator('.connection')).toHaveAttribute('data-status', 'live');
    await shoot('list');
  });

  test('a click increments, shown at once and confirmed by the server', async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('5');
    // No "not confirmed yet" in the label: the server acknowledged both clicks.
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 5');
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(5);
  });

  test('the keyboard moves and acts: arrows, + and -', async ({ popup, harness, shoot }) => {
    const search = popup.getByLabel('Search counters');
    await expect(search).toBeFocused();
    await popup.keyboard.press('+');
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 4');
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('ArrowDown');
    await expect(rowOf(popup, 'Push-ups this week')).toHaveAttribute('aria-current', 'true');
    await popup.keyboard.press('+');
    await expect(rowOf(popup, 'Push-ups this week')).toHaveAttribute('aria-label', 'Push-ups this week, 41');
    await popup.keyboard.press('ArrowUp');
    await popup.keyboard.press('ArrowUp');
    await popup.keyboard.press('ArrowUp');
    await popup.keyboard.press('-');
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 3');
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);
    expect(harness.service.getCounter(COUNTER.pushUps)?.value).toBe(41);

    // Typing filters, Enter acts on the first match, Esc clears and then closes.
    await popup.keyboard.type('trip');
    await expect(popup.getByRole('listitem')).toHaveCount(1);
    await shoot('list-search');
    await popup.keyboard.press('Escape');
    await expect(popup.getByRole('listitem')).toHaveCount(4);
    const hidesBefore = harness.app.hideRequests();
    await popup.keyboard.press('Escape');
    await expect.poll(() => harness.app.hideRequests()).toBe(hidesBefore + 1);
  });

  test('a change made by another user appears live; its line keeps its place, today’s change gets the second line', async ({ popup, harness }) => {
    await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
    const row = rowOf(popup, 'Coffees today');
    const boxes = async () => ({
      row: await row.boundingBox(),
      name: await row.locator('.counter-name').boundingBox(),
      plus: await popup.getByRole('button', { name: 'Increase Coffees today' }).boundingBox(),
      next: await rowOf(popup, 'Since we moved in').boundingBox(),
    });
    const before = await boxes();
    const response = await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment/5`);
    expect(response.status).toBe(200);
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 8');
    await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment/1000`);
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 1,008');
    // Name and − / + stay where they were; "+1,005 today" is something to say: the row's muted second line (36 → 48 px).
    await expect(row.getByTestId('today')).toHaveText('+1,005 today');
    const after = await boxes();
    const place = (box: { x: number; y: number } | null) => box && { x: box.x, y: box.y };
    expect([place(after.name), place(after.plus)]).toEqual([place(before.name), place(before.plus)]);
    expect([before.row?.height, after.row?.height]).toEqual([36, 48]);
    expect((after.next?.y ?? 0) - (before.next?.y ?? 0)).toBe(12);
  });

  test('a refused decrement is undone and that direction disabled with the reason', async ({ popup, harness, bridge, shoot }) => {
    const minus = popup.getByRole('button', { name: 'Decrease Push-ups this week' });
    await minus.click();
    await expect(minus).toHaveAttribute('aria-disabled', 'true');
    const reason = await minus.getAttribute('title');
    expect(reason).toBeTruthy();
    expect(reason).not.toBe('Decrease Push-ups this week');
    await expect(rowOf(popup, 'Push-ups this week')).toHaveAttribute('aria-label', /^Push-ups this week, 40/);
    expect(harness.service.getCounter(COUNTER.pushUps)?.value).toBe(40);
    // Clicking again sends nothing (Playwright itself sees the button as disabled); the keyboard explains instead.
    await minus.click({ force: true });
    await popup.getByLabel('Search counters').press('ArrowDown');
    await popup.getByLabel('Search counters').press('ArrowDown');
    await popup.getByLabel('Search counters').press('ArrowDown');
    await popup.keyboard.press('-');
    await expect(popup.locator('.notice')).toHaveText(reason ?? '');
    await popup.getByRole('button', { name: 'Increase Push-ups this week' }).hover();
    await shoot('list-refused');
    expect(harness.service.getCounter(COUNTER.pushUps)?.value).toBe(40);
    expect(bridge.invokes.filter((channel) => channel === 'counter:decrement')).toHaveLength(1);
  });

  test('pins a counter to the top', async ({ popup }) => {
    await chooseRowAction(popup, 'Until the trip', 'Pin to the top');
    await expect(popup.getByRole('listitem').first()).toHaveAttribute('aria-label', /^Until the trip,/);
    await expect(popup.getByRole('listitem').first()).toHaveAccessibleName(/^Until the trip, .*, pinned/);
  });

  test("a notification click (AppState.ask) opens that counter's activity, Esc brings it forward in the list", async ({ popup, harness }) => {
    await popup.getByLabel('Search counters').fill('coffee');
    await expect(popup.getByRole('listitem')).toHaveCount(1);
    harness.app.controller.focusCounter(COUNTER.pushUps);
    await expect(popup.getByRole('heading', { name: 'Push-ups this week' })).toBeVisible();
    await popup.keyboard.press('Escape');
    await expect(rowOf(popup, 'Push-ups this week')).toHaveAttribute('aria-current', 'true');
    await expect(popup.getByLabel('Search counters')).toHaveValue('');
    await popup.keyboard.press('+');
    await expect(rowOf(popup, 'Push-ups this week')).toHaveAttribute('aria-label', 'Push-ups this week, 41');
  });

  test('the tray menu\'s "Settings…" (AppState.ask) shows the settings screen', async ({ popup, harness }) => {
    await expect(popup.getByRole('list', { name: 'Counters' })).toBeVisible();
    harness.app.controller.openSettings();
    await expect(popup.getByRole('heading', { name: 'Settings' })).toBeVisible();
  });

  test('a notification clicked before the page loaded still opens its counter, once', async ({ page, bridge, harness, rendererUrl }) => {
    void bridge;
    harness.app.controller.focusCounter(COUNTER.pushUps);
    await page.goto(rendererUrl);
    await expect(page.getByRole('heading', { name: 'Push-ups this week' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rowOf(page, 'Push-ups this week')).toHaveAttribute('aria-current', 'true');
    // A later push (a click) carries the same ask: the list stays.
    await page.keyboard.press('+');
    await expect(rowOf(page, 'Push-ups this week')).toHaveAttribute('aria-label', 'Push-ups this week, 41');
    await expect(page.getByRole('heading', { name: 'Push-ups this week' })).toHaveCount(0);
  });
});
