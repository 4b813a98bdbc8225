// The page's half of the pictures' clock (held-timers-client.ts runs in the page): its Date stands
// at a fixed instant (Playwright's clock) and a timer of IN_FLIGHT_MS or more waits for `advance`.
import type { Page } from '@playwright/test';
import { IN_FLIGHT_MS } from '../support/fake-clock';
import { pageBundle } from './page-bundle';

export interface HeldPageClock {
  /** Once the page has loaded: fails unless its clock stands at the instant and holds a long timer. */
  check(): Promise<void>;
  /** Moves the page's time on by `ms`, firing the timers held until then. */
  advance(ms: number): Promise<void>;
}

/** Call before the page loads. */
export async function holdPageTimers(page: Page, at: number): Promise<HeldPageClock> {
  await page.clock.setFixedTime(at);
  await page.addInitScript({ content: await pageBundle('dev-tools/web/held-timers-client.ts') });
  let now = at;
  return {
    async check() {
      const pinned = await page.evaluate((wait) => {
        const handle = setTimeout(() => undefined, wait);
        clearTimeout(handle);
        return { now: Date.now(), held: typeof handle === 'object' };
      }, IN_FLIGHT_MS);
      if (pinned.now !== now || !pinned.held) throw new Error(`the page's clock is not held: ${JSON.stringify(pinned)}`);
    },
    async advance(ms) {
      now += ms;
      await page.clock.setFixedTime(now);
      await page.evaluate((by) => (globalThis as unknown as { __pictureAdvance(ms: number): void }).__pictureAdvance(by), ms);
    },
  };
}
