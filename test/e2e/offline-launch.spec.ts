// A launch while the server is away shows the account's
// last-known counters (from disk), takes clicks as pending, and "Retry now" connects;
// a direction the server refused in an earlier run stays disabled with its reason.
import type { HeadlessApp } from '../../dev-tools/headless/headless-app';
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, expect, rowOf, test } from './support/test';

async function learnRefusal(app: HeadlessApp) {
  await app.dispatch('counter:decrement', { id: COUNTER.pushUps });
  await expect.poll(() => app.controller.getState().core?.counters.find((c) => c.id === COUNTER.pushUps)?.refused.decrement).toBeTruthy();
}

test.describe('launch while the server is away, after an earlier run', () => {
  // The launch's own retries a long way off, so only Retry now can connect (under load one came first and took the button).
  test.use({ harnessOptions: { serverDown: true, previousRun: learnRefusal, app: { launchRetryMs: [600_000] } } });

  test('shows the last-known counters greyed and "offline since", takes clicks, and Retry now sends them', async ({ popup, harness, shoot }) => {
    const status = popup.locator('.connection');
    await expect(status).toContainText(/Offline since/);
    await expect(popup.locator('main.stale')).toBeVisible();
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 3');
    // Learned in the earlier run, kept on disk: off from the start, with the reason.
    const minus = popup.getByRole('button', { name: 'Decrease Push-ups this week' });
    await expect(minus).toHaveAttribute('aria-disabled', 'true');
    await expect(minus).toHaveAttribute('title', 'Push-ups this week only counts up.');

    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    // Offline, a held click says so on its row.
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 4, 1 waiting');
    await shoot('offline-launch');
    await chooseRowAction(popup, 'Coffees today', 'Edit…');
    await expect(popup.locator('.notice')).toHaveText(/Editing needs the server/);

    await harness.service.resume();
    await popup.getByRole('button', { name: 'Retry now' }).click();
    await expect(status).toHaveAttribute('data-status', 'live');
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', 'Coffees today, 4');
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(4);
    await expect(minus).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('the reconnecting status line', () => {
  // Long back-off, so the next automatic try is minutes away and only Retry now can reconnect in time.
  test.use({ harnessOptions: { app: { coreOverrides: { tuning: { reconnectBaseMs: 600_000, reconnectCapMs: 600_000 } } } } });

  test('offers Retry now, which reconnects without waiting for the next try', async ({ popup, harness }) => {
    const status = popup.locator('.connection');
    await expect(status).toHaveAttribute('data-status', 'live');
    // Lost without a close frame, so the long reconnectBaseMs above governs (a 1012 would use the restart window).
    await harness.service.suspend({ abrupt: true });
    await expect(status.locator('.status-words')).toHaveText(/^(Reconnecting in \d+ (s|min)|Reconnecting…|Offline since .+)$/);
    // What happened in words; socket errors and HTTP statuses are for the log.
    await expect(status).not.toContainText(/ECONNREFUSED|ENOTFOUND|fetch failed|HTTP \d|127\.0\.0\.1/);
    // Full jitter may draw a short delay; wait for one that is clearly later than this test.
    await expect.poll(() => (harness.app.controller.getState().core?.connection.nextAttemptAt ?? 0) - Date.now(), { timeout: 20_000 }).toBeGreaterThan(20_000);
    await harness.service.resume();
    await popup.getByRole('button', { name: 'Retry now' }).click();
    await expect(status).toHaveAttribute('data-status', 'live', { timeout: 10_000 });
  });
});
