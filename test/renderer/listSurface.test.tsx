// @vitest-environment happy-dom
// The list surface: one line per row unless there is more to say, the rows' heights for the
// window, selection only for the keyboard, the row menu, the update line and the empty list.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src-renderer/App';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import type { UpdatesState } from '../../src-shared/domain/updates';
import { COUNTERS, IDS, appState, counter, fakeApi } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name},`) });

async function renderList(state = appState()) {
  const fake = fakeApi(state);
  render(<App api={fake.api} />);
  await screen.findByLabelText('Search counters', {}, { timeout: 5000 });
  return fake;
}

describe('rows', () => {
  it('have one line when there is nothing more to say, and a second when there is', async () => {
    await renderList(appState({ activity: { today: { [IDS.pushUps]: 2 }, undo: null } }));
    expect(row('Coffees today').classList.contains('two-line')).toBe(false);
    expect(row('Coffees today').querySelector('.counter-sub')).toBeNull();
    // Today's change, and a day counter's date (since or until), are something to say.
    expect(row('Push-ups').classList.contains('two-line')).toBe(true);
    expect(within(row('Push-ups')).getByTestId('today').textContent).toBe('+2 today');
    expect(row('Since we moved in').querySelector('.counter-sub')?.textContent).toBe('since Feb 29, 2024');
  });

  it('put a day counter’s unit outside the number, where − / + sit on the other rows', async () => {
    await renderList();
    const movedIn = row('Since we moved in');
    expect(movedIn.querySelector('.counter-value')?.textContent).toBe('412');
    expect(movedIn.querySelector('.counter-trail.value-unit')?.textContent).toBe('days');
    expect(row('Coffees today').querySelector('.counter-trail.steppers')?.querySelectorAll('button')).toHaveLength(2);
  });

  it('say "2 waiting" on a pending row when the clicks are held, only the dot while they are on their way', async () => {
    const pending = { ...COUNTERS.coffee, value: 5, pending: true, waiting: 2 };
    const fake = await renderList(appState({ counters: [pending, COUNTERS.pushUps] }));
    expect(row('Coffees today').getAttribute('aria-label')).toBe('Coffees today, 5, not confirmed yet');
    expect(row('Coffees today').classList.contains('two-line')).toBe(false);
    expect(row('Coffees today').querySelector('.pending-mark.on')).not.toBeNull();
    fake.push(appState({ counters: [pending, COUNTERS.pushUps], outbox: { clicks: 2, held: { reason: 'rateLimited', until: Date.now() + 6000 } } }));
    await waitFor(() => expect(within(row('Coffees today')).getByTestId('waiting').textContent).toBe('2 waiting'));
    expect(row('Coffees today').getAttribute('aria-label')).toBe('Coffees today, 5, 2 waiting');
    fake.push(appState({ counters: [{ ...pending, waiting: 1 }, COUNTERS.pushUps], connection: { status: 'offline' }, outbox: { clicks: 1 } }));
    await waitFor(() => expect(within(row('Coffees today')).getByTestId('waiting').textContent).toBe('1 waiting'));
    // Offline: the list is drawn as not live.
    expect(document.querySelector('main.list-screen.stale')).not.toBeNull();
  });

  it('place windowed rows by their own heights: 36 px for one line, 48 for two', async () => {
    const many = Array.from({ length: 200 }, (_, i) => counter({ id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`, name: `Counter number ${i}`, type: 'UpDown', value: i }));
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const today = { [many[0]!.id]: 1, [many[1]!.id]: -1 };
    await renderList(appState({ counters: many, activity: { today, undo: null } }));
    const list = screen.getByRole('list', { name: 'Counters' });
    expect(list.style.height).toBe(`${2 * 48 + 198 * 36}px`);
    expect(list.style.paddingTop).toBe('0px');
    expect(row('Counter number 1').classList.contains('two-line')).toBe(true);
    expect(row('Counter number 2').classList.contains('two-line')).toBe(false);
    // Far down, the window still finds the row the arrows walk to, and the rows above it are padding as tall as they are.
    for (let i = 0; i < 60; i += 1) fireEvent.keyDown(screen.getByLabelText('Search counters'), { key: 'ArrowDown' });
    expect(row('Counter number 60').getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('listitem', { name: /^Counter number 0,/ })).toBeNull();
    const first = Number(screen.getAllByRole('listitem')[0]!.getAttribute('data-counter-id')!.slice(-12));
    expect(first).toBeGreaterThan(2);
    expect(list.style.paddingTop).toBe(`${2 * 48 + (first - 2) * 36}px`);
  });
});

describe('selection is for the keyboard', () => {
  it('draws no row as selected when the popup opens, one after an arrow key, none after the pointer', async () => {
    await renderList();
    // The first row is current (+ acts on it) but not drawn as selected.
    expect(row('Coffees today').getAttribute('aria-current')).toBe('true');
    expect(document.querySelectorAll('.counter.active')).toHaveLength(0);
    fireEvent.keyDown(screen.getByLabelText('Search counters'), { key: 'ArrowDown' });
    await waitFor(() => expect(row('Since we moved in').classList.contains('active')).toBe(true));
    fireEvent.pointerDown(row('Until the trip'));
    await waitFor(() => expect(document.querySelectorAll('.counter.active')).toHaveLength(0));
    expect(row('Until the trip').getAttribute('aria-current')).toBe('true');
  });
});

describe('the row menu', () => {
  const menuOf = (name: string) => screen.getByRole('menu', { name: `Actions for ${name}` });
  const items = (name: string) => [...menuOf(name).querySelectorAll('[role^="menuitem"]')].map((item) => item.textContent);

  it('opens from ⋯ with every row action, moves with the arrow keys, and Esc gives focus back', async () => {
    const fake = await renderList();
    const more = screen.getByRole('button', { name: 'Actions for Coffees today' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    await userEvent.setup().click(more);
    // The menu is its own chunk: the first one may take a moment.
    await screen.findByRole('menu', { name: 'Actions for Coffees today' }, { timeout: 5000 });
    expect(items('Coffees today')).toEqual(['Activity', 'Edit…', 'Shortcut…', 'Pin to the top', 'Mute notifications', 'Copy value']);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Activity'));
    const menu = menuOf('Coffees today');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Copy value');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Activity');
    fireEvent.keyDown(menu, { key: 'm' });
    expect(document.activeElement?.textContent).toBe('Mute notifications');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    // Esc in the menu is the menu's: the popup stays.
    expect(fake.calls('window:hide')).toEqual([]);
  });

  it('opens for the current row with Shift+F10 or the Menu key, and with a right click where the pointer is', async () => {
    await renderList();
    const search = screen.getByLabelText('Search counters');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'F10', shiftKey: true });
    expect(await screen.findByRole('menu', { name: 'Actions for Since we moved in' }, { timeout: 5000 })).toBeTruthy();
    // A day counter has no − / +, so no shortcut to record.
    expect(items('Since we moved in')).not.toContain('Shortcut…');
    fireEvent.keyDown(menuOf('Since we moved in'), { key: 'Escape' });
    fireEvent.keyDown(search, { key: 'ContextMenu' });
    expect(menuOf('Since we moved in')).toBeTruthy();
    fireEvent.keyDown(menuOf('Since we moved in'), { key: 'Escape' });
    fireEvent.contextMenu(row('Until the trip'), { clientX: 40, clientY: 150 });
    expect(menuOf('Until the trip')).toBeTruthy();
  });

  it('pins and mutes at once through the settings, and says why mute is off when notifications are', async () => {
    const fake = await renderList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Coffees today' }));
    await user.click(within(menuOf('Coffees today')).getByRole('menuitemcheckbox', { name: 'Mute notifications' }));
    expect(fake.calls('settings:update')).toEqual([{ notifications: { enabled: true, mutedCounters: [IDS.coffee] } }]);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for Coffees today' }));
    await user.click(within(menuOf('Coffees today')).getByRole('menuitemcheckbox', { name: 'Pin to the top' }));
    expect(fake.calls('settings:update').at(-1)).toEqual({ pinned: [IDS.coffee] });

    fake.push(appState({ settings: { notifications: { ...DEFAULT_SETTINGS.notifications, enabled: false, mutedCounters: [IDS.coffee] } } }));
    await user.click(await screen.findByRole('button', { name: 'Actions for Coffees today' }));
    const mute = within(menuOf('Coffees today')).getByRole('menuitemcheckbox', { name: 'Mute notifications' });
    expect(mute.getAttribute('aria-checked')).toBe('true');
    expect(mute.getAttribute('aria-disabled')).toBe('true');
    expect(mute.getAttribute('aria-description')).toBe('Notifications are off in Settings.');
    await user.click(mute);
    expect(fake.calls('settings:update')).toHaveLength(2);
  });

  it('copies the value through the page’s clipboard, and says so — or that it could not', async () => {
    await renderList();
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Actions for Coffees today' }));
    await user.click(within(menuOf('Coffees today')).getByRole('menuitem', { name: 'Copy value' }));
    expect(writeText).toHaveBeenCalledWith('3');
    await waitFor(() => expect(document.querySelector('.notice')?.textContent).toBe('Copied 3.'));
    // Refused (the app's window grants no permission) and no copy command either: said, not pretended.
    writeText.mockRejectedValue(new Error('NotAllowedError'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Actions for Coffees today' }));
    await user.click(within(menuOf('Coffees today')).getByRole('menuitem', { name: 'Copy value' }));
    await waitFor(() => expect(document.querySelector('.notice')?.textContent).toBe('Could not copy 3: the system refused the clipboard.'));
  });

  it('opens the activity and the edit page; Shortcut… opens the edit page where shortcuts are recorded', async () => {
    const fake = await renderList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Coffees today' }));
    await user.click(within(menuOf('Coffees today')).getByRole('menuitem', { name: 'Shortcut…' }));
    expect(await screen.findByRole('group', { name: '+1 shortcut' }, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Actions for Until the trip' }));
    await user.click(within(menuOf('Until the trip')).getByRole('menuitem', { name: 'Activity' }));
    expect(await screen.findByRole('heading', { name: 'Until the trip' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(fake.calls('activity:detail')).toEqual([{ id: IDS.trip }]));
  });
});

describe('the update line', () => {
  const updates = (status: UpdatesState['status']): UpdatesState => ({ source: 'self', status, nextCheckAt: null, whatsNew: null });

  it('says "Update ready · Restart" only while an update waits, and Restart asks main', async () => {
    const fake = await renderList(appState({ updates: updates({ kind: 'downloading', version: '0.3.0', percent: 40 }) }));
    expect(screen.queryByTestId('update-line')).toBeNull();
    act(() => fake.push(appState({ updates: updates({ kind: 'ready', version: '0.3.0' }) })));
    const line = await screen.findByTestId('update-line');
    expect(line.textContent).toBe('Update ready · Restart');
    await userEvent.setup().click(within(line).getByRole('button', { name: 'Restart' }));
    expect(fake.calls('updates:restart')).toEqual([{}]);
  });
});

describe('an empty list', () => {
  it('says what is true — the app cannot create counters — and offers only what it can do', async () => {
    const fake = await renderList(appState({ counters: [], publicServer: true }));
    // The empty list is a chunk of its own, loaded when first shown: wait for it, not for the search field alone.
    const empty = (await screen.findByText(/No counters are shared with you yet/)).closest('.empty') as HTMLElement;
    expect(empty.textContent).toContain('No counters are shared with you yet.');
    expect(empty.textContent).toContain('Counter Tray cannot create counters: create one on CountTogether');
    expect(empty.textContent).not.toMatch(/Create one[,.]/);
    expect(within(empty).getAllByRole('button').map((b) => b.textContent)).toEqual(['Open CountTogether', 'Check again']);
    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Check again' }));
    expect(fake.calls('session:retryNow')).toEqual([{}]);
    cleanup();
    // Another server: nothing to open, and it says where counters come from.
    await renderList(appState({ counters: [], publicServer: false }));
    const other = (await screen.findByText(/No counters are shared with you yet/)).closest('.empty') as HTMLElement;
    expect(other.textContent).toContain('they are made on your server’s own site');
    expect(within(other).getAllByRole('button').map((b) => b.textContent)).toEqual(['Check again']);
  });
});
