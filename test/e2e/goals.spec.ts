// Goals, milestones, reset and export in the built popup, wired to the real controller, core and reference service: a
// goal set on the edit page shows as "n / target" with a thin bar that does not move the row;
// a day counter's row names its next milestone; reset asks first, and its undo asks when
// another member changed the counter meanwhile; export goes through main's save dialog (the
// harness's stand-in). Every new screen passes axe in light and dark and reflows at 200 %.
import { readFileSync } from 'node:fs';
import { ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { sweep } from './support/sweep';
import { chooseRowAction, expect, rowOf, test, valueOf } from './support/test';
import { readCsv } from '../main/app/export/csv-reader';

test.describe.configure({ timeout: 90_000 });

/** The row's box and its first line's boxes, to prove that nothing moved. */
async function geometry(row: ReturnType<typeof rowOf>) {
  return row.evaluate((li) => {
    const box = (selector: string) => {
      const rect = li.querySelector(selector)?.getBoundingClientRect();
      return rect ? [Math.round(rect.top), Math.round(rect.left), Math.round(rect.height)] : null;
    };
    return { row: [Math.round(li.getBoundingClientRect().height)], name: box('.counter-name'), value: box('.counter-value'), steps: box('.steppers'), actions: box('.row-more') };
  });
}

test('a goal set on the edit page shows its progress and a bar on the row, which does not move', async ({ popup, harness }) => {
  const row = rowOf(popup, 'Coffees today');
  await expect(row).toBeVisible();
  await chooseRowAction(popup, 'Coffees today', 'Edit…');
  await expect(popup.getByLabel('Goal: how many')).toBeVisible();
  await sweep(popup, harness, 'edit UpDown with its goal');
  await popup.getByLabel('Goal: how many').fill('8');
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByTestId('goal')).toHaveText('0 / 8 today');
  // A goal is something to say: the row has its second line from now on, and progress moves nothing.
  const before = await geometry(row);
  expect(before.row).toEqual([48]);
  for (const done of [1, 2]) {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(row.getByTestId('goal')).toHaveText(`${done} / 8 today`);
  }
  // Another member's coffee counts too ("everyone's changes").
  await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment`);
  await expect(row.getByTestId('goal')).toHaveText('3 / 8 today');
  await expect(row).toHaveAttribute('aria-label', 'Coffees today, 6, goal 3 / 8 today');
  const fill = await row.locator('.goal-fill').evaluate((el) => el.getBoundingClientRect().width / (el.parentElement?.getBoundingClientRect().width ?? Number.NaN));
  expect(fill).toBeCloseTo(3 / 8, 2);
  expect(await geometry(row)).toEqual(before);
  // The goal's words sit whole on the sub-line, the bar on the row's bottom edge, both inside the row.
  const inside = await row.evaluate((li) => {
    const outer = li.getBoundingClientRect();
    return ['[data-testid="goal"]', '.goal-bar'].map((selector) => {
      const r = li.querySelector(selector)?.getBoundingClientRect();
      return !!r && r.top >= outer.top && r.bottom <= outer.bottom && r.left >= outer.left && r.right <= outer.right && r.width > 0 && r.height > 0;
    });
  });
  expect(inside).toEqual([true, true]);
  await sweep(popup, harness, 'list with a goal in progress');
});

test('a day counter names its next milestone; the edit page mutes its notifications', async ({ popup, harness }) => {
  const since = rowOf(popup, 'Since we moved in');
  await expect(since.getByTestId('milestone')).toHaveText(/^(\d[\d,]* (days|years)) (today|on [A-Z][a-z]{2} \d{1,2}(, \d{4})?)$/);
  await expect(rowOf(popup, 'Until the trip').getByTestId('milestone')).toHaveText(/left on|the day/);
  await chooseRowAction(popup, 'Since we moved in', 'Edit…');
  const box = popup.getByRole('switch', { name: 'Notify me on milestones' });
  await expect(box).toBeChecked();
  await sweep(popup, harness, 'edit FromDate with milestones');
  await box.uncheck();
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(since).toBeVisible();
  expect(harness.app.controller.getState().extras?.milestonesMuted).toEqual([COUNTER.movedIn]);
});

test('reset to 0 asks first; its undo asks when another member changed it meanwhile, and keeps their change when told', async ({ popup, harness }) => {
  await chooseRowAction(popup, 'Coffees today', 'Edit…');
  await popup.getByRole('button', { name: 'Reset to 0…' }).click();
  const question = popup.getByRole('alertdialog', { name: 'Reset “Coffees today” to 0?' });
  await expect(question).toContainText('Every member of this counter sees it.');
  await sweep(popup, harness, 'edit, reset question');
  await question.getByRole('button', { name: 'Reset to 0' }).click();
  await expect(valueOf(popup, 'Coffees today')).toHaveText('0');
  expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(0);
  await expect(rowOf(popup, 'Coffees today').getByTestId('reset-chip')).toHaveText('reset to 0 · Undo');

  await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment`);
  await expect(valueOf(popup, 'Coffees today')).toHaveText('1');
  await rowOf(popup, 'Coffees today').getByRole('button', { name: 'Undo the reset of Coffees today' }).click();
  const ask = popup.getByRole('alertdialog', { name: '“Coffees today” changed since the reset: it is 1 now.' });
  await expect(ask).toContainText('Put back 3 anyway?');
  await sweep(popup, harness, 'list, reset undo question');
  expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(1);
  await ask.getByRole('button', { name: 'Keep 1' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Kept “Coffees today” at 1.' })).toBeVisible();
  await expect(rowOf(popup, 'Coffees today').getByTestId('reset-chip')).toHaveCount(0);
  expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(1);
});

test('export: the popup asks, main saves through its dialog, the screen says which file', async ({ popup, harness }) => {
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText('+1 today');
  await chooseRowAction(popup, 'Coffees today', 'Edit…');
  await popup.getByRole('button', { name: 'Export activity…' }).click();
  await expect(popup.getByRole('radio', { name: 'Only “Coffees today”' })).toBeChecked();
  await sweep(popup, harness, 'export');
  harness.exports.answerNext('cancel');
  await popup.getByRole('button', { name: 'Save as CSV…' }).click();
  await expect(popup.getByTestId('export-result')).toHaveText('Not saved: the save dialog was closed.');
  await popup.getByRole('button', { name: 'Save as CSV…' }).click();
  await expect(popup.getByTestId('export-result')).toHaveText(/^Saved 1 line as coffees-today-activity-\d{4}-\d{2}-\d{2}\.csv\.$/);
  const rows = readCsv(readFileSync(harness.exports.written[0] as string, 'utf8'));
  expect(rows[1]?.slice(1, 7)).toEqual([COUNTER.coffees, 'Coffees today', 'UpDown', 'change', 'you', '1']);
  await popup.getByRole('button', { name: 'Back' }).click();
  await expect(popup.getByRole('heading', { name: 'Edit “Coffees today”' })).toBeVisible();
});
