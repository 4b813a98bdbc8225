// One way to publish events in every process, after VS Code's `Emitter`/`Event`
// (src/vs/base/common/event.ts): the owner keeps the `Emitter` and fires; everyone else gets
// only `emitter.event`, a function that subscribes and answers how to unsubscribe.
//
// A listener that throws does not stop the others. Its error is reported to `onListenerError`;
// by default the first one is thrown back to whoever fired, once every listener has run.

/** Subscribe to an event; call the answer to unsubscribe. */
export type Event<T> = (listener: (value: T) => void) => Unsubscribe;
export type Unsubscribe = () => void;

export interface EmitterOptions {
  /** Where a throwing listener's error goes. */
  onListenerError?: (error: unknown) => void;
}

export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private readonly onListenerError: ((error: unknown) => void) | undefined;
  private disposed = false;

  constructor(options: EmitterOptions = {}) {
    this.onListenerError = options.onListenerError;
  }

  /** What subscribers get. Subscribing twice with the same function subscribes it once. */
  readonly event: Event<T> = (listener) => {
    if (this.disposed) return () => {};
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  /**
   * Calls every listener subscribed now. One subscribed meanwhile waits for the next fire;
   * one unsubscribed meanwhile (by an earlier listener) is not called.
   */
  fire(value: T): void {
    if (this.listeners.size === 0) return;
    const errors: unknown[] = [];
    if (this.listeners.size === 1) {
      // The common case, without copying: a listener it adds meanwhile is not reached.
      const [only] = this.listeners;
      if (only) this.deliver(only, value, errors);
    } else {
      for (const listener of [...this.listeners]) if (this.listeners.has(listener)) this.deliver(listener, value, errors);
    }
    if (errors.length > 0) throw errors[0];
  }

  private deliver(listener: (value: T) => void, value: T, errors: unknown[]): void {
    try {
      listener(value);
    } catch (error) {
      if (this.onListenerError) this.onListenerError(error);
      else errors.push(error);
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
