// Tray, shortcuts, notifications, settings store, system events, login item,
// logging and actions, each driven with fakes of the Electron objects it uses.
import { describe, expect, it, vi } from 'vitest';
import type { LogMessage } from 'electron-log';
import type { MenuItemConstructorOptions } from 'electron';
import { createHeadlessApp } from '../../../dev-tools/headless/headless-app';
import { createActions } from '../../../src-main/electron/actions';
import { applyLaunchAtLogin } from '../../../src-main/electron/login-item';
import { redactingHook } from '../../../src-main/electron/logging';
import { createOsNotifications, type NotificationLike } from '../../../src-main/electron/os-notifications';
import { createShortcutRegistrar } from '../../../src-main/electron/shortcuts';
import { themeSource, watchSystem } from '../../../src-main/electron/system';
import { createTrayController, type TrayLike } from '../../../src-main/electron/tray';
import { COFFEE_ID, counter, fakeCoreFactory, signedInState } from '../../support/app-fakes';
import { FakeClock } from '../../../dev-tools/support/fake-clock';

type FakeMenu = { template: MenuItemConstructorOptions[] };
type FakeImage = { badge: boolean; template: boolean; width?: number };

function fakeTray() {
  const calls: string[] = [];
  const listeners = new Map<string, () => void>();
  const tray: TrayLike<FakeMenu, FakeImage> & { menu: FakeMenu | null } = {
    menu: null,
    setContextMenu: (m) => void (calls.push('setContextMenu'), (tray.menu = m)),
    popUpContextMenu: (m) => void calls.push(`popUp:${m ? m.template.length : 'none'}`),
    setToolTip: (t) => void calls.push(`tooltip:${t}`),
    setTitle: (t, options) => void calls.push(`title:${t}${options?.fontType ? ` (${options.fontType})` : ''}`),
    setImage: () => void calls.push('setImage'),
    getBounds: () => ({ x: 10, y: 0, width: 24, height: 24 }),
    on: (event: string, listener: () => void) => void listeners.set(event, listener),
    destroy: () => void calls.push('destroy'),
  };
  return { tray, calls, listeners };
}

describe('tray adapter', () => {
  const coffee = counter(COFFEE_ID, 'Coffees today', 7);

  it('Windows/Linux: sets the context menu, rebuilds it and the icon only on change, forwards clicks and actions', () => {
    const { tray, calls, listeners } = fakeTray();
    const onAction = vi.fn();
    const onClick = vi.fn();
    const buildMenu = vi.fn((template: MenuItemConstructorOptions[]) => ({ template }));
    const images: FakeImage[] = [];
    const createImage = (b: { width: number; bgra: Uint8Array }, template: boolean) => {
      const image = { badge: b.bgra.some((v) => v > 0), template, width: b.width };
      images.push(image);
      return image;
    };
    const controller = createTrayController<FakeMenu, FakeImage>({ createTray: () => tray, buildMenu, createImage, platform: 'linux', onAction, onClick, scaleFactor: () => 1.5 });
    controller.update(signedInState([coffee], [COFFEE_ID]));
    controller.update(signedInState([coffee], [COFFEE_ID]));
    expect(buildMenu).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c === 'setImage')).toHaveLength(1);
    controller.update(signedInState([{ ...coffee, value: 8 }], [COFFEE_ID]));
    expect(buildMenu).toHaveBeenCalledTimes(2);
    expect(calls).toContain('tooltip:Counter Tray — Coffees today: 8');
    expect(calls.some((c) => c.startsWith('title:'))).toBe(false);
    // Colour images (a template would be tinted to one colour by nothing on these panels), drawn for the display's 1.5×.
    expect(images.map((i) => [i.template, i.width])).toEqual([[false, 24], [false, 24], [false, 24]]);

    const increment = tray.menu?.template.find((i) => i.label === 'Increment Coffees today');
    increment?.click?.({} as never, undefined, {} as never);
    expect(onAction).toHaveBeenCalledWith({ kind: 'increment', counterId: COFFEE_ID });
    listeners.get('click')?.();
    expect(onClick).toHaveBeenCalledWith({ x: 10, y: 0, width: 24, height: 24 });
  });

  it('macOS: template icon, value as title, menu on right click (not attached: it would eat the left click)', () => {
    const { tray, calls, listeners } = fakeTray();
    const images: FakeImage[] = [];
    const controller = createTrayController<FakeMenu, FakeImage>({
      createTray: () => tray,
      buildMenu: (template) => ({ template }),
      createImage: (_b, template) => {
        const image = { badge: false, template };
        images.push(image);
        return image;
      },
      platform: 'darwin',
      onAction: () => undefined,
      onClick: () => undefined,
    });
    controller.update(signedInState([coffee], [COFFEE_ID], { platform: 'darwin' }));
    // Digits of one width, so the menu bar does not shift as the number changes.
    expect(calls).toContain('title:7 (monospacedDigit)');
    expect(calls).not.toContain('setContextMenu');
    expect(images.every((i) => i.template)).toBe(true);
    listeners.get('right-click')?.();
    expect(calls.some((c) => c.startsWith('popUp:') && c !== 'popUp:none')).toBe(true);
  });
});

describe('shortcut registrar', () => {
  it('registers the map, reports failures, keeps unchanged shortcuts, unregisters all on quit', () => {
    const taken = new Set(['Control+Alt+Y']);
    const active = new Map<string, () => void>();
    const registerCalls: string[] = [];
    const globalShortcut = {
      register: (a: string, cb: () => void) => {
        registerCalls.push(a);
        if (taken.has(a)) return false;
        active.set(a, cb);
        return true;
      },
      unregister: (a: string) => void active.delete(a),
    };
    const onAction = vi.fn();
    const reports: unknown[] = [];
    const registrar = createShortcutRegistrar(globalShortcut, onAction, (f) => reports.push(f), 'linux');
    registrar.apply({ open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+Y' } } });
    expect([...active.keys()]).toEqual(['Control+Alt+C']);
    expect(reports.at(-1)).toEqual([{ accelerator: 'Control+Alt+Y', message: expect.stringContaining('another application'), words: { key: 'shortcut.taken' } }]);
    active.get('Control+Alt+C')?.();
    expect(onAction).toHaveBeenCalledWith({ kind: 'open' });

    // The other app let go: the same map applied again retries only the failed one.
    taken.clear();
    registerCalls.length = 0;
    registrar.apply({ open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+Y' } } });
    expect(registerCalls).toEqual(['Control+Alt+Y']);
    expect(reports.at(-1)).toEqual([]);
    active.get('Control+Alt+Y')?.();
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'increment', counterId: COFFEE_ID });

    registrar.unregisterAll();
    expect(active.size).toBe(0);
  });
});

describe('OS notifications', () => {
  function shownByOs() {
    const created: (NotificationLike & { fire(e: string, index?: number): void; options: unknown })[] = [];
    const onClick = vi.fn();
    const os = createOsNotifications({
      isSupported: () => true,
      create: (options) => {
        const listeners = new Map<string, (event: unknown, index: number) => void>();
        const n = { options, show: vi.fn(), on: (e: string, l: (event: unknown, index: number) => void) => void listeners.set(e, l), fire: (e: string, index = 0) => listeners.get(e)?.({}, index) };
        created.push(n);
        return n;
      },
      onClick,
    });
    return { os, created, onClick };
  }

  it('keeps each notification alive until closed, and a click opens its counter', () => {
    const { os, created, onClick } = shownByOs();
    os.deliver({ title: 'Coffees', body: 'Coffees 3 → 7', counterId: COFFEE_ID });
    os.deliver({ title: '2 counters changed', body: '…' });
    expect(os.alive()).toBe(2);
    created[0]?.fire('click');
    expect(onClick).toHaveBeenCalledWith(COFFEE_ID);
    created[1]?.fire('close');
    expect(os.alive()).toBe(0);
  });

  it('a link\'s notice carries its Undo as a button, and one about the setting opens Settings on click', () => {
    const { os, created } = shownByOs();
    const undo = vi.fn();
    const openSettings = vi.fn();
    os.deliver({ title: 'Coffees', body: '+5 by a link', counterId: COFFEE_ID, actions: [{ text: 'Undo', run: undo }] });
    os.deliver({ title: 'Link not followed', body: 'Links … are off.', onClick: openSettings });
    expect(created[0]?.options).toMatchObject({ actions: [{ type: 'button', text: 'Undo' }] });
    expect(created[1]?.options).not.toHaveProperty('actions');
    created[0]?.fire('action', 0);
    created[1]?.fire('click');
    expect([undo.mock.calls.length, openSettings.mock.calls.length]).toEqual([1, 1]);
  });

  it('a reminder\'s three buttons each run their own answer, by the index Electron passes', () => {
    const { os, created } = shownByOs();
    const ran: string[] = [];
    os.deliver({ title: 'Push-ups', body: '40 / 150 today', counterId: COFFEE_ID, actions: ['Add 10', 'Snooze 15 min', 'Done for today'].map((text) => ({ text, run: () => ran.push(text) })) });
    expect(created[0]?.options).toMatchObject({ actions: [{ text: 'Add 10' }, { text: 'Snooze 15 min' }, { text: 'Done for today' }] });
    created[0]?.fire('action', 2);
    created[0]?.fire('action', 0);
    created[0]?.fire('action', 7);
    expect(ran).toEqual(['Done for today', 'Add 10']);
  });

  it('does nothing where notifications are unsupported', () => {
    const create = vi.fn();
    createOsNotifications({ isSupported: () => false, create, onClick: () => undefined }).deliver({ title: 't', body: 'b' });
    expect(create).not.toHaveBeenCalled();
  });
});

describe('system events', () => {
  it('resume notifies the core and re-reads the zone; a zone change is found by polling; each poll and unlock re-read the day', async () => {
    const clock = new FakeClock();
    let zone = 'Europe/Berlin';
    const listeners = new Map<string, () => void>();
    const onResume = vi.fn();
    const onTimezoneChange = vi.fn();
    const onClockCheck = vi.fn();
    const stop = watchSystem({ powerMonitor: { on: (e: string, l: () => void) => void listeners.set(e, l) }, clock, readTimezone: () => zone, onResume, onClockCheck, onTimezoneChange, pollMs: 60_000 });
    zone = 'Asia/Tokyo';
    await clock.advance(60_000);
    expect(onTimezoneChange).toHaveBeenCalledWith('Asia/Tokyo');
    expect(onClockCheck).toHaveBeenCalledOnce();
    zone = 'UTC';
    listeners.get('resume')?.();
    expect(onTimezoneChange).toHaveBeenLastCalledWith('UTC');
    expect(onResume).toHaveBeenCalledOnce();
    listeners.get('unlock-screen')?.();
    expect(onClockCheck).toHaveBeenCalledTimes(2);
    expect(onResume).toHaveBeenCalledOnce(); // an unlock is no wake-up: no resync
    stop();
    listeners.get('unlock-screen')?.();
    expect(onClockCheck).toHaveBeenCalledTimes(2);
    expect(clock.pending).toBe(0);
  });

  it('nativeTheme updates reach the app state', async () => {
    const listeners = new Set<() => void>();
    const nativeTheme = { shouldUseDarkColors: false, on: (_e: 'updated', l: () => void) => listeners.add(l), removeListener: (_e: 'updated', l: () => void) => listeners.delete(l) };
    const source = themeSource(nativeTheme);
    const seen = vi.fn();
    const off = source.onUpdated(seen);
    nativeTheme.shouldUseDarkColors = true;
    listeners.forEach((l) => l());
    expect(source.shouldUseDarkColors()).toBe(true);
    expect(seen).toHaveBeenCalledOnce();
    off();
    expect(listeners.size).toBe(0);
  });
});

describe('launch at login', () => {
  const base = { setLoginItemSettings: vi.fn(), writeFile: vi.fn(async () => undefined), removeFile: vi.fn(async () => undefined), env: {}, home: '/home/ada', execPath: '/opt/Counter Tray/counter-tray' };

  it('Linux: writes and removes the XDG autostart entry', async () => {
    const deps = { ...base, platform: 'linux' as const, writeFile: vi.fn(async () => undefined), removeFile: vi.fn(async () => undefined), setLoginItemSettings: vi.fn() };
    await applyLaunchAtLogin(true, deps);
    expect(deps.writeFile).toHaveBeenCalledWith('/home/ada/.config/autostart/counter-tray.desktop', expect.stringContaining('Exec="/opt/Counter Tray/counter-tray" --hidden'));
    await applyLaunchAtLogin(false, deps);
    expect(deps.removeFile).toHaveBeenCalledWith('/home/ada/.config/autostart/counter-tray.desktop');
    expect(deps.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('Windows and macOS: login item settings', async () => {
    const win = { ...base, platform: 'win32' as const, setLoginItemSettings: vi.fn() };
    await applyLaunchAtLogin(true, win);
    expect(win.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, args: ['--hidden'] });
    const mac = { ...base, platform: 'darwin' as const, setLoginItemSettings: vi.fn() };
    await applyLaunchAtLogin(false, mac);
    expect(mac.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: false });
  });
});

describe('log redaction', () => {
  it('removes the token from strings, errors and objects before any transport', () => {
    const hook = redactingHook((text) => text.replaceAll('ada-secret-token', '[redacted]'));
    const message = { data: ['connect with ada-secret-token', new Error('bad ada-secret-token'), { headers: { Authorization: 'Bearer ada-secret-token' } }, 42], level: 'info', date: new Date(), variables: { processType: 'main' } } as unknown as LogMessage;
    const out = hook(message);
    expect(JSON.stringify(out.data)).not.toContain('ada-secret-token');
    expect(out.data[3]).toBe(42);
  });
});

describe('actions (tray, shortcuts, command line)', () => {
  async function signedInApp() {
    const cores = fakeCoreFactory({ url: 'http://127.0.0.1:9', tokens: new Set(['t0ken-long-enough']), reachable: true, counters: [counter(COFFEE_ID, 'Coffees today', 3)] });
    const app = createHeadlessApp({ coreFactory: cores.factory });
    await app.start();
    await app.dispatch('session:connect', { serverUrl: 'http://127.0.0.1:9', token: 't0ken-long-enough' });
    const alerts: string[] = [];
    const opened: boolean[] = [];
    const actions = createActions({ controller: app.controller, openPopup: (fromTray) => opened.push(fromTray), togglePopup: () => opened.push(false), alert: (t, b) => alerts.push(`${t}: ${b}`), quit: vi.fn() });
    return { app, cores, actions, alerts, opened };
  }

  it('the command line moves a counter by its amount as its own click source; a refusal it is told becomes an alert', async () => {
    const { app, cores, actions, alerts } = await signedInApp();
    expect(await actions.commandLine('increment', COFFEE_ID, 25)).toEqual({ ok: true, value: null });
    expect(cores.last()?.calls).toContain(`increment ${COFFEE_ID} 25`);
    expect(app.controller.getState().activity.undo).toMatchObject({ counterId: COFFEE_ID, amount: 25, source: 'commandLine' });
    actions.commandLineRefused('decrement', 'No counter called “Beers”.');
    expect(alerts).toEqual(['Could not decrement: No counter called “Beers”.']);
    await app.stop();
  });

  it('the tray toggles notifications through settings, and notification clicks focus the counter', async () => {
    const { app, actions, opened } = await signedInApp();
    await actions.tray({ kind: 'toggleNotifications' });
    expect(app.controller.getState().settings.notifications.enabled).toBe(false);
    actions.notificationClicked(COFFEE_ID);
    expect(opened).toEqual([false]);
    expect(app.controller.getState().ask).toMatchObject({ kind: 'focusCounter', id: COFFEE_ID });
    await app.stop();
  });

  it('the tray menu\'s "Settings…" opens the popup at the tray on its settings screen; "Open" on the list', async () => {
    const { app, actions, opened } = await signedInApp();
    await actions.tray({ kind: 'open' });
    expect(app.controller.getState().ask).toBeNull();
    await actions.tray({ kind: 'openSettings' });
    expect(opened).toEqual([true, true]);
    expect(app.controller.getState().ask).toEqual({ kind: 'openSettings', seq: 1 });
    await app.stop();
  });
});
