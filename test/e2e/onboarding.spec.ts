import { ADA } from './support/e2e-fixtures';
import { expect, rowOf, test } from './support/test';

test.describe('onboarding', () => {
  test.use({ harnessOptions: { signedInAs: null } });

  test('a bad token is refused with a precise message, then a good one connects', async ({ popup, harness, shoot }) => {
    await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
    await expect(popup.getByLabel('Server')).toHaveValue('https://developers.counttogether.app');
    await expect(popup.getByLabel('API token')).toHaveAttribute('type', 'password');
    await shoot('onboarding');

    await popup.getByLabel('Server').fill(harness.service.url);
    await popup.getByLabel('API token').fill('not-a-real-token');
    await popup.getByRole('button', { name: 'Connect' }).click();
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText('rejected this token');
    await expect(alert).not.toContainText('not-a-real-token');
    await shoot('onboarding-error');

    await popup.getByLabel('API token').fill(`${ADA.token}\n`);
    await popup.getByRole('button', { name: 'Connect' }).click();
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    await expect(popup.locator('.connection')).toHaveAttribute('data-status', 'live');
  });

  test('an address that is not a server says so', async ({ popup }) => {
    await popup.getByLabel('Server').fill('http://127.0.0.1:1');
    await popup.getByLabel('API token').fill(ADA.token);
    await popup.getByRole('button', { name: 'Connect' }).click();
    await expect(popup.getByRole('alert')).toContainText('Could not reach');
  });

  test('"Try the demo" starts the reference service in-process', async ({ popup, shoot }) => {
    await popup.getByRole('button', { name: 'Try the demo' }).click();
    await expect(rowOf(popup, 'Books Grace read')).toHaveCount(0);
    await expect(rowOf(popup, 'Cookies left')).toBeVisible();
    await expect(popup.locator('.connection')).toContainText('demo server');
    await shoot('demo-list');
  });
});
