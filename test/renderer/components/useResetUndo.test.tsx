// @vitest-environment happy-dom
// A reset's undo: put back when nothing changed since; asked, and overwritten only on a yes, when
// another member changed the counter meanwhile.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import type { AppState } from '../../../src-shared/ipc/contract';
import { COUNTERS, IDS, appState, fakeApi } from '../fixtures';

afterEach(cleanup);

const TODAY = '2025-04-15'; // 412 days after 2024-02-29: the next milestone is 2 years on 2026-02-28
const extras = (goals: NonNullable<AppState['extras']>['goals'] = {}, milestonesMuted: string[] = []) => ({ goals, milestonesMuted, today: TODAY });

describe('undo of a reset', () => {
  const offer = { counterId: IDS.coffee, name: 'Coffees today', kind: 'reset' as const, earlier: 42, expiresAt: Date.now() + 60_000 };

  it('puts the earlier value back when nothing changed since', async () => {
    const fake = fakeApi(appState({ extras: extras(), resetUndo: offer, counters: [{ ...COUNTERS.coffee, value: 0 }] }), { 'counter:undoReset': () => ({ ok: true, value: { status: 'restored' } }) });
    render(<App api={fake.api} />);
    const chip = await screen.findByTestId('reset-chip');
    expect(chip.textContent).toBe('reset to 0 · Undo');
    await userEvent.setup().click(within(chip).getByRole('button', { name: 'Undo the reset of Coffees today' }));
    expect(fake.calls('counter:undoReset')).toEqual([{ id: IDS.coffee, choice: 'undo' }]);
    expect(await screen.findByText('Put “Coffees today” back to 42.')).toBeTruthy();
  });

  it('asks, and overwrites only when the user says so, when another member changed it meanwhile', async () => {
    const fake = fakeApi(appState({ extras: extras(), resetUndo: offer, counters: [{ ...COUNTERS.coffee, value: 2 }] }), {
      'counter:undoReset': (request) => ({ ok: true, value: (request as { choice: string }).choice === 'undo' ? { status: 'changed', current: 2, earlier: 42 } : { status: 'restored' } }),
    });
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('reset-chip')).getByRole('button', { name: /^Undo/ }));
    const question = await screen.findByRole('alertdialog', { name: '“Coffees today” changed since the reset: it is 2 now.' });
    expect(question.textContent).toContain('Put back 42 anyway? Every member sees it.');
    expect(document.activeElement?.textContent).toBe('Keep 2'); // the safe answer has focus
    expect(fake.calls('counter:undoReset')).toEqual([{ id: IDS.coffee, choice: 'undo' }]);
    await user.click(within(question).getByRole('button', { name: 'Put back 42' }));
    await waitFor(() => expect(fake.calls('counter:undoReset')).toEqual([{ id: IDS.coffee, choice: 'undo' }, { id: IDS.coffee, choice: 'overwrite' }]));
  });
});
