// One way to publish events in every process, after VS Code's `Emitter`/`Event`
// (src/vs/base/common/event.ts): the owner keeps the `Emitter` and fires; everyone else gets
// only `emitter.event`, a function that subscribes and answers how to unsubscribe.
//
// A listener that throws does not stop the others: it is reported to `onListenerError`
// (by default rethrown on a later task, so it still reaches the process's error handler
// without breaking the publisher mid-loop).

/** Subscribe to an event; call the answer to unsubscribe. */
export type Event<T> = (listener: (value: T) => void) => Unsubscribe;
export type Unsubscribe = () => void;

export interface EmitterOptions {
  /** Where a throwing listener's error goes. */
  onListenerError?: (error: unknown) => void;
}

const rethrowLater = (error: unknown): void => {
  setTimeout(() => { throw error; }, 0);
};

export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private readonly onListenerError: (error: unknown) => void;
  private disposed = false;

  constructor(options: EmitterOptions = {}) {
    this.onListenerError = options.onListenerError ?? rethrowLater;
  }

  /** What subscribers get. Subscribing twice with the same function subscribes it once. */
  readonly event: Event<T> = (listener) => {
    if (this.disposed) return () => {};
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  /** Calls every listener subscribed now; one subscribed meanwhile waits for the next fire. */
  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  /** Drops every listener; later subscriptions are no-ops. */
  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }
}
