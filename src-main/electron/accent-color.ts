// The OS accent colour for the popup (macOS, Windows), followed as the user changes it. Whatever the
// OS answers is untrusted text: only a colour becomes `#rrggbb`, anything else is no accent.
import type { AccentSource, AppPlatform } from '../app/ports';

type AccentListener = (event: unknown, newColor: string) => void;

/** The part of Electron's systemPreferences this reads. */
export interface SystemPreferencesLike {
  /** RGBA hex without '#', e.g. "0078d4ff" (system-preferences docs). */
  getAccentColor(): string;
  on(event: 'accent-color-changed', listener: AccentListener): unknown;
  removeListener(event: 'accent-color-changed', listener: AccentListener): unknown;
  subscribeNotification(event: string | null, callback: (event: string, userInfo: Record<string, unknown>, object: string) => void): number;
  unsubscribeNotification(id: number): void;
}

/** RGBA or RGB hex, with or without '#', to `#rrggbb` (the alpha is dropped: the popup paints it opaque); null otherwise. */
export function parseAccentColor(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const match = /^#?([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(raw);
  return match?.[1] ? `#${match[1].toLowerCase()}` : null;
}

/** macOS posts no accent-color-changed (Windows only): its colour preferences notification says the same. */
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
