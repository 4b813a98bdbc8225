// @vitest-environment happy-dom
// The row menu: ⋯, Shift+F10, the Menu key or a right click open it, the arrow keys move in it, Esc
// gives focus back; pin, mute, copy, activity and edit.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import { appState, IDS, renderList } from '../fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name},`) });

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
    expect(items('Coffees today')).toEqual(['Add…', 'Activity', 'Edit…', 'Shortcut…', 'Pin to the top', 'Mute notifications', 'Copy value']);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Add…'));
    const menu = menuOf('Coffees today');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Copy value');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Add…');
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
