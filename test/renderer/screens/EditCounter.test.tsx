// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import { chooseRowAction, COUNTERS, IDS, appState, fakeApi } from '../fixtures';
import type { AppState, IpcResult } from '../../../src-shared/ipc/contract';

afterEach(cleanup);

async function openEdit(name: string, handlers: Parameters<typeof fakeApi>[1] = {}, state = appState()) {
  const fake = fakeApi(state, handlers);
  render(<App api={fake.api} />);
  await chooseRowAction(name, 'Edit…');
  await screen.findByRole('heading', { name: `Edit “${name}”` });
  return fake;
}

const TODAY = '2025-04-15'; // 412 days after 2024-02-29: the next milestone is 2 years on 2026-02-28
const extras = (goals: NonNullable<AppState['extras']>['goals'] = {}, milestonesMuted: string[] = []) => ({ goals, milestonesMuted, today: TODAY });

describe('edit', () => {
  it('offers name and value for an UpDown counter, and sends only what changed', async () => {
    const fake = await openEdit('Coffees today');
    expect(screen.queryByLabelText('Counting since')).toBeNull();
    expect(screen.queryByLabelText('Counting down to')).toBeNull();
    const user = userEvent.setup();
    const value = screen.getByLabelText('Value');
    await user.clear(value);
    await user.type(value, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('counter:update')).toEqual([{ id: IDS.coffee, patch: { value: 10 } }]));
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
  });

  it('offers name and start date for a FromDate counter', async () => {
    const fake = await openEdit('Since we moved in');
    expect(screen.queryByLabelText('Value')).toBeNull();
    expect(screen.queryByLabelText('Counting down to')).toBeNull();
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Our flat');
    const start = screen.getByLabelText('Counting since');
    await user.clear(start);
    await user.type(start, '2024-03-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('counter:update')).toEqual([{ id: IDS.movedIn, patch: { name: 'Our flat', startDate: '2024-03-01' } }]));
  });

  it('offers name and end date for a ToDate counter', async () => {
    const fake = await openEdit('Until the trip');
    expect(screen.queryByLabelText('Value')).toBeNull();
    expect(screen.queryByLabelText('Counting since')).toBeNull();
    const user = userEvent.setup();
    const end = screen.getByLabelText('Counting down to');
    await user.clear(end);
    await user.type(end, '2027-04-02');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('counter:update')).toEqual([{ id: IDS.trip, patch: { endDate: '2027-04-02' } }]));
  });

  it("turns the server's refusal into words, next to the name it is about, and stays open", async () => {
    const refusal: IpcResult<null> = { ok: false, error: { code: 'badRequest', message: 'value must be an integer (got 59)' } };
    const fake = await openEdit('Coffees today', { 'counter:update': () => refusal });
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Teas today');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/did not accept this name/)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/integer|got 59/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Edit “Coffees today”' })).toBeTruthy();
    expect(fake.calls('counter:update')).toEqual([{ id: IDS.coffee, patch: { name: 'Teas today' } }]);
  });

  it('leaves the name length to the server (docs/api.md O12): a short name is sent, only an empty one is refused in words', async () => {
    const fake = await openEdit('Coffees today');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('A name cannot be empty.');
    expect(fake.calls('counter:update')).toEqual([]);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Tea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('counter:update')).toEqual([{ id: IDS.coffee, patch: { name: 'Tea' } }]));
  });

  it('offers "Open in CountTogether" on the public server only', async () => {
    const fake = await openEdit('Coffees today', {}, appState({ publicServer: true }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open in CountTogether' }));
    expect(fake.calls('app:openLink')).toEqual([{ target: 'counter', id: IDS.coffee }]);
    cleanup();
    await openEdit('Coffees today');
    expect(screen.queryByRole('button', { name: 'Open in CountTogether' })).toBeNull();
  });

  it('refuses an empty name without asking the server', async () => {
    const fake = await openEdit('Coffees today');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('A name cannot be empty.')).toBeTruthy();
    expect(fake.calls('counter:update')).toEqual([]);
  });

  it('does not overwrite a value someone else changed while the form was open', async () => {
    const fake = await openEdit('Coffees today');
    fake.push(appState({ counters: [{ ...COUNTERS.coffee, value: 7 }] }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('counter:update')).toEqual([{ id: IDS.coffee, patch: { name: 'Coffees today!' } }]));
  });

  it('closes without a request when nothing changed, and with Esc', async () => {
    const fake = await openEdit('Coffees today');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
    await chooseRowAction('Push-ups', 'Edit…');
    await userEvent.setup().keyboard('{Escape}');
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
    expect(fake.calls('counter:update')).toEqual([]);
  });

  it('mutes notifications for one counter, with Save like every other field', async () => {
    const fake = await openEdit('Push-ups');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Notify me when others change it/));
    expect(fake.calls('settings:update')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls('settings:update')).toEqual([{ notifications: { enabled: true, mutedCounters: [IDS.pushUps] } }]);
  });

  it('asks before Esc, Back or Cancel throw typed changes away', async () => {
    const fake = await openEdit('Push-ups');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), ' done');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Discard your changes?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toMatch(/ done$/);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
    expect(fake.calls('counter:update')).toEqual([]);
  });

  it('records a per-counter shortcut', async () => {
    const fake = await openEdit('Push-ups');
    const user = userEvent.setup();
    const record = screen.getAllByRole('button', { name: 'Record' })[0] as HTMLElement;
    await user.click(record);
    await user.keyboard('{Control>}{Alt>}p{/Alt}{/Control}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls('settings:update')).toEqual([
      { shortcuts: { open: null, counters: { [IDS.pushUps]: { increment: 'CommandOrControl+Alt+P' } } } },
    ]);
  });
});

describe('edit, as the page looks', () => {
  it('names the counter in its title, in English and German', async () => {
    await openEdit('Coffees today');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit “Coffees today”');
    cleanup();
    const fake = fakeApi(appState({ locale: { language: 'de', formats: 'de-DE', system: 'de' } }));
    render(<App api={fake.api} />);
    await chooseRowAction('Coffees today', 'Bearbeiten\u00a0…', 'Aktionen für Coffees today');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('„Coffees today“ bearbeiten');
  });

  it('keeps Cancel and Save in a footer outside the scrolling body, and the discard question there too', async () => {
    await openEdit('Coffees today');
    const footer = screen.getByRole('button', { name: 'Save' }).closest('footer');
    expect(footer).not.toBeNull();
    expect(footer?.closest('.screen-body')).toBeNull();
    expect(within(footer as HTMLElement).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), '!');
    await user.keyboard('{Escape}');
    expect(within(footer as HTMLElement).getByRole('alertdialog', { name: 'Discard your changes?' })).toBeTruthy();
  });

  it('on/off on the page are switches: notifications for this counter, a day counter’s milestones', async () => {
    await openEdit('Coffees today');
    expect(screen.getByRole('switch', { name: 'Notify me when others change it' })).toHaveProperty('checked', true);
    cleanup();
    await openEdit('Since we moved in');
    expect(screen.getByRole('switch', { name: 'Notify me on milestones' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('the edit page: goals, milestones, reset and export', () => {
  async function openEdit(name: string, state: AppState, handlers: Parameters<typeof fakeApi>[1] = {}) {
    const fake = fakeApi(state, handlers);
    render(<App api={fake.api} />);
    await chooseRowAction(name, 'Edit…');
    await screen.findByRole('heading', { name: /^Edit “/ });
    return fake;
  }

  it('saves a goal with the page, and refuses one that is no whole number', async () => {
    const fake = await openEdit('Coffees today', appState({ extras: extras() }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Goal: how many'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A goal is a whole number from 1 to 1,000,000.');
    expect(fake.calls('goal:set')).toEqual([]);
    await user.clear(screen.getByLabelText('Goal: how many'));
    await user.type(screen.getByLabelText('Goal: how many'), '8');
    await user.selectOptions(screen.getByLabelText('Goal: which changes count'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('goal:set')).toEqual([{ id: IDS.coffee, goal: { target: 8, period: 'day', count: 'mine' } }]));
  });

  it('removes a goal when its number is cleared', async () => {
    const fake = await openEdit('Coffees today', appState({ extras: extras({ [IDS.coffee]: { target: 8, period: 'day', count: 'all', done: 2 } }) }));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Goal: how many'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('goal:set')).toEqual([{ id: IDS.coffee, goal: null }]));
  });

  it('mutes a day counter’s milestones', async () => {
    const fake = await openEdit('Since we moved in', appState({ extras: extras() }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Notify me on milestones' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('milestones:mute')).toEqual([{ id: IDS.movedIn, muted: true }]));
  });

  it('resets only after a confirmation that says every member sees it', async () => {
    const fake = await openEdit('Coffees today', appState({ extras: extras() }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset to 0…' }));
    const question = screen.getByRole('alertdialog', { name: 'Reset “Coffees today” to 0?' });
    expect(question.textContent).toContain('Every member of this counter sees it.');
    expect(fake.calls('counter:reset')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Reset to 0' }));
    await waitFor(() => expect(fake.calls('counter:reset')).toEqual([{ id: IDS.coffee }]));
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
  });

  it('offers start again for a FromDate counter, nothing for a ToDate, and export for both', async () => {
    await openEdit('Since we moved in', appState({ extras: extras() }));
    expect(screen.getByRole('button', { name: 'Start again today…' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export activity…' }));
    expect(await screen.findByRole('heading', { name: 'Export activity' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Only “Since we moved in”' })).toHaveProperty('checked', true);
    cleanup();
    await openEdit('Until the trip', appState({ extras: extras() }));
    expect(screen.queryByRole('button', { name: /Reset|Start again/ })).toBeNull();
  });
});
