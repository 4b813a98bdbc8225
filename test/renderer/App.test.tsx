// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src-renderer/App';
import { appState, fakeApi } from './fixtures';

afterEach(cleanup);

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
    const fake = fakeApi(appState(), { 'state:get': () => Promise.reject(new Error('channel closed')) });
    render(<App api={fake.api} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Counter Tray did not answer. Try again.');
  });
});
