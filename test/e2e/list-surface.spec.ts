// The list surface in Chromium: one-line rows with one value column, keyboard-only selection,
// the row menu, and the list's looks offline, pending and with an update ready.
import type { Locator, Page } from '@playwright/test';
import { ADA, COUNTER, e2eFixtures } from '../../dev-tools/web/e2e-fixtures';
import { updatesStandIn } from '../../dev-tools/web/updates-stand-in';
import { manyCounters } from './support/many';
import { expect, rowOf, test } from './support/test';

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

/** The list area's visible rows: wholly inside the scrolling box. */
async function rowsInView(page: Page): Promise<number> {
  return page.locator('.list-scroll').evaluate((scroller) => {
    const view = scroller.getBoundingClientRect();
    return [...scroller.querySelectorAll('.counter')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= view.top - 0.5 && r.bottom <= view.bottom + 0.5;
    }).length;
  });
}

test.describe('rows', () => {
  test('one 36 px line when there is nothing more to say, a second muted line when there is; values end on one x, units outside', async ({ popup, shoot }) => {
    const coffee = rowOf(popup, 'Coffees today');
    const movedIn = rowOf(popup, 'Since we moved in');
    const trip = rowOf(popup, 'Until the trip');
    await expect(coffee).toBeVisible();
    expect((await box(coffee)).height).toBe(36);
    await expect(coffee.locator('.counter-sub')).toHaveCount(0);
    // A day counter's date says since or until: its second line.
    expect((await box(movedIn)).height).toBe(48);
    await expect(movedIn.locator('.counter-sub')).toContainText(/^since Feb 29, 2024/);
    const subSize = await movedIn.locator('.counter-sub').evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).fontSize);
    expect(subSize).toBe('12px');
    // One right-aligned value column: UpDown values and day counts end on the same x. The digits'
    // own box, not their element's: a cell wider than its text could end on the x with the text left in it.
    const ends = await Promise.all([coffee, movedIn, trip, rowOf(popup, 'Push-ups this week')].map((row) =>
      row.getByTestId('value').evaluate((el) => {
        const text = el.ownerDocument.createRange();
        text.selectNodeContents(el);
        return Math.round(text.getBoundingClientRect().right);
      }),
    ));
    expect(new Set(ends).size).toBe(1);
    // The unit is smaller, muted, and outside (right of) the number column.
    const unit = movedIn.locator('.counter-trail.value-unit');
    await expect(unit).toHaveText('days');
    expect((await box(unit)).x).toBeGreaterThanOrEqual(ends[0]!);
    expect(await unit.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).fontSize)).toBe('12px');
    // − and + are quiet (no border until hover or focus) but there, 28 × 28.
    const plus = popup.getByRole('button', { name: 'Increase Coffees today' });
    expect(await plus.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).borderTopColor)).toBe('rgba(0, 0, 0, 0)');
    for (const target of [plus, popup.getByRole('button', { name: 'Decrease Coffees today' }), popup.getByRole('button', { name: 'Actions for Coffees today' })]) {
      const size = await box(target);
      expect(size.width).toBeGreaterThanOrEqual(28);
      expect(size.height).toBeGreaterThanOrEqual(28);
    }
    await plus.hover();
    // The border fades in (120 ms): read it until it shows, not in the first frame of the fade.
    await expect.poll(() => plus.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).borderTopColor)).not.toBe('rgba(0, 0, 0, 0)');
    await shoot('list');
  });

  test('a refused direction stays, disabled, with its reason in the tooltip', async ({ popup }) => {
    const minus = popup.getByRole('button', { name: 'Decrease Push-ups this week' });
    await minus.click();
    await expect(minus).toHaveAttribute('aria-disabled', 'true');
    await expect(minus).toHaveAttribute('title', 'Push-ups this week only counts up.');
  });
});

test.describe('three hundred counters', () => {
  test.use({ harnessOptions: { fixtures: manyCounters(300) } });

  test('at 360 × 480 at least 11 rows are in view, and the window of rows stays right when rows gain a second line', async ({ popup, harness, shoot }) => {
    await expect(rowOf(popup, 'Counter number 0')).toBeVisible();
    expect(await rowsInView(popup)).toBeGreaterThanOrEqual(11);
    await shoot('list-300');
    // Rows far down keep their places when rows above them grow to two lines (today's change).
    for (const n of [0, 2, 4]) await popup.getByRole('button', { name: `Increase Counter number ${n}` }).click();
    await expect(rowOf(popup, 'Counter number 4').getByTestId('today')).toHaveText('+1 today');
    // The last row clicked is the current one: 36 rows down from it is row 40.
    await expect(rowOf(popup, 'Counter number 4')).toHaveAttribute('aria-current', 'true');
    for (let i = 0; i < 36; i += 1) await popup.keyboard.press('ArrowDown');
    const row40 = rowOf(popup, 'Counter number 40');
    await expect(row40).toHaveAttribute('aria-current', 'true');
    await expect(row40).toBeInViewport({ ratio: 0.99 });
    const above = await box(rowOf(popup, 'Counter number 39'));
    const here = await box(row40);
    expect(here.y).toBe(above.y + above.height);
    await popup.locator('.list-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(rowOf(popup, "Counter number 299")).toBeInViewport({ ratio: 0.99 });
    const last = await box(rowOf(popup, 'Counter number 299'));
    const scroller = await box(popup.locator('.list-scroll'));
    expect(Math.round(last.y + last.height)).toBe(Math.round(scroller.y + scroller.height));
    void harness;
  });
});

test.describe('selection is for the keyboard', () => {
  test('no row is tinted when the popup opens or after a click; an arrow key shows the selection; hover is a faint tint', async ({ popup }) => {
    const coffee = rowOf(popup, 'Coffees today');
    const movedIn = rowOf(popup, 'Since we moved in');
    await expect(coffee).toBeVisible();
    const background = (row: Locator) => row.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor);
    const plain = await background(rowOf(popup, 'Push-ups this week'));
    // Opened from a mouse click: the first row is the current one (+ acts on it) but not drawn as selected.
    await expect(coffee).toHaveAttribute('aria-current', 'true');
    expect(await background(coffee)).toBe(plain);
    await popup.keyboard.press('ArrowDown');
    await expect(movedIn).toHaveClass(/\bactive\b/);
    const selected = await background(movedIn);
    expect(selected).not.toBe(plain);
    // A pointer makes it a mouse session again: no row drawn as selected.
    await popup.getByRole('button', { name: 'Increase Push-ups this week' }).click();
    await expect(popup.locator('.counter.active')).toHaveCount(0);
    await coffee.hover();
    const hovered = await background(coffee);
    expect(hovered).not.toBe(plain);
    expect(hovered).not.toBe(selected);
  });
});

test.describe('row actions live in one menu', () => {
  test('the ⋯ button, a right click and Shift+F10 open it; arrows move, Esc closes and gives focus back', async ({ popup, bridge, shoot }) => {
    const coffee = rowOf(popup, 'Coffees today');
    await expect(coffee).toBeVisible();
    // No strip of small icons: one ⋯ per row, and only the current row's in the Tab order.
    await expect(coffee.getByRole('button')).toHaveCount(3);
    const more = popup.getByRole('button', { name: 'Actions for Coffees today' });
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await more.click();
    const menu = popup.getByRole('menu', { name: 'Actions for Coffees today' });
    await expect(menu).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitemcheckbox')).toHaveText(['Pin to the top', 'Mute notifications']);
    await expect(menu.getByRole('menuitem')).toHaveText(['Add…', 'Activity', 'Edit…', 'Shortcut…', 'Move to group…', 'Hide from the list', 'Copy value']);
    await expect(menu.getByRole('menuitem', { name: 'Add…' })).toBeFocused();
    for (const item of await menu.locator('[role^="menuitem"]').all()) expect((await item.boundingBox())?.height).toBeGreaterThanOrEqual(28);
    await shoot('list-menu');
    await popup.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Activity' })).toBeFocused();
    await popup.keyboard.press('ArrowUp');
    await popup.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Copy value' })).toBeFocused();
    await popup.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Copy value' })).toBeFocused();
    await popup.keyboard.press('Home');
    await expect(menu.getByRole('menuitem', { name: 'Add…' })).toBeFocused();
    await popup.keyboard.press('p');
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Pin to the top' })).toBeFocused();
    await popup.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    expect(bridge.invokes).not.toContain('window:hide'); // Esc closed the menu, not the popup

    // Right click on another row: its menu, at the pointer.
    await rowOf(popup, 'Until the trip').locator('.counter-name').click({ button: 'right' });
    const tripMenu = popup.getByRole('menu', { name: 'Actions for Until the trip' });
    await expect(tripMenu).toBeVisible();
    // A day counter has no − / +: no shortcut to set either.
    await expect(tripMenu.getByRole('menuitem', { name: 'Shortcut…' })).toHaveCount(0);
    await popup.mouse.click(5, 470);
    await expect(tripMenu).toHaveCount(0);

    // The keyboard: the right click made "Until the trip" current; ↑ to the row above, Shift+F10 opens its menu, Enter chooses.
    await popup.getByLabel('Search counters').focus();
    await popup.keyboard.press('ArrowUp');
    await popup.keyboard.press('Shift+F10');
    const movedMenu = popup.getByRole('menu', { name: 'Actions for Since we moved in' });
    await expect(movedMenu).toBeVisible();
    await popup.keyboard.press('p');
    await popup.keyboard.press('Enter'); // "Pin to the top"
    await expect(movedMenu).toHaveCount(0);
    await expect(rowOf(popup, 'Since we moved in')).toHaveAccessibleName(/, pinned/);
    await expect(popup.getByRole('listitem').first()).toHaveAccessibleName(/^Since we moved in,/);
    await popup.keyboard.press('ContextMenu');
    await expect(movedMenu.getByRole('menuitemcheckbox', { name: 'Pin to the top' })).toHaveAttribute('aria-checked', 'true');
    await popup.keyboard.press('Escape');
  });

  test('mute is a toggle kept in the settings; activity, edit and shortcut open their pages; copy puts the value on the clipboard', async ({ popup, context, harness }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const open = async (name: string) => {
      await popup.getByRole('button', { name: `Actions for ${name}` }).click();
      return popup.getByRole('menu', { name: `Actions for ${name}` });
    };
    await (await open('Coffees today')).getByRole('menuitemcheckbox', { name: 'Mute notifications' }).click();
    await expect.poll(() => harness.app.controller.getState().settings.notifications.mutedCounters).toEqual([COUNTER.coffees]);
    await expect((await open('Coffees today')).getByRole('menuitemcheckbox', { name: 'Mute notifications' })).toHaveAttribute('aria-checked', 'true');
    await popup.keyboard.press('Escape');

    await (await open('Coffees today')).getByRole('menuitem', { name: 'Copy value' }).click();
    await expect(popup.locator('.notice')).toHaveText('Copied 3.');
    expect(await popup.evaluate<string>('navigator.clipboard.readText()')).toBe('3');

    await (await open('Coffees today')).getByRole('menuitem', { name: 'Shortcut…' }).click();
    await expect(popup.getByRole('group', { name: '+1 shortcut' })).toBeVisible();
    await popup.getByRole('button', { name: 'Back' }).click();
    await (await open('Since we moved in')).getByRole('menuitem', { name: 'Activity' }).click();
    await expect(popup.getByText(/^Counting since/)).toBeVisible();
  });
});

test.describe('an update is ready', () => {
  let restarts = 0;
  const ready = (): ReturnType<typeof updatesStandIn> => {
    const port = updatesStandIn(Date.now(), { source: 'self', status: { kind: 'ready', version: '0.3.0' }, nextCheckAt: null, whatsNew: null });
    return { ...port, restart: () => void (restarts += 1) };
  };
  test.use({ harnessOptions: { app: { updates: ready() } } });

  test('the list says "Update ready · Restart" in one slim line, and Restart restarts', async ({ popup, shoot }) => {
    const line = popup.getByTestId('update-line');
    await expect(line).toHaveText('Update ready · Restart');
    expect((await box(line)).height).toBeLessThanOrEqual(28);
    await shoot('list-update-ready');
    await line.getByRole('button', { name: 'Restart' }).click();
    await expect.poll(() => restarts).toBe(1);
  });
});

test.describe('nothing shared yet', () => {
  test.use({ harnessOptions: { fixtures: { ...e2eFixtures(), counters: [] } } });

  test('the empty list says what is true — this app cannot create counters — and offers only what it can do', async ({ popup, harness, bridge, shoot }) => {
    const empty = popup.locator('.empty');
    await expect(empty).toContainText('No counters are shared with you yet.');
    await expect(empty).toContainText('Counter Tray cannot create counters');
    await expect(empty).not.toContainText(/Create one[,.]/);
    await expect(empty.getByRole('button')).toHaveText(['Check again']);
    await shoot('list-empty');
    await empty.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => bridge.invokes).toContain('session:retryNow');
    harness.service.createCounter({ name: 'New and shared', type: 'UpDown', value: 1, mode: 'UpAndDown', members: [{ userId: ADA.id, isAdmin: true }] });
    await expect(rowOf(popup, 'New and shared')).toBeVisible();
  });
});
