import { de, en } from '../../../dev-tools/support/i18n';
import { describe, expect, it, vi } from 'vitest';
import { buildTrayMenu, menuKey } from '../../../src-main/desktop/tray-menu';
import { createTrayPresenter, presentTray } from '../../../src-main/desktop/tray-presentation';
import { drawTrayIcon } from '../../../src-main/desktop/tray-icon';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import { COFFEE_ID, TRIP_ID, counter, signedInState } from '../../support/app-fakes';

const coffee = counter(COFFEE_ID, 'Coffees today', 7);
const trip = { ...counter(TRIP_ID, 'Until the trip', 120), type: 'ToDate' as const };

describe('buildTrayMenu', () => {
  it('lists pinned counters in the pinned order, with increment/decrement for UpDown only', () => {
    const items = buildTrayMenu(signedInState([coffee, trip], [TRIP_ID, COFFEE_ID]), en);
    const labels = items.map((i) => ('label' in i ? i.label : '---'));
    expect(labels).toEqual([
      'Until the trip: 120 days',
      'Coffees today: 7',
      'Increment Coffees today',
      'Decrement Coffees today',
      '---',
      'Open Counter Tray',
      'Settings…',
      'Pause notifications',
      '---',
      'Quit Counter Tray',
    ]);
    expect(items[2]).toMatchObject({ enabled: true, action: { kind: 'increment', counterId: COFFEE_ID } });
  });

  it('disables a direction the server refused and marks pending values', () => {
    const refused = { ...coffee, pending: true, refused: { decrement: 'This counter only counts up' } };
    const items = buildTrayMenu(signedInState([refused], [COFFEE_ID]), en);
    expect(items[0]).toMatchObject({ label: 'Coffees today: 7 (sending…)' });
    expect(items[1]).toMatchObject({ enabled: true });
    expect(items[2]).toMatchObject({ enabled: false });
  });

  it('skips pins of counters that are gone, and says how to pin', () => {
    const items = buildTrayMenu(signedInState([coffee], ['019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0bff']), en);
    expect(items[0]).toMatchObject({ label: 'Pin counters in the popup to see them here', enabled: false });
  });

  it('signed out: still offers Open, Settings and Quit (Linux has no clicks, electron/electron#37112)', () => {
    const state = signedInState([], [], { session: { status: 'signedOut', mode: 'account', serverUrl: '', tokenStorage: 'none', encryptionWeak: false }, core: null });
    const actions = buildTrayMenu(state, en).flatMap((i) => ('action' in i && i.action ? [i.action.kind] : []));
    expect(actions).toEqual(['open', 'openSettings', 'toggleNotifications', 'quit']);
  });

  it('shows the connection problem and the paused state', () => {
    const state = signedInState([coffee], [COFFEE_ID], { settings: { ...DEFAULT_SETTINGS, pinned: [COFFEE_ID], notifications: { enabled: false, mutedCounters: [] } } });
    const offline = { ...state, core: state.core ? { ...state.core, connection: { status: 'offline' as const } } : null };
    const items = buildTrayMenu(offline, en);
    expect(items[0]).toMatchObject({ label: expect.stringContaining('Offline') });
    expect(items.find((i) => 'label' in i && i.label === 'Pause notifications')).toMatchObject({ type: 'checkbox', checked: true });
  });

  it('menuKey changes only when the menu does', () => {
    const a = menuKey(buildTrayMenu(signedInState([coffee], [COFFEE_ID]), en));
    expect(menuKey(buildTrayMenu(signedInState([{ ...coffee }], [COFFEE_ID]), en))).toBe(a);
    expect(menuKey(buildTrayMenu(signedInState([{ ...coffee, value: 8 }], [COFFEE_ID]), en))).not.toBe(a);
  });
});

describe('tray presentation', () => {
  it('macOS: the value as title, no badge', () => {
    expect(presentTray(signedInState([coffee], [COFFEE_ID], { platform: 'darwin' }), en)).toMatchObject({ title: '7', badge: null, tooltip: 'Coffees today: 7' });
  });

  it('Windows/Linux: tooltip and a badge, no title', () => {
    expect(presentTray(signedInState([coffee], [COFFEE_ID], { platform: 'win32' }), en)).toMatchObject({ title: '', badge: '7', tooltip: 'Coffees today: 7', dimmed: false });
  });

  it('shows the pinned counter’s goal progress in the tooltip (issue 28)', () => {
    const state = signedInState([coffee], [COFFEE_ID], { platform: 'linux' });
    const withGoal = { ...state, extras: { goals: { [COFFEE_ID]: { target: 8, period: 'day' as const, count: 'all' as const, done: 5 } }, milestonesMuted: [], today: '2026-11-23' } };
    expect(presentTray(withGoal, en)).toMatchObject({ tooltip: 'Coffees today: 7 · 5 / 8 today', badge: '7' });
    expect(presentTray(withGoal, de)).toMatchObject({ tooltip: 'Coffees today: 7 · 5 / 8 heute', badge: '7' });
  });

  it('says when it is offline or signed out', () => {
    const state = signedInState([coffee], [COFFEE_ID]);
    const offline = { ...state, core: state.core ? { ...state.core, connection: { status: 'reconnecting' as const } } : null };
    expect(presentTray(offline, en)).toMatchObject({ tooltip: 'Coffees today: 7 (offline)', dimmed: true });
    const out = { ...state, session: { ...state.session, status: 'signedOut' as const }, core: null };
    expect(presentTray(out, en)).toMatchObject({ tooltip: 'Counter Tray (not signed in)', badge: null });
  });

  it('redraws only what changed', () => {
    const sink = { setTitle: vi.fn(), setToolTip: vi.fn(), setIcon: vi.fn() };
    const present = createTrayPresenter(sink);
    present(signedInState([coffee], [COFFEE_ID]), en);
    present(signedInState([coffee], [COFFEE_ID]), en);
    present(signedInState([{ ...coffee, pending: true }], [COFFEE_ID]), en);
    expect(sink.setIcon).toHaveBeenCalledTimes(1);
    expect(sink.setToolTip).toHaveBeenCalledTimes(1);
    present(signedInState([{ ...coffee, value: 8 }], [COFFEE_ID]), en);
    expect(sink.setIcon).toHaveBeenCalledTimes(2);
    expect(sink.setIcon).toHaveBeenLastCalledWith(expect.objectContaining({ badge: '8' }));
    present(signedInState([{ ...coffee, value: 8 }], [COFFEE_ID], { theme: 'light' }), en);
    expect(sink.setIcon).toHaveBeenCalledTimes(3);
    expect(sink.setTitle).toHaveBeenCalledTimes(1);
  });
});

describe('drawTrayIcon', () => {
  const opaque = (bgra: Uint8Array) => bgra.filter((_, i) => i % 4 === 3 && bgra[i] !== 0).length;

  it('draws different pixels for different numbers, inside the icon', () => {
    const seven = drawTrayIcon({ size: 32, theme: 'dark', badge: '7', dimmed: false, template: false });
    const eight = drawTrayIcon({ size: 32, theme: 'dark', badge: '8', dimmed: false, template: false });
    expect(seven.bgra).toHaveLength(32 * 32 * 4);
    expect(opaque(eight.bgra)).toBeGreaterThan(opaque(seven.bgra));
    const wide = drawTrayIcon({ size: 32, theme: 'dark', badge: '<1M', dimmed: false, template: false });
    expect(opaque(wide.bgra)).toBeGreaterThan(0);
  });

  it('uses a light glyph on dark panels, black only for macOS templates, half alpha when dimmed', () => {
    const dark = drawTrayIcon({ size: 32, theme: 'dark', badge: null, dimmed: false, template: false });
    const template = drawTrayIcon({ size: 32, theme: 'dark', badge: '7', dimmed: true, template: true });
    const firstOpaque = (bgra: Uint8Array) => [...bgra].findIndex((v, i) => i % 4 === 3 && v !== 0) - 3;
    const i = firstOpaque(dark.bgra);
    expect([...dark.bgra.slice(i, i + 4)]).toEqual([240, 240, 240, 255]);
    const j = firstOpaque(template.bgra);
    expect([...template.bgra.slice(j, j + 4)]).toEqual([0, 0, 0, 128]);
    // A template ignores the badge (the title carries the number on macOS).
    expect(opaque(template.bgra)).toBe(opaque(drawTrayIcon({ size: 32, theme: 'light', badge: null, dimmed: false, template: true }).bgra));
  });
});
