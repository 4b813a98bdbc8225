// The OS accent colour adapter driven with a fake systemPreferences: what Electron gives on
// macOS and Windows becomes one validated #rrggbb (or nothing), and a change is followed.
import { describe, expect, it } from 'vitest';
import { accentColorSource, parseAccentColor, type SystemPreferencesLike } from '../../../src-main/electron/accent-color';

type AccentListener = (event: unknown, newColor: string) => void;

/** systemPreferences as Electron 45 has it: getAccentColor answers RGBA hex ("0078d4ff"). */
function fakePreferences(initial: unknown = '0078d4ff') {
  let color = initial;
  const accentListeners = new Set<AccentListener>();
  const notifications = new Map<number, { event: string | null; callback: () => void }>();
  let nextId = 1;
  const calls: string[] = [];
  const prefs: SystemPreferencesLike = {
    getAccentColor: () => {
      calls.push('getAccentColor');
      if (color instanceof Error) throw color;
      return color as string;
    },
    on: (_event, listener) => void accentListeners.add(listener),
    removeListener: (_event, listener) => void accentListeners.delete(listener),
    subscribeNotification: (event, callback) => {
      notifications.set(nextId, { event, callback: () => callback(event ?? '', {}, '') });
      return nextId++;
    },
    unsubscribeNotification: (id) => void notifications.delete(id),
  };
  return {
    prefs,
    calls,
    accentListeners,
    notifications,
    /** Windows: the user picked another accent (Electron passes the new RGBA colour). */
    windowsChange(next: string) {
      color = next;
      accentListeners.forEach((listener) => listener({}, next));
    },
    /** macOS: the distributed notification for colour preferences. */
    macChange(next: unknown) {
      color = next;
      notifications.forEach((n) => n.event === 'AppleColorPreferencesChangedNotification' && n.callback());
    },
  };
}

describe('parseAccentColor: only a colour gets through', () => {
  it('reads Electron’s RGBA hex (and plain RGB), dropping the alpha, lower case with #', () => {
    expect(parseAccentColor('0078D4FF')).toBe('#0078d4');
    expect(parseAccentColor('007aff')).toBe('#007aff');
    expect(parseAccentColor('#ffb900ff')).toBe('#ffb900');
  });

  it('refuses anything else: CSS, other notations, other types', () => {
    for (const hostile of ['red', 'rgb(0,0,0)', '0078d4ff; background:url(//x)', '#12345', '1234567890', '', ' ', 'ggggggff', null, undefined, 42, {}, ['0078d4ff'], true]) {
      expect(parseAccentColor(hostile), String(hostile)).toBeNull();
    }
  });
});

describe('accentColorSource', () => {
  it('Windows: reads the accent at start and follows accent-color-changed', () => {
    const fake = fakePreferences('0078d4ff');
    const source = accentColorSource('win32', fake.prefs);
    expect(source.current()).toBe('#0078d4');
    const seen: (string | null)[] = [];
    const off = source.onChanged(() => seen.push(source.current()));
    fake.windowsChange('ffb900ff');
    fake.windowsChange('ffb900ff'); // the same colour again: no change to report
    expect(seen).toEqual(['#ffb900']);
    off();
    expect(fake.accentListeners.size).toBe(0);
    fake.windowsChange('e81123ff');
    expect(seen).toEqual(['#ffb900']);
  });

  it('macOS: no accent-color-changed there; the colour-preferences notification is followed instead', () => {
    const fake = fakePreferences('007affff');
    const source = accentColorSource('darwin', fake.prefs);
    expect(source.current()).toBe('#007aff');
    const seen: (string | null)[] = [];
    const off = source.onChanged(() => seen.push(source.current()));
    expect(fake.accentListeners.size).toBe(0);
    fake.macChange('ff2d55ff');
    expect(seen).toEqual(['#ff2d55']);
    off();
    expect(fake.notifications.size).toBe(0);
  });

  it('a hostile or broken answer is no accent (the popup keeps its neutral blue), and recovers with the next good one', () => {
    const fake = fakePreferences('url(javascript:alert(1))');
    const source = accentColorSource('win32', fake.prefs);
    expect(source.current()).toBeNull();
    const seen: (string | null)[] = [];
    source.onChanged(() => seen.push(source.current()));
    fake.windowsChange('0078d4ff');
    fake.windowsChange('not a colour');
    expect(seen).toEqual(['#0078d4', null]);
    const throwing = accentColorSource('darwin', fakePreferences(new Error('not on this macOS')).prefs);
    expect(throwing.current()).toBeNull();
  });

  it('Linux and the rest: Electron gives no accent there; systemPreferences is not touched', () => {
    const fake = fakePreferences('0078d4ff');
    for (const platform of ['linux', 'other'] as const) {
      const source = accentColorSource(platform, fake.prefs);
      expect(source.current()).toBeNull();
      source.onChanged(() => undefined)();
    }
    expect(fake.calls).toEqual([]);
    expect(fake.accentListeners.size + fake.notifications.size).toBe(0);
  });
});
