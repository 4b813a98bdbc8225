// Which rate slot a request was sent in: the request keeps it until its answer or its connection's
// close, even after its caller stopped waiting (the server counts arrivals). AsyncLocalStorage carries
// the slot through the task's awaits, so no caller in between passes it along.
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
