// @vitest-environment happy-dom
// A launch with a stored token: it says it is connecting, why a launch fails, and offers a new token
// or signing out instead of the form.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL } from '../../../src-shared/domain/server-address';
import { App } from '../../../src-renderer/App';
import { appState, fakeApi } from '../fixtures';

afterEach(cleanup);

describe('launch with a stored token', () => {
  const launching = (error?: { code: string; message: string }) =>
    appState({ signedOut: true, session: { status: 'connecting', tokenStorage: 'encrypted', serverUrl: 'https://counters.example.org', ...(error ? { error } : {}) } });

  it('shows that it is connecting, not the form', async () => {
    const { api } = fakeApi(launching());
    render(<App api={api} />);
    expect(await screen.findByRole('heading', { name: 'Connecting to counters.example.org…' })).toBeTruthy();
    expect(screen.queryByLabelText('API token')).toBeNull();
  });

  it('explains a failing launch and lets the user enter a new token or sign out', async () => {
    const fake = fakeApi(launching({ code: 'server-unreachable', message: 'Could not reach counters.example.org.' }));
    render(<App api={fake.api} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reach counters.example.org. Check the address and network.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(fake.calls('session:retryNow')).toEqual([{}]);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    expect(fake.calls('session:signOut')).toEqual([{}]);
    await user.click(screen.getByRole('button', { name: 'Enter a new token' }));
    // The form is a chunk of its own: the first time, it comes a moment later.
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: /^Connecting to/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enter a new token' }));
    await user.type(screen.getByLabelText('API token'), 'fresh-token');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(fake.calls('session:connect')).toEqual([{ serverUrl: DEFAULT_SERVER_URL, token: 'fresh-token' }]);
  });

  it('keeps the form (and its demo button) while the demo it started is connecting', async () => {
    const fake = fakeApi(appState({ signedOut: true }));
    fake.invoke.mockImplementation(async (channel) => {
      if (channel === 'state:get') return { ok: true, value: appState({ signedOut: true }) };
      if (channel === 'session:startDemo') {
        fake.push(appState({ signedOut: true, session: { status: 'connecting', mode: 'demo' } }));
        return new Promise(() => {}); // still starting
      }
      return { ok: true, value: null };
    });
    render(<App api={fake.api} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try the demo' }));
    expect(await screen.findByRole('button', { name: 'Starting the demo…' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Connect to CountTogether' })).toBeTruthy();
  });
});
