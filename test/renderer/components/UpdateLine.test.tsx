// @vitest-environment happy-dom
// "Update ready · Restart" above the list, only while an update waits; Restart asks main.
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdatesState } from '../../../src-shared/domain/updates';
import { appState, renderList } from '../fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
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
