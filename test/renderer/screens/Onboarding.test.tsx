// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL } from '../../../src-shared/domain/server-address';
import { App } from '../../../src-renderer/App';
import { appState, fakeApi } from '../fixtures';

afterEach(cleanup);

describe('onboarding', () => {
  it('prefills the default server and masks the token until asked', async () => {
    const { api } = fakeApi(appState({ signedOut: true }));
    render(<App api={api} />);
    expect(await screen.findByLabelText('Server')).toHaveProperty('value', DEFAULT_SERVER_URL);
    const token = screen.getByLabelText('API token');
    expect(token.getAttribute('type')).toBe('password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show' }));
    expect(token.getAttribute('type')).toBe('text');
  });

  it('sends the pasted token trimmed and shows the precise error main names', async () => {
    const fake = fakeApi(appState({ signedOut: true }), {
      'session:connect': () => ({
        ok: false,
        error: { code: 'token-rejected', message: 'developers.counttogether.app rejected this token.', words: { key: 'error.tokenRejected', values: { host: 'developers.counttogether.app' } } },
      }),
    });
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('API token'));
    await user.paste('  ada-secret-token\n');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('developers.counttoget… rejected this token. Check it, or create a new one.')).toBeTruthy();
    expect(fake.calls('session:connect')).toEqual([{ serverUrl: DEFAULT_SERVER_URL, token: 'ada-secret-token' }]);
  });

  it('refuses an address that is not a URL without asking main', async () => {
    const fake = fakeApi(appState({ signedOut: true }));
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    const server = await screen.findByLabelText('Server');
    await user.clear(server);
    await user.type(server, 'not a server');
    await user.type(screen.getByLabelText('API token'), 'x');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert').textContent).toMatch(/not a valid server address/);
    expect(fake.calls('session:connect')).toEqual([]);
  });

  it('asks for a token before connecting', async () => {
    const fake = fakeApi(appState({ signedOut: true }));
    render(<App api={fake.api} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Paste your API token/);
    expect(fake.calls('session:connect')).toEqual([]);
  });

  it('starts the demo and shows the counters main pushes', async () => {
    const fake = fakeApi(appState({ signedOut: true }));
    fake.invoke.mockImplementation(async (channel) => {
      if (channel === 'session:startDemo') fake.push(appState({ session: { mode: 'demo' } }));
      if (channel === 'state:get') return { ok: true, value: appState({ signedOut: true }) };
      return { ok: true, value: null };
    });
    render(<App api={fake.api} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try the demo' }));
    expect(await screen.findByText('Coffees today')).toBeTruthy();
    expect(screen.getByText(/demo server/)).toBeTruthy();
  });

  it('shows the error of a session that failed at start', async () => {
    const { api } = fakeApi(appState({ signedOut: true, session: { error: { code: 'network', message: 'Could not reach the server.' } } }));
    render(<App api={api} />);
    expect(await screen.findByText(/^Could not reach the server\./)).toBeTruthy();
    expect(screen.queryByText(/Could not reach the server\.$/)).toBeNull(); // the app's words, not main's log text
  });
});

describe('sign-in errors sit under the field they are about', () => {
  /** The field's error: what describes it, and that it is marked invalid and has the focus. */
  const fieldState = (field: HTMLElement) => ({
    invalid: field.getAttribute('aria-invalid'),
    says: (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    focused: document.activeElement === field,
  });

  it('an empty Connect: under the token field, not under Advanced; the field is invalid and has the focus', async () => {
    const fake = fakeApi(appState({ signedOut: true }));
    render(<App api={fake.api} />);
    const token = await screen.findByLabelText('API token');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect' }));
    expect(fieldState(token)).toEqual({ invalid: 'true', says: expect.stringMatching(/Paste your API token/), focused: true });
    // Under the token field: before the Advanced button in the page.
    const error = screen.getByText(/Paste your API token/);
    expect(error.compareDocumentPosition(screen.getByRole('button', { name: 'Advanced' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText('Server').getAttribute('aria-invalid')).toBeNull();
  });

  it('a server address that is not one: Advanced opens, the message is under the server field, which is invalid and focused', async () => {
    const fake = fakeApi(appState({ signedOut: true }));
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('API token'), 'ada-secret-token');
    await user.click(screen.getByRole('button', { name: 'Advanced' }));
    await user.clear(screen.getByLabelText('Server'));
    await user.type(screen.getByLabelText('Server'), 'not a server');
    await user.click(screen.getByRole('button', { name: 'Advanced' })); // folded again: the error opens it
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const server = screen.getByLabelText('Server');
    expect(screen.getByRole('button', { name: 'Advanced' }).getAttribute('aria-expanded')).toBe('true');
    expect(fieldState(server)).toEqual({ invalid: 'true', says: expect.stringMatching(/not a valid server address/), focused: true });
    expect(screen.getByLabelText('API token').getAttribute('aria-invalid')).toBeNull();
    expect(fake.calls('session:connect')).toEqual([]);
  });

  it('a token the server rejected: under the token field; an unreachable server: above the buttons, no field blamed', async () => {
    let answer: IpcResult<null> = { ok: false, error: { code: 'token-rejected', message: 'rejected' } };
    const fake = fakeApi(appState({ signedOut: true }), { 'session:connect': () => answer });
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    const token = await screen.findByLabelText('API token');
    await user.type(token, 'ada-secret-token');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(fieldState(token)).toEqual({ invalid: 'true', says: expect.stringMatching(/rejected this token/), focused: true }));
    answer = { ok: false, error: { code: 'server-unreachable', message: 'down' } };
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/^Could not reach developers\.counttoget/)).toBeTruthy();
    expect(token.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Server').getAttribute('aria-invalid')).toBeNull();
  });
});
