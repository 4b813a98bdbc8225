// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import { IDS, appState, fakeApi } from '../fixtures';

afterEach(cleanup);

async function openSettings(state = appState()) {
  const fake = fakeApi(state);
  render(<App api={fake.api} />);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Settings' }));
  await screen.findByRole('heading', { name: 'Settings' });
  return fake;
}

describe('settings', () => {
  it('opens when main asks (the tray menu\'s "Settings…"), once per ask', async () => {
    const fake = fakeApi(appState());
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    act(() => fake.push(appState({ ask: { kind: 'openSettings', seq: 1 } })));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('list', { name: 'Counters' });
    // A later state that still carries the same ask leaves the list alone; a new ask opens Settings again.
    act(() => fake.push(appState({ ask: { kind: 'openSettings', seq: 1 }, theme: 'dark' })));
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
    act(() => fake.push(appState({ ask: { kind: 'openSettings', seq: 2 }, theme: 'dark' })));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });

  it('changes the theme, launch at login and notifications', async () => {
    const fake = await openSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('switch', { name: 'Open at login' }));
    await user.click(screen.getByRole('switch', { name: 'When someone else changes a counter' }));
    expect(fake.calls('settings:update')).toEqual([
      { theme: 'dark' },
      { launchAtLogin: true },
      { notifications: { enabled: false, mutedCounters: [] } },
    ]);
  });

  it('follows the system time zone or a chosen one', async () => {
    const fake = await openSettings(appState({ settings: { timezone: 'Asia/Tokyo' } }));
    const user = userEvent.setup();
    const zone = screen.getByRole('combobox', { name: 'Time zone for day counters' });
    expect(zone).toHaveProperty('value', 'Asia/Tokyo');
    await user.click(zone);
    await user.keyboard('Kiritimati{Enter}');
    await user.clear(zone);
    await user.keyboard('Europe/Berlin');
    await user.click(screen.getByRole('option', { name: 'System (Europe/Berlin)' }));
    expect(fake.calls('settings:update')).toEqual([{ timezone: 'Pacific/Kiritimati' }, { timezone: null }]);
  });

  it('records the open shortcut as an Electron accelerator', async () => {
    const fake = await openSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await user.keyboard('{Shift>}'); // only a modifier: keep listening
    await user.keyboard('{/Shift}');
    await user.keyboard('{Control>}{Shift>}k{/Shift}{/Control}');
    expect(fake.calls('settings:update')).toEqual([{ shortcuts: { open: 'CommandOrControl+Shift+K', counters: {} } }]);
  });

  it('refuses a plain key and a shortcut already in use, saying why', async () => {
    const state = appState({ settings: { shortcuts: { open: null, counters: { [IDS.coffee]: { increment: 'CommandOrControl+Shift+K' } } } } });
    const fake = await openSettings(state);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await user.keyboard('k');
    expect(screen.getByRole('alert').textContent).toMatch(/Add Ctrl or Alt to K/);
    await user.keyboard('{Control>}{Shift>}k{/Shift}{/Control}');
    expect(screen.getByRole('alert').textContent).toBe('Ctrl+Shift+K is already used by +1 on Coffees today. Try another.');
    expect(fake.calls('settings:update')).toEqual([]);
  });

  it('shows shortcuts the system refused to register', async () => {
    await openSettings(
      appState({
        settings: { shortcuts: { open: 'CommandOrControl+Alt+C', counters: {} } },
        shortcutFailures: [{ accelerator: 'CommandOrControl+Alt+C', message: 'Error processing argument at index 0', words: { key: 'shortcut.taken' } }],
      }),
    );
    // Main's words in the popup's language; Electron's own English stays in the log.
    expect(screen.getByRole('alert').textContent).toBe('Could not register Ctrl+Alt+C: Another application already uses this shortcut, or the desktop does not allow global shortcuts.');
  });

  it('signs out, and offers to replace the token with the server prefilled', async () => {
    const fake = await openSettings(appState({ settings: { serverUrl: 'https://counters.example.org' } }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(fake.calls('session:signOut')).toEqual([]); // asks first
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    expect(fake.calls('session:signOut')).toEqual([{}]);
    await user.click(screen.getByRole('button', { name: 'Replace token' }));
    expect(await screen.findByRole('heading', { name: 'Replace your token' })).toBeTruthy();
    expect(screen.getByLabelText('Server')).toHaveProperty('value', 'https://counters.example.org');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
  });

  it('offers weak token storage when the system has no key store', async () => {
    const fake = await openSettings(appState({ session: { tokenStorage: 'memory', encryptionWeak: true } }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep it with weak protection' }));
    expect(fake.calls('session:storeTokenWeakly')).toEqual([{}]);
  });

  it('shows a change at once, and takes it back with the reason if main refuses it', async () => {
    let answer: (result: IpcResult<unknown>) => void = () => {};
    const fake = fakeApi(appState(), { 'settings:update': () => new Promise((resolve) => (answer = resolve)) });
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('switch', { name: 'Open at login' }));
    expect(screen.getByRole('switch', { name: 'Open at login' })).toHaveProperty('checked', true);
    await act(async () => answer({ ok: false, error: { code: 'invalid-settings', message: 'Login items are not available here.' } }));
    expect(screen.getByRole('switch', { name: 'Open at login' })).toHaveProperty('checked', false);
    expect(screen.getByRole('alert').textContent).toBe('That setting could not be saved. Check it and try again.');
  });

  it('links are off by default; the switch only asks main, and main declining puts it back with the reason', async () => {
    const declined = { ok: false as const, error: { code: 'declined', message: 'Links stay off: you chose not to allow them.', words: { key: 'error.declinedLinks' } } };
    const fake = fakeApi(appState(), { 'settings:update': async () => declined });
    render(<App api={fake.api} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Settings' }));
    const links = await screen.findByRole('switch', { name: 'Let counter-tray:// links change counters' });
    expect(links).toHaveProperty('checked', false);
    await userEvent.setup().click(links);
    expect(fake.calls('settings:update')).toEqual([{ allowLinks: true }]);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Links stay off: you chose not to allow them.');
    expect(links).toHaveProperty('checked', false);
  });

  it('goes back to the list with Esc', async () => {
    await openSettings();
    await userEvent.setup().keyboard('{Escape}');
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
  });
});

describe('settings, grouped and short', () => {
  it('groups its rows; what is set once folds, last, under its heading', async () => {
    await openSettings(appState({ updates: { source: 'self', status: { kind: 'idle' }, nextCheckAt: null, whatsNew: null } }));
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => [heading.textContent, heading.closest('details')?.open ?? 'never folds']);
    expect(groups).toEqual([
      ['Account', 'never folds'],
      ['Notifications', 'never folds'],
      ['Sounds', 'never folds'],
      ['Appearance', 'never folds'],
      ['Shortcuts', false],
      ['Language', false],
      ['Updates', false],
      ['Backup', false],
      ['About', false],
    ]);
  });

  it('a shortcut the OS refused opens its folded group', async () => {
    await openSettings(appState({ shortcutFailures: [{ accelerator: 'CommandOrControl+Shift+K', message: 'taken' }] }));
    expect(screen.getByRole('heading', { name: 'Shortcuts' }).closest('details')?.open).toBe(true);
  });

  it('sounds: off, then the volume and others’ changes show; the volume plays what it sets', async () => {
    const played: number[] = [];
    const gains = { gain: { setValueAtTime: (value: number) => played.push(value), exponentialRampToValueAtTime: () => undefined }, connect: (to: unknown) => to };
    const tone = { frequency: {}, connect: () => gains, start: () => undefined, stop: () => undefined };
    Object.assign(globalThis, { AudioContext: class { currentTime = 0; destination = {}; createOscillator = () => tone; createGain = () => gains; } });
    const fake = await openSettings();
    const user = userEvent.setup();
    expect(screen.queryByRole('slider', { name: 'Volume' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'A click when you count, a chime when a goal is reached' }));
    expect(fake.calls('settings:update')).toEqual([{ sounds: { on: true, volume: 60, others: false } }]);
    act(() => fake.push(appState({ settings: { sounds: { on: true, volume: 60, others: false } } })));
    const volume = await screen.findByRole('slider', { name: 'Volume' });
    fireEvent.change(volume, { target: { value: '70' } });
    await user.click(screen.getByRole('switch', { name: 'Also when someone else changes a counter' }));
    expect(fake.calls('settings:update').slice(1)).toEqual([{ sounds: { on: true, volume: 70, others: false } }, { sounds: { on: true, volume: 70, others: true } }]);
    expect(played).toEqual([0.3 * 0.7]);
    Reflect.deleteProperty(globalThis, 'AudioContext');
  });

  it('on/off settings are switches, named by their label, toggled with Space', async () => {
    const fake = await openSettings();
    const user = userEvent.setup();
    const login = screen.getByRole('switch', { name: 'Open at login' });
    expect(screen.getByRole('switch', { name: 'When someone else changes a counter' })).toHaveProperty('checked', true);
    login.focus();
    await user.keyboard(' ');
    expect(login).toHaveProperty('checked', true);
    expect(fake.calls('settings:update')).toEqual([{ launchAtLogin: true }]);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('two or three choices are one radio group each: theme, language', async () => {
    const fake = await openSettings();
    const theme = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['system', 'light', 'dark']);
    const language = screen.getByRole('radiogroup', { name: 'Language' });
    await userEvent.setup().click(within(language).getByRole('radio', { name: 'Deutsch' }));
    expect(fake.calls('settings:update')).toEqual([{ language: 'de' }]);
  });

  it('the time zone is a searchable list: typing filters, ↓ and Enter pick, Esc closes the list but not Settings', async () => {
    const fake = await openSettings();
    const user = userEvent.setup();
    const zone = screen.getByRole('combobox', { name: 'Time zone for day counters' });
    expect(zone).toHaveProperty('value', 'System (Europe/Berlin)');
    expect(zone.getAttribute('aria-expanded')).toBe('false');
    await user.click(zone);
    expect(zone.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('new york');
    const list = screen.getByRole('listbox', { name: 'Time zones' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['America/New York']);
    await user.keyboard('{Enter}');
    expect(fake.calls('settings:update')).toEqual([{ timezone: 'America/New_York' }]);
    expect(zone.getAttribute('aria-expanded')).toBe('false');
    // ↓ opens on the current choice; ↓ moves, the option is the active descendant; Esc folds the list only.
    await user.keyboard('{ArrowDown}');
    const active = () => document.getElementById(zone.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('America/New York');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('America/Nome');
    await user.keyboard('{Escape}');
    expect(zone.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    // The system's zone is the first choice.
    await user.clear(zone);
    await user.keyboard('system{Enter}');
    expect(fake.calls('settings:update')).toEqual([{ timezone: 'America/New_York' }, { timezone: null }]);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
  });

  it('says when no zone matches what was typed', async () => {
    await openSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Time zone for day counters' }));
    await user.keyboard('Atlantis');
    expect(screen.getByText('No time zone matches “Atlantis”.')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
  });
});
