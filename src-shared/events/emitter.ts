// Events in every process, after VS Code's `Emitter`/`Event`: the owner fires, everyone else gets only
// `emitter.event`. A listener that throws does not stop the others.

export type Event<T> = (listener: (value: T) => void) => Unsubscribe;
export type Unsubscribe = () => void;

export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private readonly onListenerError: ((error: unknown) => void) | undefined;
  private disposed = false;

  constructor(options: { onListenerError?: (error: unknown) => void } = {}) {
    this.onListenerError = options.onListenerError;
  }

  /** Subscribing twice with the same function subscribes it once. */
  readonly event: Event<T> = (listener) => {
    if (this.disposed) return () => {};
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  };

  /** A listener subscribed meanwhile waits for the next fire; one unsubscribed meanwhile is not called. */
  fire(value: T): void {
    if (this.listeners.size === 0) return;
    const errors: unknown[] = [];
    if (this.listeners.size === 1) {
      // Without copying: a listener it adds meanwhile is not reached.
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

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }
}
