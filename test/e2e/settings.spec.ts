import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, expect, test } from './support/test';

test.describe('settings and theme', () => {
  test('light and dark: follows the system, or the theme chosen in settings', async ({ popup, harness, shoot }) => {
    const html = popup.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(popup.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    harness.app.setSystemDark(true);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(popup.locator('body')).toHaveCSS('background-color', 'rgb(29, 31, 35)');
    harness.app.setSystemDark(false);
    await expect(html).toHaveAttribute('data-theme', 'light');

    await popup.getByRole('button', { name: 'Settings' }).click();
    await expect(popup.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await shoot('settings');
    await popup.locator('.screen-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(popup.getByRole('radio', { name: 'Dark' })).toBeInViewport();
    await shoot('settings-more');
    await popup.getByRole('radio', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    harness.app.setSystemDark(false); // a chosen theme ignores the system
    await expect(popup.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await popup.getByRole('radio', { name: 'System', exact: true }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('records a shortcut, chooses a time zone, and signs out', async ({ popup, harness, shoot }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.getByRole('button', { name: 'Record' }).click();
    await popup.keyboard.press('Control+Shift+K');
    await expect(popup.getByRole('group', { name: 'Open the popup' }).locator('kbd')).toHaveText('Ctrl+Shift+K');
    await expect.poll(() => harness.app.controller.getState().settings.shortcuts.open).toBe('CommandOrControl+Shift+K');

    await popup.getByRole('radio', { name: 'Use this zone' }).check();
    await popup.getByRole('combobox', { name: 'Time zone' }).selectOption('Pacific/Kiritimati');
    await expect.poll(() => harness.app.controller.getState().settings.timezone).toBe('Pacific/Kiritimati');
    await shoot('settings-changed');

    await popup.getByRole('button', { name: 'Sign out' }).click();
    await popup.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  });

  test('Sign out asks first, away from "Replace token"; Cancel keeps the session', async ({ popup, harness, shoot }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.getByRole('button', { name: 'Sign out' }).click();
    const ask = popup.getByRole('alertdialog', { name: /^Sign out\?/ });
    await expect(ask).toContainText('cannot show it again');
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shoot('settings-sign-out');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(harness.app.controller.getState().session.status).toBe('signedIn');
    expect(harness.app.vault.peek()).not.toBeNull();
    // Not in the same row as "Replace token".
    const replace = await popup.getByRole('button', { name: 'Replace token' }).boundingBox();
    const signOut = await popup.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(Math.abs((replace?.y ?? 0) - (signOut?.y ?? 0))).toBeGreaterThan(40);
  });

  test("the app's version and Quit are in Settings too", async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    await expect(popup.getByText('Version 0.0.0-test')).toBeVisible();
    await popup.getByRole('button', { name: 'Quit Counter Tray' }).click();
    await expect.poll(() => harness.app.quitRequests()).toBe(1);
  });
});

test.describe('a system without a key store', () => {
  test.use({ harnessOptions: { signedInAs: null, app: { encryptionWeak: true } } });

  test('keeps the token in memory until the user accepts weak protection', async ({ popup, harness, shoot }) => {
    await popup.getByRole('button', { name: 'Advanced' }).click();
    await popup.getByLabel('Server').fill(harness.service.url);
    await popup.getByLabel('API token').fill(ADA.token);
    await popup.getByRole('button', { name: 'Connect' }).click();
    await popup.getByRole('button', { name: 'Settings' }).click();
    await expect(popup.getByText('your token is kept only until you quit')).toBeVisible();
    await shoot('settings-weak-storage');
    await popup.getByRole('button', { name: 'Keep it with weak protection' }).click();
    await expect(popup.getByText('Your token is stored with weak protection')).toBeVisible();
    expect(harness.app.vault.peek()?.storage).toBe('weak'); // the text above comes from main's session state
  });
});

test('per counter: mute notifications and record shortcuts on the edit page', async ({ popup, harness }) => {
  await chooseRowAction(popup, 'Coffees today', 'Edit…');
  await popup.getByRole('checkbox', { name: 'Notify me when someone else changes it' }).uncheck();
  const plusOne = popup.getByRole('group', { name: '+1 shortcut' });
  await plusOne.getByRole('button', { name: 'Record' }).click();
  await popup.keyboard.press('Control+Alt+Equal');
  await expect(plusOne.locator('kbd')).toHaveText('Ctrl+Alt+=');
  const minusOne = popup.getByRole('group', { name: '−1 shortcut' });
  await minusOne.getByRole('button', { name: 'Record' }).click();
  await popup.keyboard.press('Control+Alt+Equal');
  await expect(minusOne.getByRole('alert')).toHaveText('Ctrl+Alt+= is already used by +1 on Coffees today. Try another.');
  // Like name and value, these apply with Save: one way of saving on the edit page.
  expect(harness.app.controller.getState().settings.notifications.mutedCounters).toEqual([]);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => harness.app.controller.getState().settings.notifications.mutedCounters).toEqual([COUNTER.coffees]);
  await expect.poll(() => harness.app.controller.getState().settings.shortcuts.counters[COUNTER.coffees]).toEqual({ increment: 'CommandOrControl+Alt+=' });
});
