// Plays the preload's role for a page in plain Chromium. The page gets the shell's own
// preload API (src-main/ipc/renderer-api.ts, bundled here with esbuild) on
// `window.counterTray`, over an ipcRenderer look-alike: invoke → the app's dispatcher
// through page.exposeFunction, and the controller's events pushed into the page in order.
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { join } from 'node:path';
import { POPUP_EVENTS, type EventChannel } from '../../../src-shared/ipc/contract';
import type { HeadlessApp } from '../../../src-main/app/index';
import { ROOT } from './build-renderer';

let preloadApiScript: Promise<string> | undefined;

/** The preload's API module as a browser script defining `__counterTrayPreload.createCounterTrayApi` (also used by bench/browser.ts). */
export function bundledPreloadApi(): Promise<string> {
  preloadApiScript ??= build({
    entryPoints: [join(ROOT, 'src-main/ipc/renderer-api.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__counterTrayPreload',
    platform: 'browser',
    target: 'chrome130',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return preloadApiScript;
}

/** Runs in the page before any of its scripts (init scripts bypass the page's CSP, as a preload does). */
function exposeCounterTray(preload: { createCounterTrayApi(ipc: unknown): unknown }) {
  type Listener = (event: unknown, payload: unknown) => void;
  const g = globalThis as unknown as { __counterTrayInvoke: (channel: string, request: unknown) => Promise<unknown> };
  const listeners = new Map<string, Set<Listener>>();
  const ipcRenderer = {
    invoke: (channel: string, request: unknown) => g.__counterTrayInvoke(channel, request),
    on(channel: string, listener: Listener) {
      const set = listeners.get(channel) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(channel, set);
    },
    removeListener: (channel: string, listener: Listener) => void listeners.get(channel)?.delete(listener),
  };
  Object.defineProperty(globalThis, '__counterTrayPush', {
    value: (event: string, payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener({ sender: 'main' }, payload);
    },
  });
  Object.defineProperty(globalThis, 'counterTray', { value: preload.createCounterTrayApi(ipcRenderer), enumerable: true });
}

export interface InstalledBridge {
  /** Every invoke the page made, in order (channel names), for assertions. */
  readonly invokes: string[];
  detach(): void;
}

export async function installPreloadStandIn(page: Page, app: HeadlessApp): Promise<InstalledBridge> {
  const invokes: string[] = [];
  await page.exposeFunction('__counterTrayInvoke', (channel: unknown, request: unknown) => {
    invokes.push(String(channel));
    return app.dispatch(channel, request);
  });
  // One script: Playwright may wrap it, so the bundle's `var` is handed over, not looked up globally.
  await page.addInitScript({ content: `${await bundledPreloadApi()}\n(${exposeCounterTray.toString()})(__counterTrayPreload);` });

  // One queue per page: events reach it in the order the controller emitted them.
  let queue = Promise.resolve();
  const push = (event: EventChannel, payload: unknown) => {
    queue = queue
      .then(() => page.evaluate(([e, p]) => (globalThis as unknown as { __counterTrayPush?: (e: string, p: unknown) => void }).__counterTrayPush?.(e, p), [event, payload] as const))
      .catch(() => undefined); // page navigating or closed: it fetches state:get on load
  };
  // Exactly what main.ts forwards, so the e2e run sees the production event stream.
  const offs = POPUP_EVENTS.map((event) => app.controller.on(event, (payload) => push(event, payload)));
  return {
    invokes,
    detach: () => offs.forEach((off) => off()),
  };
}
