// Groups, hidden counters and the sort in Chromium, from the mouse and the keyboard: group
// headers that fold and show their count, Move to group… and Hide in a row's menu, N hidden with
// Show at the end, the sort, a search across groups naming each match's group, Alt+↑/↓ to order
// by hand; axe on the list with groups and on its new menus and form.
import type { Page } from '@playwright/test';
import { chooseRowAction, expect, rowOf, test } from './support/test';
import { expectAxeClean, sweep } from './support/sweep';

/** The list as a reader meets it: "[Group 2]" for a header (count shown when folded), the counter's name for a row. */
function listed(page: Page): Promise<string[]> {
  return page.locator('#counter-list > li').evaluateAll((items) =>
    items.map((li) => {
      if (!li.classList.contains('group-header')) return li.getAttribute('aria-label')?.split(',')[0] ?? '';
      const folded = li.querySelector('[aria-expanded="false"]') !== null;
      return `[${li.querySelector('.group-name')?.textContent ?? ''}${folded ? ` ${li.querySelector('.group-count')?.textContent ?? ''}` : ''}]`;
    }),
  );
}

async function newGroup(page: Page, name: string) {
  await page.getByRole('button', { name: 'Sort and groups' }).click();
  await page.getByRole('menu', { name: 'Sort and groups' }).getByRole('menuitem', { name: 'New group…' }).click();
  const form = page.getByRole('form', { name: 'New group' });
  await form.getByLabel('Group name').fill(name);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toHaveCount(0);
}

async function moveToGroup(page: Page, counter: string, group: string) {
  await chooseRowAction(page, counter, 'Move to group…');
  await page.getByRole('menu', { name: `Move “${counter}” to` }).getByRole('menuitemcheckbox', { name: group }).click();
}

async function sortBy(page: Page, label: string) {
  await page.getByRole('button', { name: 'Sort and groups' }).click();
  await page.getByRole('menu', { name: 'Sort and groups' }).getByRole('menuitemcheckbox', { name: label }).click();
}

test.describe('groups', () => {
  test('create, move into, fold with a count, rename and delete (its counters back to Ungrouped); pinned stays first', async ({ popup, harness }) => {
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    const before = await listed(popup);
    await newGroup(popup, 'Sport');
    await moveToGroup(popup, 'Push-ups this week', 'Sport');
    await expect(popup.getByRole('status')).toHaveText('“Push-ups this week” moved to “Sport”.');
    await expect.poll(() => listed(popup)).toEqual(['[Sport]', 'Push-ups this week', '[Ungrouped]', ...before.filter((n) => n !== 'Push-ups this week')]);

    // Folded: only its header, with its count; the button says it is collapsed.
    await popup.getByRole('button', { name: /^Sport/ }).click();
    await expect.poll(() => listed(popup)).toEqual(['[Sport 1 counter]', '[Ungrouped]', ...before.filter((n) => n !== 'Push-ups this week')]);
    await popup.getByRole('button', { name: /^Sport/ }).click();

    // Pinned counters stay first, above every group.
    await chooseRowAction(popup, 'Until the trip', 'Pin to the top');
    await expect.poll(async () => (await listed(popup))[0]).toBe('Until the trip');

    await popup.getByRole('button', { name: 'Actions for the group Sport' }).click();
    await popup.getByRole('menu', { name: 'Actions for the group Sport' }).getByRole('menuitem', { name: 'Rename…' }).click();
    await expectAxeClean(popup, harness, 'list: naming a group');
    const form = popup.getByRole('form', { name: 'Rename “Sport”' });
    await form.getByLabel('Group name').fill('   ');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toHaveText('A group needs a name.');
    await expect(form.getByLabel('Group name')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Group name').fill('Training');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => listed(popup)).toContain('[Training]');

    await popup.getByRole('button', { name: 'Actions for the group Training' }).click();
    await popup.getByRole('menu', { name: 'Actions for the group Training' }).getByRole('menuitem', { name: 'Delete group' }).click();
    await popup.getByRole('alertdialog', { name: 'Delete the group “Training”?' }).getByRole('button', { name: 'Delete group' }).click();
    await expect.poll(() => listed(popup)).toEqual(['Until the trip', ...before.filter((n) => n !== 'Until the trip')]);
    expect(harness.app.controller.getState().organise?.groups).toEqual([]);
  });

  test('a search is flat across groups, folded ones too, each match naming its group; ↑/↓ walk rows across groups', async ({ popup }) => {
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    await newGroup(popup, 'Drinks');
    await moveToGroup(popup, 'Coffees today', 'Drinks');
    await popup.getByRole('button', { name: /^Drinks/ }).click(); // folded
    await expect(rowOf(popup, 'Coffees today')).toHaveCount(0);
    await popup.getByRole('searchbox').fill('co');
    await expect(rowOf(popup, 'Coffees today')).toContainText('in Drinks');
    await expect(popup.locator('.group-header')).toHaveCount(0);
    await popup.getByRole('searchbox').fill('');
    await popup.getByRole('button', { name: /^Drinks/ }).click(); // unfolded

    // ↑/↓ skip the headers: from the last Drinks row down to the first Ungrouped row.
    await popup.getByRole('searchbox').focus();
    await popup.keyboard.press('ArrowDown');
    const rows = await listed(popup);
    const firstUngrouped = rows[rows.indexOf('[Ungrouped]') + 1]!;
    await expect(popup.locator('.counter[aria-current="true"]')).toHaveAttribute('aria-label', new RegExp(`^${firstUngrouped},`));
    await popup.keyboard.press('ArrowUp');
    await expect(popup.locator('.counter[aria-current="true"]')).toHaveAttribute('aria-label', /^Coffees today,/);
  });
});

test.describe('hiding', () => {
  test('a hidden counter leaves the list and the tray, N hidden says so, Show brings it back marked, and it can be shown again', async ({ popup, harness }) => {
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    await chooseRowAction(popup, 'Coffees today', 'Pin to the top');
    await chooseRowAction(popup, 'Coffees today', 'Hide from the list');
    await expect(rowOf(popup, 'Coffees today')).toHaveCount(0);
    await expect(popup.getByRole('status')).toHaveText('“Coffees today” is hidden. Its shortcut still counts and it still notifies.');
    await expect(popup.locator('.hidden-line')).toContainText('1 hidden counter');
    expect(harness.app.controller.getState().organise?.hidden).toHaveLength(1);

    // Still counted from outside the list: the tray's and shortcut's door is main's, and main still takes it.
    const id = harness.app.controller.getState().organise!.hidden[0]!;
    expect(await harness.app.controller.dispatchFrom('shortcut')('counter:increment', { id })).toEqual({ ok: true, value: null });

    await popup.getByRole('button', { name: 'Show' }).click();
    await expect(rowOf(popup, 'Coffees today')).toContainText('hidden');
    await expectAxeClean(popup, harness, 'list: hidden counters shown');
    await chooseRowAction(popup, 'Coffees today', 'Show in the list');
    await expect(popup.locator('.hidden-line')).toHaveCount(0);
    await expect(rowOf(popup, 'Coffees today')).not.toContainText('hidden');
  });
});

test.describe('sorting and the keyboard', () => {
  test('by name, by value, back to the user’s order; the choice kept in the account’s state', async ({ popup, harness }) => {
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    const manual = await listed(popup);
    await sortBy(popup, 'Sort: name');
    await expect.poll(() => listed(popup)).toEqual([...manual].sort((a, b) => a.localeCompare(b, 'en')));
    await sortBy(popup, 'Sort: value');
    await expect.poll(async () => (await listed(popup))[0]).toBe('Since we moved in'); // 1 000-odd days is the largest value
    expect(harness.app.controller.getState().organise?.sort).toBe('value');
    // Moving by hand needs the user's order: Alt+↓ says so instead of doing nothing silently.
    await popup.getByRole('searchbox').focus();
    await popup.keyboard.press('ArrowDown');
    await popup.keyboard.press('Alt+ArrowDown');
    await expect(popup.getByRole('status')).toHaveText('Counters move in your own order: choose “Sort: your order” first.');
    await sortBy(popup, 'Sort: your order');
    await expect.poll(() => listed(popup)).toEqual(manual);
  });

  test('Alt+↑/↓ move the chosen counter in the user’s order, over a group’s edge into the next group; drag and drop too', async ({ popup }) => {
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    const [first, second, third, fourth] = await listed(popup);
    await popup.getByRole('searchbox').focus();
    await popup.keyboard.press('ArrowDown'); // from the first row, current since the list opened, to the second
    await expect(popup.locator('.counter[aria-current="true"]')).toHaveAttribute('aria-label', new RegExp(`^${second},`));
    await popup.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => listed(popup)).toEqual([second, first, third, fourth]);
    // It stays the current row: another Alt+↓ takes it back.
    await popup.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => listed(popup)).toEqual([first, second, third, fourth]);

    await newGroup(popup, 'Top');
    await moveToGroup(popup, first!, 'Top');
    await expect.poll(() => listed(popup)).toEqual(['[Top]', first, '[Ungrouped]', second, third, fourth]);
    await rowOf(popup, second!).click({ position: { x: 20, y: 10 } });
    await popup.getByRole('searchbox').focus();
    await popup.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => listed(popup)).toEqual(['[Top]', first, second, '[Ungrouped]', third, fourth]);
    await popup.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => listed(popup)).toEqual(['[Top]', first, '[Ungrouped]', second, third, fourth]);

    // Drag and drop: a row onto another goes just before it, into its group.
    await rowOf(popup, fourth!).dragTo(rowOf(popup, first!));
    await expect.poll(() => listed(popup)).toEqual(['[Top]', fourth, first, '[Ungrouped]', second, third]);
  });
});

test('axe and 200 % zoom on the list with groups, the Sort and groups menu, Move to group… and a group’s menu', async ({ popup, harness, shoot }) => {
  // axe in two themes on four states, and every control reached at 200 %: slow on a shared machine.
  test.setTimeout(120_000);
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  await newGroup(popup, 'Work');
  await moveToGroup(popup, 'Coffees today', 'Work');
  await chooseRowAction(popup, 'Until the trip', 'Hide from the list');
  await expect(popup.locator('.hidden-line')).toBeVisible();
  await shoot('list-groups');
  await sweep(popup, harness, 'list with groups');
  await popup.getByRole('button', { name: 'Sort and groups' }).click();
  await expectAxeClean(popup, harness, 'sort and groups menu');
  await popup.keyboard.press('Escape');
  await chooseRowAction(popup, 'Coffees today', 'Move to group…');
  await expect(popup.getByRole('menu', { name: 'Move “Coffees today” to' })).toBeVisible();
  await expectAxeClean(popup, harness, 'move to group menu');
  await popup.keyboard.press('Escape');
  await popup.getByRole('button', { name: 'Actions for the group Work' }).click();
  await expectAxeClean(popup, harness, 'group menu');
  await shoot('list-group-menu');
});
