// Plays the preload's role for a page in plain Chromium: the app's own preload API on
// `window.counterTray` over an ipcRenderer look-alike, invoke → the app's dispatcher
// (page.exposeFunction), and the controller's state pushes sent into the page in order.
import type { Page } from '@playwright/test';
import type { HeadlessApp } from '../headless/headless-app';
import { pageBundle } from './page-bundle';

/** The preload's API module as a browser script defining `__counterTrayPreload.createCounterTrayApi` (also used by bench/browser.ts). */
export const bundledPreloadApi = (): Promise<string> => pageBundle('src-main/preload/renderer-api.ts', '__counterTrayPreload');

/** stand-in-client.ts bundled for the page (the preload API included). */
const bundledStandIn = (): Promise<string> => pageBundle('dev-tools/web/stand-in-client.ts');

export interface InstalledBridge {
  /** Every invoke the page made, in order (channel names), for assertions. */
  readonly invokes: string[];
  detach(): void;
}

export async function installPreloadStandIn(page: Page, app: HeadlessApp): Promise<InstalledBridge> {
  const invokes: string[] = [];
  await page.exposeFunction('__counterTrayInvoke', async (channel: unknown, request: unknown) => {
    invokes.push(String(channel));
    return app.dispatch(channel, request);
  });
  await page.addInitScript({ content: await bundledStandIn() });

  // One queue per page: events reach it in the order the controller emitted them.
  let queue = Promise.resolve();
  const push = (event: 'state:delta', payload: unknown) => {
    queue = queue
      .then(() => page.evaluate(([e, p]) => (globalThis as unknown as { __counterTrayPush?: (e: string, p: unknown) => void }).__counterTrayPush?.(e, p), [event, payload] as const))
      .catch(() => undefined); // page navigating or closed: it fetches state:get on load
  };
  // Exactly what main.ts forwards, so the e2e run sees the production stream.
  const off = app.controller.on('state:delta', (delta) => push('state:delta', delta));
  return { invokes, detach: off };
}
