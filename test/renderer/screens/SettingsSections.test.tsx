// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import { appState, fakeApi } from '../fixtures';

afterEach(cleanup);

async function openSettings(state = appState()) {
  const fake = fakeApi(state);
  render(<App api={fake.api} />);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Settings' }));
  await screen.findByRole('heading', { name: 'Settings' });
  return fake;
}

describe('settings, grouped and short', () => {
  it('groups its rows: Account, Shortcuts, Notifications, Appearance, Language, Updates, About', async () => {
    await openSettings(appState({ updates: { source: 'self', status: { kind: 'idle' }, nextCheckAt: null, whatsNew: null } }));
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['Account', 'Shortcuts', 'Notifications', 'Appearance', 'Language', 'Updates', 'About']);
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
