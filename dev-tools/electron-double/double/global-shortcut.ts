// globalShortcut, after https://www.electronjs.org/docs/latest/api/global-shortcut and
// shell/browser/api/electron_api_global_shortcut.cc (v45 line): the accelerator is converted
// first (an invalid one is gin's TypeError, before anything else), then register, unregister
// and unregisterAll refuse before ready; register answers false when another application or
// this one already holds the accelerator. isRegistered needs no ready app.
import { parseAccelerator } from './accelerator';
import { conversionFailure, NotImplementedError } from './strict';

const NOT_READY = 'globalShortcut cannot be used before the app is ready';

export class GlobalShortcutDouble {
  /** Registered accelerators as main wrote them, keyed by the accelerator Electron parsed. */
  readonly registered = new Map<string, { text: string; callback: () => void }>();
  private readonly taken: ReadonlySet<string>;

  constructor(
    private readonly isReady: () => boolean,
    private readonly platform: NodeJS.Platform,
    /** Accelerators another application holds. */
    taken: Iterable<string>,
  ) {
    this.taken = new Set([...taken].map((text) => this.key(text, 0)));
  }

  private key(accelerator: unknown, index: number): string {
    const key = parseAccelerator(accelerator, this.platform);
    if (key === undefined) throw conversionFailure(index, accelerator);
    return key;
  }

  private ready(): void {
    if (!this.isReady()) throw new Error(NOT_READY);
  }

  register = (accelerator: string, callback: () => void): boolean => {
    const key = this.key(accelerator, 0);
    if (typeof callback !== 'function') throw conversionFailure(1, callback);
    this.ready();
    // GlobalAcceleratorListener::RegisterAccelerator fails for an accelerator already held, by anyone.
    if (this.taken.has(key) || this.registered.has(key)) return false;
    this.registered.set(key, { text: accelerator, callback });
    return true;
  };

  registerAll = (): never => {
    throw new NotImplementedError('globalShortcut.registerAll');
  };

  isRegistered = (accelerator: string): boolean => this.registered.has(this.key(accelerator, 0));

  unregister = (accelerator: string): void => {
    const key = this.key(accelerator, 0);
    this.ready();
    this.registered.delete(key);
  };

  unregisterAll = (): void => {
    this.ready();
    this.registered.clear();
  };

  /** Test side: the user pressed it (any spelling of the same keys). */
  press(accelerator: string): void {
    const entry = this.registered.get(this.key(accelerator, 0));
    if (!entry) throw new Error(`Electron double: no global shortcut ${accelerator} is registered (registered: ${[...this.registered.values()].map((e) => e.text).join(', ') || 'none'})`);
    entry.callback();
  }
}
