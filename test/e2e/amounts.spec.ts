// "Add…" in Chromium on the real controller, core and service: 25 typed from the keyboard shows at
// once, lands on the server as one change of 25 and is undone as one; a step moves + by it.
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { expect, rowOf, test, valueOf } from './support/test';

test('Shift+Enter, 25 and Enter: shown at once, one increment of 25 on the server, undone as one decrement of 25', async ({ popup, harness }) => {
  const changes = () => harness.service.requestLog.filter((e) => e.method === 'POST' && e.path.includes(COUNTER.coffees)).map((e) => e.path.split('/').slice(-2).join('/'));
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  await popup.getByLabel('Search counters').focus();
  await popup.keyboard.press('Shift+Enter');
  await popup.getByRole('textbox', { name: 'Amount to add to Coffees today' }).pressSequentially('25');
  await popup.keyboard.press('Enter');
  await expect(valueOf(popup, 'Coffees today')).toHaveText('28');
  await expect(popup.locator('.notice')).toHaveText('Added 25 to “Coffees today”.');
  await expect(popup.getByRole('button', { name: 'Increase Coffees today' })).toBeFocused();
  await expect.poll(changes).toEqual(['increment/25']);
  await popup.getByRole('button', { name: 'Undo +25 on Coffees today' }).click();
  await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
  await expect.poll(changes).toEqual(['increment/25', 'decrement/25']);
  expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);
});

test('a counter with a step of 5: the row says ±5 and + sends 5', async ({ popup, harness }) => {
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  await harness.app.dispatch('settings:update', { steps: { [COUNTER.coffees]: 5 } });
  await expect(rowOf(popup, 'Coffees today').locator('.step-mark')).toHaveText('±5');
  await popup.getByRole('button', { name: 'Add 5 to Coffees today' }).click();
  await expect(valueOf(popup, 'Coffees today')).toHaveText('8');
  await expect.poll(() => harness.service.getCounter(COUNTER.coffees)?.value).toBe(8);
});
