// The OS accent colour for the popup; the OS's answer is untrusted text: only `#rrggbb` gets through.
import type { AccentSource, AppPlatform } from '../app/ports';

type AccentListener = (event: unknown, newColor: string) => void;

export interface SystemPreferencesLike {
  /** RGBA hex without '#', e.g. "0078d4ff". */
  getAccentColor(): string;
  on(event: 'accent-color-changed', listener: AccentListener): unknown;
  removeListener(event: 'accent-color-changed', listener: AccentListener): unknown;
  subscribeNotification(event: string | null, callback: (event: string, userInfo: Record<string, unknown>, object: string) => void): number;
  unsubscribeNotification(id: number): void;
}

/** RGBA or RGB hex, with or without '#', to `#rrggbb` (the popup paints it opaque). */
export function parseAccentColor(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const match = /^#?([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(raw);
  return match?.[1] ? `#${match[1].toLowerCase()}` : null;
}

/** accent-color-changed is Windows only; macOS posts this. */
const MAC_COLOR_NOTIFICATION = 'AppleColorPreferencesChangedNotification';

export function accentColorSource(platform: AppPlatform, prefs: SystemPreferencesLike): AccentSource {
  if (platform !== 'darwin' && platform !== 'win32') return { current: () => null, onChanged: () => () => undefined };
  const read = (): string | null => {
    try {
      return parseAccentColor(prefs.getAccentColor());
    } catch {
      return null; // older macOS has no accent colour
    }
  };
  let color = read();
  return {
    current: () => color,
    onChanged(listener) {
      const update = (next: string | null) => {
        if (next === color) return;
        color = next;
        listener();
      };
      if (platform === 'win32') {
        const changed: AccentListener = (_event, newColor) => update(parseAccentColor(newColor));
        prefs.on('accent-color-changed', changed);
        return () => void prefs.removeListener('accent-color-changed', changed);
      }
      const id = prefs.subscribeNotification(MAC_COLOR_NOTIFICATION, () => update(read()));
      return () => prefs.unsubscribeNotification(id);
    },
  };
}
