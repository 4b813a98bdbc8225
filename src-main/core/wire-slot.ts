// Which rate slot a request was sent in. The server counts a request when it arrives, so a
// request occupies its slot from when it is sent until its answer arrives or its
// connection is closed — even when its caller stopped waiting (a timeout) or turned the
// failure into a value. The REST client reports each request's wire
// here; the scheduler frees the slot once its task and every wire sent inside it are done.
// AsyncLocalStorage carries the slot through the task's awaits, so no caller in between
// has to pass it along.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<Promise<unknown>[]>();

/** Runs `task` in a slot; `wires` collects the requests it puts on the wire. */
export function inSlot<T>(wires: Promise<unknown>[], task: () => T): T {
  return current.run(wires, task);
}

/** The request behind `wire` keeps the current slot (if any) until `wire` settles. */
export function holdSlot(wire: Promise<unknown>): void {
  current.getStore()?.push(wire);
}
