// `npm run dev:web`'s server: the same UI in a page with no preload, bridged over HTTP.
import { test as base, expect } from '@playwright/test';
import { startDevWeb, type DevWeb } from '../../dev-tools/web/dev-web-server';

const test = base.extend<{ dev: DevWeb }>({
  // eslint-disable-next-line no-empty-pattern
  dev: async ({}, use) => {
    const dev = await startDevWeb({ port: 0 });
    await use(dev);
    await dev.close();
  },
});

test('dev:web serves the popup wired to the demo service over the HTTP bridge', async ({ page, dev }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.setViewportSize({ width: 360, height: 480 });
  await page.goto(dev.url);
  const coffees = page.getByRole('listitem', { name: /^Coffees today,/ });
  await expect(coffees).toHaveAttribute('aria-label', 'Coffees today, 3');
  await page.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect(coffees).toHaveAttribute('aria-label', 'Coffees today, 4');
  expect(problems).toEqual([]);
});

test('the HTTP bridge refuses invokes from another origin', async ({ dev }) => {
  const response = await fetch(new URL('__bridge/invoke', dev.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
    body: JSON.stringify({ channel: 'session:signOut', request: {} }),
  });
  expect(response.status).toBe(403);
  expect(dev.harness.app.controller.getState().session.status).toBe('signedIn');
});
