// The popup's first state, asked for while the page's own scripts still load. The preload runs
// before them, so its state:get travels to main (which holds the last-known counters before the
// window loads) while the bundle is fetched and evaluated; the page's first state:get then finds
// the answer already there instead of starting the round trip after React mounted. Asynchronous
// (never sendSync: the page is not blocked), nothing passes through the command line
// (additionalArguments would show counter names to every local user in the renderer's argv),
// and the answer is checked like any other when the page takes it.
export interface FirstStateIpc {
  invoke(channel: 'state:get', request: Record<string, never>): Promise<unknown>;
  on(channel: 'state:delta', listener: () => void): unknown;
  removeListener(channel: 'state:delta', listener: () => void): unknown;
}

/** Asks now; the returned function hands the answer to the first taker, or null once a delta has made it stale. */
export function prefetchFirstState(ipc: FirstStateIpc): () => Promise<unknown> | null {
  let held: Promise<unknown> | null = ipc.invoke('state:get', {});
  // Whoever takes it sees a failure; until then it must not count as unhandled.
  held.catch(() => undefined);
  const drop = () => {
    held = null;
    ipc.removeListener('state:delta', drop);
  };
  // A change after the question was asked: the answer may predate it, so the page asks afresh.
  ipc.on('state:delta', drop);
  return () => {
    const answer = held;
    drop();
    return answer;
  };
}
