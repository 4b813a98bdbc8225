import type { Page } from '@playwright/test';
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

test.describe('sign-in errors sit under their field', () => {
  test.use({ harnessOptions: { signedInAs: null } });

  /** What a screen reader and the eye get from a field: invalid, described by the message right under it, focused. */
  async function fieldSays(popup: Page, label: string) {
    const field = popup.getByLabel(label, { exact: true });
    const describedBy = await field.getAttribute('aria-describedby');
    const message = describedBy ? popup.locator(`[id="${describedBy}"]`) : null;
    const [fieldBox, messageBox] = await Promise.all([field.boundingBox(), message?.boundingBox()]);
    return {
      invalid: await field.getAttribute('aria-invalid'),
      message: message ? await message.textContent() : null,
      // Right under the field: below it, within two lines.
      under: !!fieldBox && !!messageBox && messageBox.y >= fieldBox.y + fieldBox.height && messageBox.y - (fieldBox.y + fieldBox.height) < 24,
      focused: await field.evaluate((el) => el === el.ownerDocument.activeElement),
    };
  }

  test('an empty Connect: under the token field (not under Advanced), marked invalid, focus there', async ({ popup, shoot }) => {
    await popup.getByRole('button', { name: 'Connect' }).click();
    expect(await fieldSays(popup, 'API token')).toEqual({ invalid: 'true', message: expect.stringMatching(/^Paste your API token/), under: true, focused: true });
    const advanced = await popup.getByRole('button', { name: 'Advanced' }).boundingBox();
    const message = await popup.getByText(/^Paste your API token/).boundingBox();
    expect((message?.y ?? 0) < (advanced?.y ?? 0), 'the message is above Advanced, with its field').toBe(true);
    await shoot('onboarding-empty-connect');
  });

  test('a server address that is not one: Advanced opens, the message is under the server field, focus there', async ({ popup, shoot }) => {
    await popup.getByLabel('API token').fill(ADA.token);
    await popup.getByRole('button', { name: 'Advanced' }).click();
    await popup.getByLabel('Server').fill('http://');
    await popup.getByRole('button', { name: 'Advanced' }).click();
    await expect(popup.getByLabel('Server')).toBeHidden();
    await popup.getByRole('button', { name: 'Connect' }).click();
    await expect(popup.getByLabel('Server')).toBeVisible();
    expect(await fieldSays(popup, 'Server')).toEqual({ invalid: 'true', message: expect.stringMatching(/not a valid server address/), under: true, focused: true });
    expect(await popup.getByLabel('API token').getAttribute('aria-invalid')).toBeNull();
    await shoot('onboarding-server-error');
  });
});
