import { ALAN } from '../../dev-tools/web/e2e-fixtures';
import { idOf, manyCounters } from './support/many';
import { expect, rowOf, test } from './support/test';

const COUNT = 1000;
test.describe('a thousand counters', () => {
  test.use({ harnessOptions: { fixtures: manyCounters(COUNT, (i) => i) } });

  test('render a window of rows, scroll, search and update live', async ({ popup, harness, shoot }) => {
    await expect(rowOf(popup, 'Counter number 0')).toBeVisible();
    const rendered = await popup.getByRole('listitem').count();
    expect(rendered).toBeLessThan(40);

    // The arrow keys walk past the window: the virtualizer brings the row in.
    for (let i = 0; i < 25; i += 1) await popup.keyboard.press('ArrowDown');
    await expect(rowOf(popup, 'Counter number 25')).toHaveAttribute('aria-current', 'true');
    await expect(rowOf(popup, 'Counter number 25')).toBeInViewport();

    await popup.locator('.list-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(rowOf(popup, 'Counter number 999')).toBeInViewport();
    await shoot('list-1000');

    // A live change far down the list reaches its row.
    const started = Date.now();
    await harness.asUser(ALAN.token, 'POST', `/v2/counters/${idOf(998)}/increment/2`);
    await expect(rowOf(popup, 'Counter number 998')).toHaveAttribute('aria-label', 'Counter number 998, 1,000');
    expect(Date.now() - started).toBeLessThan(2_000);

    // The wheel took the current row out of the window (it is not drawn at all): Shift+F10 still
    // opens its menu, beside it, brought back into view.
    await expect(rowOf(popup, 'Counter number 25')).toHaveCount(0);
    await popup.keyboard.press('Shift+F10');
    await expect(popup.getByRole('menu', { name: /Counter number 25\b/ })).toBeVisible();
    await expect(rowOf(popup, 'Counter number 25')).toBeInViewport();
    await popup.keyboard.press('Escape');
    await expect(popup.getByRole('menu')).toHaveCount(0);

    await popup.getByLabel('Search counters').fill('number 512');
    await expect(popup.getByRole('listitem')).toHaveCount(1);
  });
});
