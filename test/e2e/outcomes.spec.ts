// What becomes of a change, in the popup (docs/api.md R1): a slow change shows "still sending…" and lands once; a change
// whose answer was lost asks the user to send it again or keep the server's value.
// The app reaches the service through the programmable front server (test/support/request-fault-front.ts).
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { expect, rowOf, test } from './support/test';

const TIMEOUT_MS = 400;

test.describe('outcomes of a change', () => {
  test.use({ harnessOptions: { front: true, app: { coreOverrides: { requestTimeoutMs: TIMEOUT_MS } } } });

  test('a slow answer shows "still sending…" and the click lands exactly once', async ({ popup, harness, shoot }) => {
    const row = rowOf(popup, 'Coffees today');
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 3');
    harness.front!.add({ method: 'POST', path: /\/increment\//, action: { kind: 'applyLate', delayMs: TIMEOUT_MS * 4 }, times: 1 });
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(row.getByText('still sending…')).toBeVisible();
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 4, still sending');
    await shoot('list-still-sending');
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 4');
    await expect(row.getByText('still sending…')).toHaveCount(0);
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(4);
  });

  test('a lost answer asks: "Send again" lands it once, "Keep" keeps the server\'s value', async ({ popup, harness, shoot }) => {
    const row = rowOf(popup, 'Coffees today');
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 3');
    harness.front!.add({ method: 'POST', path: /\/increment\//, action: { kind: 'loseRequest' }, times: 1 });
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(row.getByText('+1 unconfirmed')).toBeVisible();
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 3, could not confirm');
    await shoot('list-could-not-confirm');
    await popup.getByRole('button', { name: 'Send +1 to Coffees today again' }).click();
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 4');
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(4);

    // This time the answer is lost after the server applied it: the user keeps the server's value.
    harness.front!.add({ method: 'POST', path: /\/increment\//, action: { kind: 'dropAnswer' }, times: 1 });
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(row.getByText('+1 unconfirmed')).toBeVisible();
    await popup.getByRole('button', { name: 'Keep the server’s value of Coffees today' }).click();
    await expect(row).toHaveAttribute('aria-label', 'Coffees today, 5');
    expect(harness.service.getCounter(COUNTER.coffees)?.value).toBe(5);
  });
});
