// Typed text belongs to the search; one notion of the current row.
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, expect, rowOf, test } from './support/test';

test.describe('keys in the list', () => {
  test('+ and − typed into a search are search text and change nothing', async ({ popup, harness, bridge }) => {
    const search = popup.getByLabel('Search counters');
    await expect(search).toBeFocused();
    await popup.keyboard.type('c-');
    await popup.keyboard.type('++');
    await expect(search).toHaveValue('c-++');
    await search.fill('');
    await popup.keyboard.type('check-ins');
    await expect(search).toHaveValue('check-ins');
    expect(bridge.invokes.filter((channel) => channel.startsWith('counter:'))).toEqual([]);
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);

    // With an empty search, + changes the current counter and says which one.
    await search.fill('');
    await popup.keyboard.press('+');
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 4');
    await expect(popup.locator('.notice')).toHaveText('Added 1 to “Coffees today”.');
  });

  test('focus follows the highlighted row: Tab to a row, arrows move both, Space acts on the row you see', async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).focus();
    for (let i = 0; i < 3; i += 1) await popup.keyboard.press('ArrowDown');
    await expect(rowOf(popup, 'Push-ups this week')).toHaveAttribute('aria-current', 'true');
    await expect(popup.getByRole('button', { name: 'Increase Push-ups this week' })).toBeFocused();
    await popup.keyboard.press('Space');
    await expect(rowOf(popup, 'Push-ups this week')).toHaveAttribute('aria-label', 'Push-ups this week, 41');
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);
  });

  test('back from Edit, the same row is current', async ({ popup }) => {
    await expect(popup.getByLabel('Search counters')).toBeFocused();
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('ArrowDown');
    await expect(rowOf(popup, 'Until the trip')).toHaveAttribute('aria-current', 'true');
    await chooseRowAction(popup, 'Until the trip', 'Edit…');
    await popup.getByRole('button', { name: 'Back' }).click();
    await expect(rowOf(popup, 'Until the trip')).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('keys on the sign-in form', () => {
  test.use({ harnessOptions: { signedInAs: null } });

  test('a failed Connect leaves focus in the token field, not on the page', async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Advanced' }).click();
    await popup.getByLabel('Server').fill(harness.service.url);
    await popup.getByLabel('API token').fill('not-a-real-token');
    await popup.getByRole('button', { name: 'Connect' }).click();
    await expect(popup.getByRole('alert')).toContainText('rejected this token');
    await expect(popup.getByLabel('API token')).toBeFocused();
  });
});
