// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src-renderer/App';
import { appState, fakeApi } from './fixtures';
import type { ConnectionState } from '../../src-shared/domain/snapshot';

afterEach(cleanup);

async function statusLine(connection: Partial<ConnectionState>) {
  const fake = fakeApi(appState({ connection }));
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: 'Counters' });
  const line = document.querySelector('.connection') as HTMLElement;
  return { fake, line };
}

describe('connection status', () => {
  it('says live', async () => {
    const { line } = await statusLine({ status: 'live' });
    expect(line.textContent).toBe('Live');
  });

  it('says when it will try to reconnect', async () => {
    const at = new Date(2026, 10, 22, 14, 2, 5).getTime();
    const { line } = await statusLine({ status: 'reconnecting', nextAttemptAt: at, message: 'The connection dropped.' });
    expect(line.dataset.status).toBe('reconnecting');
    expect(line.textContent).toContain('Reconnecting.');
    expect(line.textContent).toMatch(/Next try at 0?2:02:05|14:02:05/);
    // The core's detail goes to the log, not on screen.
    expect(line.textContent).not.toContain('The connection dropped.');
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();
  });

  it('says offline', async () => {
    const { line } = await statusLine({ status: 'offline', message: 'connect ECONNREFUSED 127.0.0.1:4100' });
    expect(line.querySelector('.connection-text')?.textContent).toBe('Offline.');
  });

  it('asks for a new token when unauthorized', async () => {
    const { line } = await statusLine({ status: 'unauthorized' });
    expect(line.textContent).toContain('The server no longer accepts your token.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enter a new token' }));
    expect(await screen.findByRole('heading', { name: 'Replace your token' })).toBeTruthy();
  });
});

describe('theme', () => {
  it('follows AppState.theme', async () => {
    const fake = fakeApi(appState({ theme: 'dark' }));
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    fake.push(appState({ theme: 'light' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
  });

  it('reports a bridge that cannot deliver the state', async () => {
    const fake = fakeApi(appState(), { 'state:get': () => ({ ok: true, value: { nonsense: true } }) });
    render(<App api={fake.api} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not understand/);
  });
});
