// @vitest-environment happy-dom
// A row's second line: today's change on UpDown rows, "+1 · Undo" (the button and Ctrl/Cmd+Z), and
// a blocked undo's reason, on hover and focus.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UndoOffer } from '../../../src-shared/domain/activity';
import { AppState } from '../../../src-shared/ipc/contract';
import { appState, IDS, renderWithActivity } from '../fixtures';

afterEach(cleanup);

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });
const offer = (extra: Partial<UndoOffer> = {}): UndoOffer => ({ counterId: IDS.coffee, name: 'Coffees today', amount: 1, source: 'shortcut', expiresAt: Date.now() + 10_000, ...extra });
const withActivity = (today: Record<string, number>, undo: UndoOffer | null) => AppState.parse({ ...appState(), activity: { today, undo } });

describe('activity in the list', () => {
  it("shows today's change next to the value on UpDown rows only", async () => {
    await renderWithActivity(withActivity({ [IDS.coffee]: 4, [IDS.movedIn]: 1 }, null));
    expect(within(row('Coffees today')).getByTestId('today').textContent).toBe('+4 today');
    expect(within(row('Since we moved in')).queryByTestId('today')).toBeNull();
    expect(within(row('Push-ups')).queryByTestId('today')).toBeNull();
  });

  it('offers "+1 · Undo" on the changed row; the button and Ctrl+Z both undo', async () => {
    const fake = await renderWithActivity(withActivity({}, offer()));
    // The chip is a chunk of its own (not in the first paint): it arrives, it is not there at once.
    expect(await within(row('Coffees today')).findByText(/\+1 ·/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo +1 on Coffees today' }));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(fake.calls('counter:undo')).toEqual([{ id: IDS.coffee }, { id: IDS.coffee }, { id: IDS.coffee }]);
  });

  it('says why undo is not offered, on hover and on focus, in its own words, and Ctrl+Z explains instead of sending', async () => {
    const why = 'Cannot undo: Push-ups only counts up (the server said: only up)';
    const state = withActivity({}, offer({ counterId: IDS.pushUps, name: 'Push-ups', blockedBecause: why }));
    const refusing = AppState.parse({ ...state, core: state.core && { ...state.core, counters: state.core.counters.map((c) => (c.id === IDS.pushUps ? { ...c, refused: { decrement: 'only up' } } : c)) } });
    const fake = await renderWithActivity(refusing);
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    const chip = within(row('Push-ups')).getByText(/can’t undo/);
    // The server's words ("the server said: only up") never reach the page.
    expect(chip.getAttribute('title')).toBe('Can’t undo: Push-ups only counts up.');
    expect(chip.getAttribute('aria-label')).toBe('+1, can’t undo');
    expect(chip.getAttribute('aria-description')).toBe('Push-ups only counts up.');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(await screen.findByText('Push-ups only counts up.', { selector: '.notice' })).toBeTruthy();
    expect(fake.calls('counter:undo')).toEqual([]);
  });
});
