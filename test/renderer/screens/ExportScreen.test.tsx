// @vitest-environment happy-dom
// Export: the popup names what, main answers the file name, never a path.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import type { AppState } from '../../../src-shared/ipc/contract';
import { appState, fakeApi } from '../fixtures';

afterEach(cleanup);

const TODAY = '2025-04-15'; // 412 days after 2024-02-29: the next milestone is 2 years on 2026-02-28
const extras = (goals: NonNullable<AppState['extras']>['goals'] = {}, milestonesMuted: string[] = []) => ({ goals, milestonesMuted, today: TODAY });

describe('export', () => {
  it('asks main to export and shows the file name it answers, never a path', async () => {
    const fake = fakeApi(appState({ extras: extras() }), { 'activity:export': () => ({ ok: true, value: { status: 'saved', fileName: 'counter-tray-activity-2025-04-15.csv', rows: 12 } }) });
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Export activity…' }));
    await user.click(await screen.findByRole('button', { name: 'Save as CSV…' }));
    expect((await screen.findByText(/^Saved 12 lines/)).textContent).toBe('Saved 12 lines as counter-tray-activity-2025-04-15.csv.');
    expect(fake.calls('activity:export')).toEqual([{ scope: 'all' }]);
  });
});
