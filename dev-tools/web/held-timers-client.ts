// Runs in the page (an init script, after the clock Playwright installs) for the pictures: the
// page's timers held as pictureClock holds main's. One under IN_FLIGHT_MS runs as set (a render's
// reveal, a frame's follow-up); a longer one (a notice's lapse) waits until __pictureAdvance(ms).
import { FakeClock, IN_FLIGHT_MS } from '../support/fake-clock';

interface PageTimers {
  setTimeout(handler: unknown, ms?: number, ...args: unknown[]): unknown;
  clearTimeout(handle: unknown): void;
}
const page = globalThis as unknown as PageTimers;
const running = { set: page.setTimeout.bind(globalThis), clear: page.clearTimeout.bind(globalThis) };
const held = new FakeClock(0);
/** A held timer's handle is an object of its own, so it can never be mistaken for a running one's. */
const heldIds = new Map<object, unknown>();

page.setTimeout = (handler, ms = 0, ...args) => {
  if (ms < IN_FLIGHT_MS || typeof handler !== 'function') return running.set(handler, ms, ...args);
  const handle = {};
  heldIds.set(
    handle,
    held.setTimeout(() => {
      heldIds.delete(handle);
      Reflect.apply(handler, globalThis, args);
    }, ms),
  );
  return handle;
};
page.clearTimeout = (handle) => {
  if (typeof handle !== 'object' || handle === null || !heldIds.has(handle)) return running.clear(handle);
  held.clearTimeout(heldIds.get(handle));
  heldIds.delete(handle);
};
Object.defineProperty(globalThis, '__pictureAdvance', { value: (ms: number) => held.advanceSync(ms) });
