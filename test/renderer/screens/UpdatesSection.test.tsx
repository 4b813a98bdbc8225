// @vitest-environment happy-dom
// Settings → Updates: the mode, where updates come from, the progress, the
// buttons that ask main, and "What's new".
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdatesState } from '../../../src-shared/domain/updates';
import { App } from '../../../src-renderer/App';
import { appState, fakeApi } from '../fixtures';

afterEach(cleanup);

const updates = (patch: Partial<UpdatesState> = {}): UpdatesState => ({ source: 'self', status: { kind: 'idle' }, nextCheckAt: Date.UTC(2026, 10, 24, 9, 30), whatsNew: null, ...patch });

async function openSettings(state = appState({ updates: updates(), appVersion: '0.1.0' })) {
  const fake = fakeApi(state);
  render(<App api={fake.api} />);
  // The first test of the file pays for loading the app's modules: more than findBy's 1 s on a busy machine.
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Settings' }, { timeout: 5000 }));
  await screen.findByRole('heading', { name: 'Updates' }, { timeout: 5000 });
  return fake;
}

describe('Settings → Updates', () => {
  it('chooses the mode through settings:update', async () => {
    const fake = await openSettings();
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: /^Automatic/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: /^Notify me only/ }));
    await user.click(screen.getByRole('radio', { name: /^Off/ }));
    expect(fake.calls('settings:update')).toEqual([{ updates: { mode: 'notify' } }, { updates: { mode: 'off' } }]);
  });

  it('"Check for updates…" asks main at once; the next automatic check is shown', async () => {
    const fake = await openSettings();
    expect(screen.getByRole('status').textContent).toBe('You have Counter Tray 0.1.0.');
    expect(screen.getByText(/^Next automatic check:/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check for updates…' }));
    expect(fake.calls('updates:check')).toEqual([{}]);
  });

  it('shows the download progress, and offers nothing while it runs', async () => {
    await openSettings(appState({ updates: updates({ status: { kind: 'downloading', version: '0.3.0', percent: 42 } }) }));
    expect(screen.getByRole('status').textContent).toBe('Downloading Counter Tray 0.3.0…');
    expect(screen.getByRole('progressbar', { name: 'Download progress' }).getAttribute('value')).toBe('42');
    expect(screen.getByRole('button', { name: 'Check for updates…' })).toHaveProperty('disabled', true);
  });

  it('"Restart to update to 0.3.0" when ready; "Download 0.3.0" when only found', async () => {
    const ready = await openSettings(appState({ updates: updates({ status: { kind: 'ready', version: '0.3.0' } }) }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart to update to 0.3.0' }));
    expect(ready.calls('updates:restart')).toEqual([{}]);
    cleanup();
    const found = await openSettings(appState({ updates: updates({ status: { kind: 'available', version: '0.3.0' } }) }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download 0.3.0' }));
    expect(found.calls('updates:download')).toEqual([{}]);
  });

  it('says why a check failed, and that nothing was installed when an update was refused', async () => {
    await openSettings(appState({ updates: updates({ status: { kind: 'failed', reason: 'refused', at: Date.UTC(2026, 10, 23, 9) } }) }));
    expect(screen.getByRole('status').textContent).toMatch(/refused because it did not pass Counter Tray’s checks .*Nothing was installed/);
    cleanup();
    await openSettings(appState({ updates: updates({ status: { kind: 'failed', reason: 'unreachable', at: Date.UTC(2026, 10, 23, 9) } }) }));
    expect(screen.getByRole('status').textContent).toMatch(/Could not reach the update server .*tries again at the next check/);
  });

  it('a copy a package manager owns: where its updates come from, no mode, no buttons', async () => {
    await openSettings(appState({ updates: updates({ source: 'flatpak', nextCheckAt: null }) }));
    expect(screen.getByText(/Installed with Flatpak: update it in your software center/)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^Automatic/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check for updates…' })).toBeNull();
  });

  it("What's new in the version the update brought, its lines kept", async () => {
    await openSettings(appState({ updates: updates({ whatsNew: { version: '0.3.0', notes: 'Renamed from the tray.\nFaster start.' } }) }));
    expect(screen.getByText("What’s new in 0.3.0")).toBeTruthy();
    // Exactly as sent: the default matcher would fold the line break.
    expect(screen.getByText('Renamed from the tray.\nFaster start.', { normalizer: (text) => text })).toBeTruthy();
  });

  it('folded while there is nothing to do; open, with Restart in reach, once an update is ready', async () => {
    await openSettings();
    const fold = (screen.getByRole('heading', { name: 'Updates' }).closest('details') as HTMLDetailsElement | null);
    expect(fold?.open).toBe(false);
    cleanup();
    await openSettings(appState({ updates: updates({ status: { kind: 'ready', version: '0.3.0' } }) }));
    expect((screen.getByRole('heading', { name: 'Updates' }).closest('details') as HTMLDetailsElement | null)?.open).toBe(true);
    expect(screen.getByRole('button', { name: 'Restart to update to 0.3.0' })).toBeTruthy();
    // A copy a package manager owns has nothing to do here either: its one line waits under the heading.
    cleanup();
    await openSettings(appState({ updates: updates({ source: 'deb', nextCheckAt: null }) }));
    expect((screen.getByRole('heading', { name: 'Updates' }).closest('details') as HTMLDetailsElement | null)?.open).toBe(false);
  });

  it('no section where main runs no updater', async () => {
    const fake = fakeApi(appState());
    render(<App api={fake.api} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.queryByRole('heading', { name: 'Updates' })).toBeNull();
  });
});
