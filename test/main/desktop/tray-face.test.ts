// The tray's face as a user meets it: the app's mark stays when a counter is pinned (the
// number beside it on macOS, a badge over its corner elsewhere), the badge is legible at
// 16 px, the icon tells offline / needs you / update ready apart, and the tooltip says the
// pinned counter with today's change, in English and German.
import { describe, expect, it } from 'vitest';
import { de, en } from '../../../dev-tools/support/i18n';
import { drawTrayIcon, TRAY_ICON_SIZES, type IconSpec } from '../../../src-main/desktop/tray-icon';
import { presentTray } from '../../../src-main/desktop/tray-presentation';
import type { AppStateBody } from '../../../src-shared/ipc/contract';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { COFFEE_ID, counter, signedInState } from '../../support/app-fakes';
import { badgeGlyphs, freeOfBadgeAndDot, markAgreement, pixelAt } from '../../support/tray-pixels';

const coffee = counter(COFFEE_ID, 'Coffees today', 4);
const pinnedOn = (platform: AppStateBody['platform'], counters: CounterState[] = [coffee], overrides: Partial<AppStateBody> = {}) =>
  signedInState(counters, [COFFEE_ID], { platform, ...overrides });
const withConnection = (state: AppStateBody, status: 'live' | 'offline' | 'reconnecting' | 'unauthorized' | 'connecting'): AppStateBody => ({
  ...state,
  core: state.core ? { ...state.core, connection: { status } } : null,
});
const updateReady = { updates: { source: 'self' as const, status: { kind: 'ready' as const, version: '0.3.0' }, nextCheckAt: null, whatsNew: null } };

describe('the mark stays when a counter is pinned', () => {
  it.each(TRAY_ICON_SIZES.map((size) => [size]))('Windows/Linux, %i px: a badge over the corner, the app’s mark (icon.svg) in the rest of the icon', (size) => {
    const { icon } = presentTray(pinnedOn('win32', [{ ...coffee, value: 999 }]), en);
    expect(icon).toMatchObject({ template: false, badge: '999' });
    const drawn = drawTrayIcon({ size, ...icon });
    // Today's mark: at least nine in ten of the pixels a badge cannot reach are icon.svg's, class for class.
    expect(markAgreement(drawn, false, freeOfBadgeAndDot(size))).toBeGreaterThanOrEqual(0.9);
  });

  it.each(TRAY_ICON_SIZES.map((size) => [size]))('macOS, %i px: the number is the title, the icon is the mark as a template', (size) => {
    const { title, icon } = presentTray(pinnedOn('darwin'), en);
    expect(title).toBe('4');
    expect(icon).toMatchObject({ template: true, badge: null });
    expect(markAgreement(drawTrayIcon({ size, ...icon }), true)).toBeGreaterThanOrEqual(0.85);
  });
});

describe('the badge is legible at 16 px', () => {
  // On the dark panel the badge's ink is dark grey, which the mark never uses (tray-pixels.ts badgeGlyphs).
  const spec = (badge: string | null): IconSpec => ({ size: 16, template: false, theme: 'dark', mark: 'solid', badge, dot: null });

  /** Digits and letters are 6 px; the signs are shorter by nature: "<" 5 px, "+" 3, the minus a bar. */
  const minHeight = (char: string) => ({ '<': 5, '+': 3, '-': 1 })[char] ?? 6;

  it.each([['999'], ['12k'], ['42'], ['7'], ['1k'], ['<1M'], ['-5'], ['-42'], ['1G+']])('"%s": each digit and letter at least 6 px tall, each character apart', (badge) => {
    const glyphs = badgeGlyphs(drawTrayIcon(spec(badge)), drawTrayIcon(spec(null)));
    expect(glyphs.length, `characters found in ${badge}`).toBe([...badge].length);
    [...badge].forEach((char, i) => expect(glyphs[i]?.height, `${badge}, "${char}": ${JSON.stringify(glyphs[i])}`).toBeGreaterThanOrEqual(minHeight(char)));
  });

  it('the same pixels are ink on the light panel, light on a dark pill', () => {
    const dark = badgeGlyphs(drawTrayIcon(spec('999')), drawTrayIcon(spec(null)));
    const light = drawTrayIcon({ ...spec('999'), theme: 'light' });
    for (const glyph of dark) {
      // Each character's middle column holds light ink on the light panel's dark pill.
      const x = Math.floor((glyph.left + glyph.right) / 2);
      const column = Array.from({ length: glyph.height }, (_, k) => pixelAt(light, x, glyph.top + k));
      expect(column.some((p) => p.r > 200 && p.g > 200 && p.b > 200), JSON.stringify(glyph)).toBe(true);
    }
  });
});

describe('states a glance can read', () => {
  const face = (state: AppStateBody) => {
    const { mark, dot } = presentTray(state, en).icon;
    return { mark, dot };
  };

  it('normal: the solid mark, no dot', () => {
    expect(face(pinnedOn('linux'))).toEqual({ mark: 'solid', dot: null });
  });

  it('offline, reconnecting or connecting: the hollow mark; offline is no dot (nothing to do)', () => {
    for (const status of ['offline', 'reconnecting', 'connecting'] as const) expect(face(withConnection(pinnedOn('linux'), status)), status).toEqual({ mark: 'hollow', dot: null });
  });

  it('needs you: an unconfirmed click, a refused change, signed out, a rejected token', () => {
    const unconfirmed = { ...coffee, error: { kind: 'unconfirmed' as const, message: 'Could not confirm', amount: 1 } };
    const refused = { ...coffee, error: { kind: 'rejected' as const, message: 'Only counts up' } };
    expect(face(pinnedOn('linux', [unconfirmed]))).toEqual({ mark: 'solid', dot: 'needsYou' });
    expect(face(pinnedOn('linux', [refused]))).toEqual({ mark: 'solid', dot: 'needsYou' });
    const signedOut = signedInState([], [], { session: { status: 'signedOut', mode: 'account', serverUrl: '', tokenStorage: 'none', encryptionWeak: false }, core: null });
    expect(face(signedOut)).toEqual({ mark: 'hollow', dot: 'needsYou' });
    expect(face(withConnection(pinnedOn('linux'), 'unauthorized'))).toEqual({ mark: 'hollow', dot: 'needsYou' });
  });

  it('a counter that is gone or unreadable is its state, not a question: no dot', () => {
    const gone = { ...coffee, error: { kind: 'gone' as const, message: 'No longer shared' } };
    expect(face(pinnedOn('linux', [gone]))).toEqual({ mark: 'solid', dot: null });
  });

  it('update ready: the update mark in the corner', () => {
    expect(face(pinnedOn('linux', [coffee], updateReady))).toEqual({ mark: 'solid', dot: 'update' });
  });

  it('precedence: offline and needs you combine (hollow + dot); needs you takes the corner from update ready', () => {
    const unconfirmed = { ...coffee, error: { kind: 'unconfirmed' as const, message: 'Could not confirm', amount: 1 } };
    expect(face(withConnection(pinnedOn('linux', [unconfirmed]), 'offline'))).toEqual({ mark: 'hollow', dot: 'needsYou' });
    expect(face(pinnedOn('linux', [unconfirmed], updateReady))).toEqual({ mark: 'solid', dot: 'needsYou' });
    expect(face(withConnection(pinnedOn('linux', [coffee], updateReady), 'offline'))).toEqual({ mark: 'hollow', dot: 'update' });
  });

  it('each state draws different pixels, at every size, in colour and as a template', () => {
    for (const template of [false, true]) {
      for (const size of TRAY_ICON_SIZES) {
        const looks: IconSpec[] = [
          { size, template, theme: 'dark', mark: 'solid', badge: null, dot: null },
          { size, template, theme: 'dark', mark: 'hollow', badge: null, dot: null },
          { size, template, theme: 'dark', mark: 'solid', badge: null, dot: 'needsYou' },
          { size, template, theme: 'dark', mark: 'solid', badge: null, dot: 'update' },
        ];
        const digests = looks.map((look) => Buffer.from(drawTrayIcon(look).bgra).toString('base64'));
        expect(new Set(digests).size, `template ${template}, ${size} px`).toBe(looks.length);
      }
    }
  });
});

describe('the tooltip: the pinned counter and today’s change', () => {
  const movedToday = (state: AppStateBody): AppStateBody => ({ ...state, activity: { today: { [COFFEE_ID]: 2 }, undo: null } });

  it('in English and German', () => {
    expect(presentTray(movedToday(pinnedOn('win32')), en).tooltip).toBe('Counter Tray — Coffees today: 4 (+2 today)');
    expect(presentTray(movedToday(pinnedOn('win32', [coffee], { locale: { language: 'de', formats: 'de-DE', system: 'de' } })), de).tooltip).toBe('Counter Tray — Coffees today: 4 (+2 heute)');
  });

  it('says no change when the activity summary has none, rather than inventing one', () => {
    expect(presentTray(pinnedOn('linux'), en).tooltip).toBe('Counter Tray — Coffees today: 4');
  });

  it('adds a state word when offline, when something needs the user, when an update is ready', () => {
    expect(presentTray(movedToday(withConnection(pinnedOn('linux'), 'offline')), en).tooltip).toBe('Counter Tray — Coffees today: 4 (+2 today) · offline');
    const refused = { ...coffee, error: { kind: 'rejected' as const, message: 'Only counts up' } };
    expect(presentTray(pinnedOn('linux', [refused]), en).tooltip).toBe('Counter Tray — Coffees today: 4 · a change was refused');
    expect(presentTray(pinnedOn('linux', [coffee], updateReady), de).tooltip).toBe('Counter Tray — Coffees today: 4 · Update bereit');
  });
});
