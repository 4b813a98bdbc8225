// The popup's first state, asked for while the page's own scripts still load. The preload runs
// before them, so its state:get travels to main (which holds the last-known counters before the
// window loads) while the bundle is fetched and evaluated; the page's first state:get then finds
// the answer already there instead of starting the round trip after React mounted. The changes
// main pushes meanwhile are kept and handed to the page's first state:delta subscriber, so the
// early answer is brought up to date the way the page brings any answer up to date (by revision:
// useAppState applies those that follow it and ignores older ones). An early answer that is not a
// state (main refused or failed it) is not handed on: the page's own state:get goes to main as
// it would have without this. Asynchronous (never sendSync:
// the page is not blocked), nothing passes through the command line (additionalArguments would
// show counter names to every local user in the renderer's argv), and the answer and every change
// are checked like any other when the page takes them.
type Listener = (event: unknown, payload: unknown) => void;

export interface FirstStateIpc {
  invoke(channel: 'state:get', request: Record<string, never>): Promise<unknown>;
  on(channel: 'state:delta', listener: Listener): unknown;
  removeListener(channel: 'state:delta', listener: Listener): unknown;
}

export interface FirstState {
  /** The early answer for the page's first state:get, once; null after, or once too many changes went by. */
  take(): Promise<unknown> | null;
  /** The changes main pushed since it asked, for the page's first subscriber, once. */
  takeChanges(): unknown[];
}

/** A page that never subscribes must not make the preload hoard changes: past this many the early answer is dropped. */
export const MAX_KEPT_CHANGES = 100;

export function prefetchFirstState(ipc: FirstStateIpc): FirstState {
  let answer: Promise<unknown> | null = ipc.invoke('state:get', {});
  // A failure is the taker's to handle (renderer-api asks afresh); until then it must not count as unhandled.
  answer.catch(() => undefined);
  let changes: unknown[] = [];
  const stop = () => void ipc.removeListener('state:delta', keep);
  function keep(_event: unknown, payload: unknown): void {
    if (changes.length < MAX_KEPT_CHANGES) return void changes.push(payload);
    // Too far behind to catch up from what was kept: the page asks afresh.
    answer = null;
    changes = [];
    stop();
  }
  ipc.on('state:delta', keep);

  return {
    take() {
      const taken = answer;
      answer = null;
      return taken;
    },
    takeChanges() {
      const taken = changes;
      changes = [];
      stop();
      return taken;
    },
  };
}
