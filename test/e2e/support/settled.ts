import type { Page } from '@playwright/test';

/**
 * Resolves once every running animation on the page has ended. A screen slides in by a few pixels
 * (styles.css `screen-in`), and a box measured mid-slide is off by a fraction of a pixel: a 24 px
 * switch measured 23.999996 px in one CI run.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.locator('html').evaluate((root) => Promise.all(root.ownerDocument.getAnimations().map((animation: { finished: Promise<unknown> }) => animation.finished)));
}
