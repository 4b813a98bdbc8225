// globalShortcut, powerMonitor, screen and nativeTheme: the desktop around the app.
// Each records what the app asked for and lets the test act as the user or the OS.
import { EventEmitter } from 'node:events';
import { requireReady } from './strict';

/** https://www.electronjs.org/docs/latest/api/global-shortcut */
export class GlobalShortcutDouble {
  readonly registered = new Map<string, () => void>();
  constructor(
    private readonly isReady: () => boolean,
    /** Accelerators another application holds. */
    private readonly taken: ReadonlySet<string>,
  ) {}

  register = (accelerator: string, callback: () => void): boolean => {
    requireReady(this.isReady, "The 'globalShortcut' module");
    // global-shortcut docs: returns false, and does nothing, when another application holds it.
    if (this.taken.has(accelerator) || this.registered.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  };

  isRegistered = (accelerator: string): boolean => this.registered.has(accelerator);
  unregister = (accelerator: string): void => void this.registered.delete(accelerator);
  unregisterAll = (): void => this.registered.clear();

  /** Test side: the user pressed it. */
  press(accelerator: string): void {
    const callback = this.registered.get(accelerator);
    if (!callback) throw new Error(`Electron double: no global shortcut ${accelerator} is registered (registered: ${[...this.registered.keys()].join(', ') || 'none'})`);
    callback();
  }
}

/** https://www.electronjs.org/docs/latest/api/power-monitor — may not be used before ready. */
export class PowerMonitorDouble extends EventEmitter {
  constructor(private readonly isReady: () => boolean) {
    super();
  }

  override on(event: string | symbol, listener: (...args: unknown[]) => void): this {
    requireReady(this.isReady, "The 'powerMonitor' module");
    return super.on(event, listener);
  }

  /** Test side: the machine went to sleep or woke up. */
  fire(event: 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen'): void {
    this.emit(event, {});
  }
}

const DISPLAY = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 32, width: 1920, height: 1048 },
  scaleFactor: 1,
  size: { width: 1920, height: 1080 },
  workAreaSize: { width: 1920, height: 1048 },
  rotation: 0,
  internal: false,
};

/** https://www.electronjs.org/docs/latest/api/screen — one 1920×1080 display, a top panel. */
export function screenDouble(isReady: () => boolean) {
  const ready = () => requireReady(isReady, "The 'screen' module");
  return {
    getCursorScreenPoint: () => (ready(), { x: 1800, y: 10 }),
    getPrimaryDisplay: () => (ready(), DISPLAY),
    getAllDisplays: () => (ready(), [DISPLAY]),
    getDisplayMatching: (_rect: unknown) => (ready(), DISPLAY),
    getDisplayNearestPoint: (_point: unknown) => (ready(), DISPLAY),
  };
}

/** https://www.electronjs.org/docs/latest/api/native-theme */
export class NativeThemeDouble extends EventEmitter {
  themeSource: 'system' | 'light' | 'dark' = 'system';
  private systemDark = false;

  get shouldUseDarkColors(): boolean {
    return this.themeSource === 'system' ? this.systemDark : this.themeSource === 'dark';
  }

  /** Test side: the OS switched between light and dark. */
  setSystemDark(dark: boolean): void {
    this.systemDark = dark;
    this.emit('updated');
  }
}
