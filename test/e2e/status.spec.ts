import { ADA, ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { expect, rowOf, test } from './support/test';

test.describe('connection status', () => {
  test('a revoked token shows "unauthorized" with a way to enter a new one', async ({ popup, harness, shoot }) => {
    const status = popup.locator('.connection');
    await expect(status).toHaveAttribute('data-status', 'live');
    harness.service.revokeToken(ADA.token);
    await expect(status).toHaveAttribute('data-status', 'unauthorized');
    await expect(status).toContainText('Signed out');
    await expect(popup.getByRole('button', { name: 'Sign in again' })).toHaveAccessibleDescription('The server no longer accepts your token.');
    await shoot('unauthorized');

    await popup.getByRole('button', { name: 'Sign in again' }).click();
    await expect(popup.getByRole('heading', { name: 'Replace your token' })).toBeVisible();
    await expect(popup.getByLabel('Server')).toHaveValue(harness.service.url);
    await shoot('replace-token');
    await popup.getByLabel('API token').fill(ALAN.token);
    await popup.getByRole('button', { name: 'Connect' }).click();
    await expect(status).toHaveAttribute('data-status', 'live');
    // Alan shares two of Ada's counters, not her own ones.
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    await expect(rowOf(popup, 'Since we moved in')).toHaveCount(0);
  });

  test('a lost server shows reconnecting with the next attempt, then live again', async ({ popup, harness, shoot }) => {
    const status = popup.locator('.connection');
    await expect(status).toHaveAttribute('data-status', 'live');
    // Lost without a close frame (a crash): back within the 2 s blip backoff, not the restart window (src-main/core/README.md, "Reconnect").
    await harness.service.suspend({ abrupt: true });
    await expect(status).toHaveAttribute('data-status', /reconnecting|offline/);
    await expect(status.locator('.status-words')).toHaveText(/^(Reconnecting in \d+ (s|min)|Reconnecting…|Offline since .+)$/);
    await shoot('reconnecting');
    await harness.service.resume();
    await expect(status).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  });

  test('clicks made while the server is away stay pending, then apply exactly once', async ({ popup, harness, shoot }) => {
    const status = popup.locator('.connection');
    await expect(status).toHaveAttribute('data-status', 'live');
    await harness.service.suspend();
    await expect(status).toHaveAttribute('data-status', /reconnecting|offline/);
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 5, 2 waiting');
    await expect(rowOf(popup, 'Coffees today').locator('.pending-mark.on')).toBeVisible();
    await expect(rowOf(popup, 'Coffees today').getByTestId('waiting')).toHaveText('2 waiting');
    await shoot('list-pending');
    await harness.service.resume();
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 5', { timeout: 20_000 });
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(5);
  });
});

test.describe('launch while the server is away', () => {
  test.use({ harnessOptions: { serverDown: true } });

  test('says it is connecting and why it cannot yet, then shows the counters', async ({ popup, harness, shoot }) => {
    await expect(popup.getByRole('heading', { name: /^Connecting to 127\.0\.0\.1:\d+…$/ })).toBeVisible();
    await expect(popup.getByRole('alert')).toContainText('Could not reach');
    await shoot('connecting');
    await harness.service.resume();
    await expect(rowOf(popup, 'Coffees today')).toBeVisible({ timeout: 20_000 });
  });
});
