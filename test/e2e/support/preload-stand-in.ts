// Plays the preload's role for a page in plain Chromium: `window.counterTray` with the
// same CounterTrayApi shape, invoke → the app's dispatcher (page.exposeFunction), and
// the controller's events pushed into the page in order.
import type { Page } from '@playwright/test';
import { eventChannels, type EventChannel } from '../../../src-shared/ipc/contract';
import type { HeadlessApp } from '../../../src-main/app/index';

/** Runs in the page before any of its scripts (addInitScript bypasses the page's CSP, as a preload does). */
function defineCounterTray() {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const w = globalThis as unknown as {
    __counterTrayInvoke: (channel: string, request: unknown) => Promise<unknown>;
    __counterTrayPush: (event: string, payload: unknown) => void;
    counterTray: unknown;
  };
  Object.defineProperty(w, '__counterTrayPush', {
    value: (event: string, payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  });
  const api = Object.freeze({
    invoke: (channel: string, request: unknown) => w.__counterTrayInvoke(channel, request),
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => void set.delete(listener);
    },
  });
  Object.defineProperty(w, 'counterTray', { value: api, enumerable: true });
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
  await page.addInitScript(defineCounterTray);

  // One queue per page: events reach it in the order the controller emitted them.
  let queue = Promise.resolve();
  const push = (event: EventChannel, payload: unknown) => {
    queue = queue
      .then(() => page.evaluate(([e, p]) => (globalThis as unknown as { __counterTrayPush?: (e: string, p: unknown) => void }).__counterTrayPush?.(e, p), [event, payload] as const))
      .catch(() => undefined); // page navigating or closed: it fetches state:get on load
  };
  const offs = (Object.keys(eventChannels) as EventChannel[]).map((event) => app.controller.on(event, (payload) => push(event, payload)));
  return {
    invokes,
    detach: () => offs.forEach((off) => off()),
  };
}
