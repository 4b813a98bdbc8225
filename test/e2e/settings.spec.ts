import { expect, test } from './support/test';

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
    expect(harness.app.controller.getState().settings.shortcuts.open).toBe('CommandOrControl+Shift+K');

    await popup.getByRole('radio', { name: 'Use this zone' }).check();
    await popup.getByRole('combobox', { name: 'Time zone' }).selectOption('Pacific/Kiritimati');
    await expect.poll(() => harness.app.controller.getState().settings.timezone).toBe('Pacific/Kiritimati');
    await shoot('settings-changed');

    await popup.getByRole('button', { name: 'Sign out' }).click();
    await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  });
});
