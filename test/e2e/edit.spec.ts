import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { POPUP, ZOOMED } from './support/sweep';
import { chooseRowAction, expect, rowOf, test } from './support/test';

test.describe('edit', () => {
  test('an UpDown counter: rename and set the value', async ({ popup, harness, shoot }) => {
    await chooseRowAction(popup, 'Coffees today', 'Edit…');
    await expect(popup.getByRole('heading', { name: 'Edit “Coffees today”' })).toBeVisible();
    await expect(popup.getByLabel('Counting since')).toHaveCount(0);
    await expect(popup.getByLabel('Counting down to')).toHaveCount(0);
    await shoot('edit-updown');
    await popup.getByLabel('Name').fill('Coffees this morning');
    await popup.getByLabel('Value').fill('12');
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(popup, 'Coffees this morning')).toHaveAttribute('aria-label', 'Coffees this morning, 12');
    expect(harness.service.getCounter(COUNTER.coffees)).toMatchObject({ name: 'Coffees this morning', value: 12 });
  });

  test('a reminder: a time and weekdays saved with Save as this computer’s setting; no time, no reminder', async ({ popup, harness }) => {
    const open = async () => {
      await chooseRowAction(popup, 'Coffees today', 'Edit…');
      return popup.getByRole('group', { name: 'Reminder', exact: true });
    };
    let reminder = await open();
    await expect(reminder.getByRole('checkbox')).toHaveCount(7);
    await reminder.getByLabel('Remind me at').fill('20:30');
    await reminder.getByRole('checkbox', { name: 'Sat' }).uncheck();
    await reminder.getByRole('checkbox', { name: 'Sun' }).uncheck();
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => harness.app.controller.settings().reminders).toEqual({ [COUNTER.coffees]: { time: '20:30', days: [1, 2, 3, 4, 5] } });
    reminder = await open();
    await expect(reminder.getByLabel('Remind me at')).toHaveValue('20:30');
    await expect(reminder.getByRole('checkbox', { name: 'Sun' })).not.toBeChecked();
    await reminder.getByLabel('Remind me at').fill('');
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => harness.app.controller.settings().reminders).toEqual({});
  });

  test('a FromDate counter: pick the start date', async ({ popup, harness, shoot }) => {
    await chooseRowAction(popup, 'Since we moved in', 'Edit…');
    await expect(popup.getByLabel('Value')).toHaveCount(0);
    await expect(popup.getByLabel('Counting since')).toHaveValue('2024-02-29');
    await shoot('edit-fromdate');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await popup.getByLabel('Counting since').fill(yesterday);
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(popup, 'Since we moved in')).toHaveAttribute('aria-label', /^Since we moved in, [01] days? since, next milestone 7 days on [A-Z][a-z]{2} \d{1,2}(, \d{4})?$/);
    expect(harness.service.getCounter(COUNTER.movedIn)?.startDate).toBe(yesterday);
  });

  test('a ToDate counter: pick the end date; a past date reads "days ago"', async ({ popup, harness, shoot }) => {
    await chooseRowAction(popup, 'Until the trip', 'Edit…');
    await expect(popup.getByLabel('Value')).toHaveCount(0);
    await expect(popup.getByLabel('Counting since')).toHaveCount(0);
    await shoot('edit-todate');
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await popup.getByLabel('Counting down to').fill(tenDaysAgo);
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(popup, 'Until the trip')).toHaveAttribute('aria-label', /^Until the trip, (9|10|11) days ago$/);
    expect(harness.service.getCounter(COUNTER.trip)?.endDate).toBe(tenDaysAgo);
  });

  test('a refused edit is explained in words, inline', async ({ popup, harness, shoot }) => {
    await chooseRowAction(popup, 'Coffees today', 'Edit…');
    await popup.getByLabel('Name').fill('Tea');
    await popup.getByRole('button', { name: 'Save' }).click();
    const alert = popup.getByRole('alert');
    // The reference service keeps names to 5-40 characters; the popup leaves that to it (docs/api.md O12).
    await expect(alert).toHaveText('The server did not accept this name. Try a shorter or longer one.');
    await expect(popup.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await popup.getByLabel('Name').fill('Coffees today');
    await popup.getByLabel('Value').fill('2.5');
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect(alert).toHaveText('The value must be a whole number.');
    await expect(popup.getByRole('heading', { name: 'Edit “Coffees today”' })).toBeVisible();
    await shoot('edit-error');
    expect(harness.service.getCounter(COUNTER.coffees)).toMatchObject({ name: 'Coffees today', value: 3 });
  });

  test('one way of saving: every field waits for Save, and Esc asks before dropping typed changes', async ({ popup, harness, shoot }) => {
    await chooseRowAction(popup, 'Coffees today', 'Edit…');
    await popup.getByLabel(/Notify me when others change it/).uncheck();
    await popup.getByLabel('Name').fill('Coffees so far');
    await popup.keyboard.press('Escape');
    const ask = popup.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(ask).toBeVisible();
    await shoot('edit-discard');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(popup.getByLabel('Name')).toHaveValue('Coffees so far');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    // Nothing of the dropped edit was applied, the notification toggle included.
    expect(harness.app.controller.getState().settings.notifications.mutedCounters).toEqual([]);
    expect(harness.service.getCounter(COUNTER.coffees)?.name).toBe('Coffees today');
  });

  test('a counter unshared while its edit page is open says so, on a styled page', async ({ popup, harness, shoot }) => {
    await chooseRowAction(popup, 'Until the trip', 'Edit…');
    harness.service.deleteCounter(COUNTER.trip);
    await expect(popup.getByRole('alert')).toContainText('no longer shared with you');
    await expect(popup.locator('.screen-header')).toBeVisible();
    await shoot('edit-gone');
    await popup.getByRole('button', { name: 'Back to the list' }).click();
    await expect(popup.getByRole('list', { name: 'Counters' })).toBeVisible();
  });
});

test.describe('the edit page at popup size', () => {
  test('names its counter, and keeps Cancel and Save in view without scrolling, at 100 % and 200 %', async ({ popup }) => {
    await chooseRowAction(popup, 'Coffees today', 'Edit…');
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Edit “Coffees today”');
    for (const size of [POPUP, ZOOMED]) {
      await popup.setViewportSize(size);
      for (const name of ['Cancel', 'Save']) await expect(popup.getByRole('button', { name, exact: true }), `${name} at ${size.width}×${size.height}`).toBeInViewport({ ratio: 1 });
      // Nothing was scrolled to get there: neither the page nor its body.
      expect(await popup.locator('html').evaluate((root) => [root.scrollTop, root.ownerDocument.querySelector('.screen-body')?.scrollTop])).toEqual([0, 0]);
    }
    await popup.setViewportSize(POPUP);
    // Save works from there: the footer's button submits the form.
    await popup.getByLabel('Name').fill('Coffees so far');
    await popup.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(popup, 'Coffees so far')).toBeVisible();
  });

  test('a long name is cut on one line in the title, whole in its tooltip', async ({ popup, harness }) => {
    const long = 'Glasses of water before the stand-up mtg';
    await harness.asUser(ADA.token, 'PATCH', `/v2/counters/${COUNTER.coffees}`, { name: long });
    await chooseRowAction(popup, long, 'Edit…');
    const title = popup.getByRole('heading', { level: 1 });
    await expect(title).toHaveAttribute('title', `Edit “${long}”`);
    expect(await title.evaluate((el) => [el.scrollWidth > el.clientWidth, el.ownerDocument.defaultView?.getComputedStyle(el).textOverflow, el.getBoundingClientRect().height < 24])).toEqual([true, 'ellipsis', true]);
  });
});

for (const [language, none] of [['en-US', 'none'], ['de-DE', 'keins']] as const) {
  test.describe(`fields show their placeholder whole (${language})`, () => {
    test.use({ harnessOptions: { app: { systemLanguages: [language] } } });
    test('the goal’s “none”', async ({ popup }) => {
      await chooseRowAction(popup, 'Coffees today', language === 'en-US' ? 'Edit…' : 'Bearbeiten\u00a0…', language === 'en-US' ? undefined : 'Aktionen für Coffees today');
      const goal = popup.locator('input.goal-target');
      await expect(goal).toHaveAttribute('placeholder', none);
      // Whether it shows its whole placeholder: no spin buttons taking room, and the words fit the box inside its padding.
      const fit = await goal.evaluate((input) => {
        if (!('placeholder' in input) || !('type' in input)) throw new Error('not an input');
        const style = input.ownerDocument.defaultView?.getComputedStyle(input);
        const canvas = input.ownerDocument.createElement('canvas').getContext('2d');
        if (!canvas || !style) throw new Error('no canvas');
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = Math.ceil(canvas.measureText(input.placeholder).width);
        const room = Math.floor(input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
        return { placeholder: input.placeholder, spinButtons: input.type === 'number' && style.appearance !== 'textfield', text, room };
      });
      expect(fit.spinButtons, 'spin buttons take the placeholder’s room').toBe(false);
      expect(fit.text, `“${fit.placeholder}” in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    });
  });
}
