import { ADA } from '../../dev-tools/web/e2e-fixtures';
import { expect, rowOf, test } from './support/test';

test.describe('onboarding', () => {
  test.use({ harnessOptions: { signedInAs: null } });

  test('a bad token is refused with a precise message, then a good one connects', async ({ popup, harness, shoot }) => {
    await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
    await expect(popup.getByLabel('API token')).toHaveAttribute('type', 'password');
    await shoot('onboarding');

    await popup.getByRole('button', { name: 'Advanced' }).click();
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

  test('an address that is not a server says so, in plain words', async ({ popup }) => {
    await popup.getByRole('button', { name: 'Advanced' }).click();
    await popup.getByLabel('Server').fill('http://127.0.0.1:1');
    await popup.getByLabel('API token').fill(ADA.token);
    await popup.getByRole('button', { name: 'Connect' }).click();
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText('Could not reach 127.0.0.1:1');
    // What happened in words: no socket error codes, no addresses of internals.
    await expect(alert).not.toContainText(/ECONNREFUSED|fetch failed|ENOTFOUND|HTTP \d/);
  });

  test('the server waits under Advanced; "Get a token" opens the token page; an address without https:// gets it', async ({ popup, harness, bridge }) => {
    await expect(popup.getByLabel('Server')).toBeHidden();
    await expect(popup.getByRole('button', { name: 'Advanced' })).toHaveAttribute('aria-expanded', 'false');
    await popup.getByRole('button', { name: 'Get a token' }).click();
    await expect.poll(() => harness.app.openedLinks()).toEqual(['https://counttogether.app/settings/tokens']);

    await popup.getByRole('button', { name: 'Advanced' }).click();
    await popup.getByLabel('Server').fill('counttogether.invalid');
    await popup.getByLabel('API token').fill(ADA.token);
    await popup.getByRole('button', { name: 'Connect' }).click();
    // Not refused as "not a URL": sent to main as https://… and tried.
    await expect(popup.getByRole('alert')).toContainText('Could not reach counttogether.invalid');
    expect(bridge.invokes).toContain('session:connect');
  });

  test('"Try the demo" starts the reference service in-process', async ({ popup, shoot }) => {
    await popup.getByRole('button', { name: 'Try the demo' }).click();
    await expect(rowOf(popup, 'Books Grace read')).toHaveCount(0);
    await expect(rowOf(popup, 'Cookies left')).toBeVisible();
    await expect(popup.locator('.connection')).toContainText('demo server');
    await shoot('demo-list');
  });
});
