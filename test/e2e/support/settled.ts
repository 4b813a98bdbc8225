import type { Page } from '@playwright/test';

/** The part of a Web Animation this helper reads (the Node tsconfig has no DOM types). */
interface RunningAnimation {
  finished: Promise<unknown>;
  effect: { getComputedTiming(): { endTime?: number | string }; target?: { checkVisibility?(): boolean } | null } | null;
}

/**
 * Resolves once every running animation and transition on the page has ended. A screen slides in
 * by a few pixels (styles.css `screen-in`), and a box measured mid-slide is off by a fraction of a
 * pixel: a 24 px switch measured 23.999996 px in one CI run. An endless animation (none today) is
 * not waited for: it would never end; nor one in a folded group, which Chromium never advances.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.locator('html').evaluate((root) =>
    Promise.all(
      (root.ownerDocument.getAnimations() as unknown as RunningAnimation[])
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity && animation.effect?.target?.checkVisibility?.() !== false)
        .map((animation) => animation.finished.catch(() => undefined)), // a cancelled one (its element gone) has ended too
    ),
  );
}
