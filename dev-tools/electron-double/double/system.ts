// powerMonitor, screen, nativeTheme and systemPreferences (the accent colour): the desktop around the app. Each records what the
// app asked for and lets the test act as the user or the OS.
import { EventEmitter } from 'node:events';
import { conversionFailure, strict } from './strict';

/**
 * https://www.electronjs.org/docs/latest/api/power-monitor — usable before ready (no check
 * since Electron 10; lib/browser/api/power-monitor.ts creates its source on the first listener).
 */
export class PowerMonitorDouble extends EventEmitter {
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

/**
 * https://www.electronjs.org/docs/latest/api/screen — one 1920×1080 display, a top panel.
 * lib/browser/api/screen.ts creates the native screen on the first property read, and that
 * throws before ready (electron_api_screen.cc): so does any read here.
 */
export function screenDouble(isReady: () => boolean) {
  const model = strict(
    {
      getCursorScreenPoint: () => ({ x: 1800, y: 10 }),
      getPrimaryDisplay: () => DISPLAY,
      getAllDisplays: () => [DISPLAY],
      getDisplayMatching: (_rect: unknown) => DISPLAY,
      getDisplayNearestPoint: (_point: unknown) => DISPLAY,
    },
    'screen',
    { pinned: ['Screen'] },
  );
  return new Proxy(model, {
    get(target, property, receiver) {
      if (typeof property === 'string' && !isReady()) throw new Error("The 'screen' module can't be used before the app 'ready' event");
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

type ThemeSource = 'system' | 'light' | 'dark';
const THEME_SOURCES: readonly string[] = ['system', 'light', 'dark'];

/**
 * https://www.electronjs.org/docs/latest/api/native-theme and electron_api_native_theme.cc:
 * themeSource takes 'system', 'light' or 'dark' (else gin's conversion TypeError); 'updated'
 * is emitted, as a posted task, when the effective theme changes — by the OS, or by
 * themeSource (patches/chromium/feat_add_set_theme_source_to_allow_apps_to.patch).
 */
export class NativeThemeDouble extends EventEmitter {
  private source: ThemeSource = 'system';
  private systemDark = false;

  get themeSource(): ThemeSource {
    return this.source;
  }

  set themeSource(value: ThemeSource) {
    if (typeof value !== 'string' || !THEME_SOURCES.includes(value)) throw conversionFailure(0, value);
    const wasDark = this.shouldUseDarkColors;
    this.source = value;
    if (this.shouldUseDarkColors !== wasDark) this.updated();
  }

  get shouldUseDarkColors(): boolean {
    return this.source === 'system' ? this.systemDark : this.source === 'dark';
  }

  /** Test side: the OS switched between light and dark (Chromium notifies its observers whatever themeSource says). */
  setSystemDark(dark: boolean): void {
    if (dark === this.systemDark) return;
    this.systemDark = dark;
    this.updated();
  }

  // NativeTheme::OnNativeThemeUpdated posts OnNativeThemeUpdatedOnUI to the UI thread.
  private updated(): void {
    setImmediate(() => this.emit('updated'));
  }
}

/** Members of systemPreferences Electron 45 compiles in on some platforms only (system-preferences docs). */
const PREFERENCES_ONLY_ON: Record<string, readonly NodeJS.Platform[]> = {
  getAccentColor: ['darwin', 'win32'],
  subscribeNotification: ['darwin'],
  unsubscribeNotification: ['darwin'],
};

/**
 * https://www.electronjs.org/docs/latest/api/system-preferences — the accent colour only:
 * getAccentColor answers RGBA hex without '#'; Windows emits 'accent-color-changed' with the
 * new colour, macOS posts AppleColorPreferencesChangedNotification to subscribers instead.
 */
export class SystemPreferencesDouble extends EventEmitter {
  private accent = '0078d4ff';
  private nextSubscription = 1;
  private readonly subscriptions = new Map<number, { event: string | null; callback: (event: string, userInfo: Record<string, unknown>, object: string) => void }>();

  constructor(private readonly platform: NodeJS.Platform) {
    super();
  }

  // Arrow members: main calls them through the strict view, whose `this` is not the double.
  getAccentColor = (): string => this.accent;

  subscribeNotification = (event: string | null, callback: (event: string, userInfo: Record<string, unknown>, object: string) => void): number => {
    const id = this.nextSubscription++;
    this.subscriptions.set(id, { event, callback });
    return id;
  };

  unsubscribeNotification = (id: number): void => {
    this.subscriptions.delete(id);
  };

  /** Test side: the user picked another accent colour (RGBA hex, as the OS reports it). */
  setAccentColor(rgba: string): void {
    this.accent = rgba;
    if (this.platform === 'win32') setImmediate(() => this.emit('accent-color-changed', {}, rgba));
    if (this.platform === 'darwin') {
      for (const { event, callback } of this.subscriptions.values()) {
        if (event === null || event === 'AppleColorPreferencesChangedNotification') callback('AppleColorPreferencesChangedNotification', {}, '');
      }
    }
  }
}

/** What main sees: only the members the pinned types declare, and only this platform's. */
export function systemPreferencesAsSeenByMain(preferences: SystemPreferencesDouble, platform: NodeJS.Platform): SystemPreferencesDouble {
  const absent = Object.entries(PREFERENCES_ONLY_ON).flatMap(([name, platforms]) => (platforms.includes(platform) ? [] : [name]));
  return strict(preferences, 'systemPreferences', { pinned: ['SystemPreferences'], absent });
}
