// @vitest-environment happy-dom
// An empty list says what is true (the app cannot create counters) and offers only what it can do.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appState, renderList } from '../fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
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
