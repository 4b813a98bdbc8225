import { de, en } from '../../../dev-tools/support/i18n';
import { describe, expect, it, vi } from 'vitest';
import { buildTrayMenu, menuKey } from '../../../src-main/desktop/tray-menu';
import { createTrayPresenter, presentTray, TOOLTIP_MAX } from '../../../src-main/desktop/tray-presentation';
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
  it('macOS: the value as title beside the template mark, no badge', () => {
    expect(presentTray(signedInState([coffee], [COFFEE_ID], { platform: 'darwin' }), en)).toMatchObject({
      title: '7',
      tooltip: 'Counter Tray — Coffees today: 7',
      icon: { template: true, badge: null, mark: 'solid', dot: null },
    });
  });

  it('Windows/Linux: the colour mark with a badge, no title', () => {
    expect(presentTray(signedInState([coffee], [COFFEE_ID], { platform: 'win32' }), en)).toMatchObject({ title: '', tooltip: 'Counter Tray — Coffees today: 7', icon: { template: false, badge: '7', mark: 'solid' } });
    expect(presentTray(signedInState([{ ...coffee, value: 12_345 }], [COFFEE_ID], { platform: 'linux' }), en).icon.badge).toBe('12k');
  });

  it('no pinned counter: the plain mark and the app’s name', () => {
    expect(presentTray(signedInState([coffee], []), en)).toMatchObject({ title: '', tooltip: 'Counter Tray', icon: { badge: null, mark: 'solid', dot: null } });
  });

  it('shows the pinned counter’s goal progress in the tooltip (issue 28)', () => {
    const state = signedInState([coffee], [COFFEE_ID], { platform: 'linux' });
    const withGoal = { ...state, extras: { goals: { [COFFEE_ID]: { target: 8, period: 'day' as const, count: 'all' as const, done: 5 } }, milestonesMuted: [], today: '2026-11-23' } };
    expect(presentTray(withGoal, en)).toMatchObject({ tooltip: 'Counter Tray — Coffees today: 7 · 5 / 8 today', icon: { badge: '7' } });
    expect(presentTray(withGoal, de)).toMatchObject({ tooltip: 'Counter Tray — Coffees today: 7 · 5 / 8 heute', icon: { badge: '7' } });
  });

  it('day counters: the day count, no "today" change (they do not count steps)', () => {
    const state = { ...signedInState([trip], [TRIP_ID]), activity: { today: { [TRIP_ID]: 1 }, undo: null } };
    expect(presentTray(state, en)).toMatchObject({ tooltip: 'Counter Tray — Until the trip: 120 days', icon: { badge: '120' } });
  });

  it('says when it is offline, connecting, signed out or the token was rejected', () => {
    const state = signedInState([coffee], [COFFEE_ID]);
    const connection = (status: 'reconnecting' | 'connecting' | 'unauthorized') => ({ ...state, core: state.core ? { ...state.core, connection: { status } } : null });
    expect(presentTray(connection('reconnecting'), en)).toMatchObject({ tooltip: 'Counter Tray — Coffees today: 7 · offline', icon: { mark: 'hollow', badge: '7' } });
    expect(presentTray(connection('connecting'), en).tooltip).toBe('Counter Tray — Coffees today: 7 · connecting…');
    expect(presentTray(connection('unauthorized'), de).tooltip).toBe('Counter Tray — Coffees today: 7 · Token abgelehnt');
    const out = { ...state, session: { ...state.session, status: 'signedOut' as const }, core: null };
    expect(presentTray(out, en)).toMatchObject({ tooltip: 'Counter Tray — not signed in', icon: { badge: null, mark: 'hollow', dot: 'needsYou' } });
  });

  it('names every state that holds, most urgent first', () => {
    const unconfirmed = { ...coffee, error: { kind: 'unconfirmed' as const, message: 'Could not confirm', amount: 1 } };
    const state = signedInState([unconfirmed], [COFFEE_ID], { updates: { source: 'self', status: { kind: 'ready', version: '0.3.0' }, nextCheckAt: null, whatsNew: null } });
    const offline = { ...state, core: state.core ? { ...state.core, connection: { status: 'offline' as const } } : null };
    expect(presentTray(offline, en).tooltip).toBe('Counter Tray — Coffees today: 7 · a change to confirm · offline · update ready');
    expect(presentTray(offline, de).tooltip).toBe('Counter Tray — Coffees today: 7 · eine Änderung zu bestätigen · offline · Update bereit');
  });

  it('keeps the tooltip within Windows’ 127 characters: a long name gives way, the state words stay', () => {
    const long = counter(COFFEE_ID, `${'Very long counter name '.repeat(8)}end`, 7);
    const state = signedInState([long], [COFFEE_ID]);
    const offline = { ...state, core: state.core ? { ...state.core, connection: { status: 'offline' as const } } : null, activity: { today: { [COFFEE_ID]: 3 }, undo: null } };
    const { tooltip } = presentTray(offline, en);
    expect(tooltip.length).toBe(TOOLTIP_MAX);
    expect(tooltip).toMatch(/^Counter Tray — Very long counter name .*…: 7 \(\+3 today\) · offline$/);
    // A name of emoji is cut between characters, never inside one.
    const emoji = counter(COFFEE_ID, '☕'.repeat(10) + '🍩'.repeat(60), 7);
    const cut = presentTray(signedInState([emoji], [COFFEE_ID]), en).tooltip;
    expect(cut.length).toBeLessThanOrEqual(TOOLTIP_MAX);
    expect(cut).toMatch(/🍩…: 7$/u);
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
    // A state change redraws the icon once; today's change alone touches the tooltip only.
    const refused = { ...coffee, value: 8, error: { kind: 'rejected' as const, message: 'Only counts up' } };
    present(signedInState([refused], [COFFEE_ID], { theme: 'light' }), en);
    present(signedInState([refused], [COFFEE_ID], { theme: 'light' }), en);
    expect(sink.setIcon).toHaveBeenCalledTimes(4);
    expect(sink.setIcon).toHaveBeenLastCalledWith(expect.objectContaining({ dot: 'needsYou' }));
    present({ ...signedInState([refused], [COFFEE_ID], { theme: 'light' }), activity: { today: { [COFFEE_ID]: 1 }, undo: null } }, en);
    expect(sink.setIcon).toHaveBeenCalledTimes(4);
    expect(sink.setToolTip).toHaveBeenLastCalledWith('Counter Tray — Coffees today: 8 (+1 today) · a change was refused');
    expect(sink.setTitle).toHaveBeenCalledTimes(1);
  });
});
