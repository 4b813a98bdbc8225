// @vitest-environment happy-dom
// "Add…" on a row and a counter's step: what the page sends, what it refuses before sending, and how it says so.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import { chooseRowAction, COUNTERS, IDS, appState, fakeApi, renderList } from '../fixtures';

afterEach(cleanup);

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });

async function typeInto(name: string, text: string) {
  const input = await screen.findByRole('textbox', { name: `Amount to add to ${name}` });
  await userEvent.setup().type(input, `${text}{Enter}`);
  return input;
}

describe('"Add…": a typed amount', () => {
  it('opens from the row menu; 25 and Enter sends one change of 25, closes the field and says so', async () => {
    const fake = await renderList();
    await chooseRowAction('Coffees today', 'Add…');
    expect(within(row('Coffees today')).queryByRole('button', { name: 'Increase Coffees today' })).toBeNull();
    await typeInto('Coffees today', '25');
    expect(fake.calls('counter:increment')).toEqual([{ id: IDS.coffee, amount: 25 }]);
    expect(screen.queryByRole('textbox', { name: /Amount to add/ })).toBeNull();
    await waitFor(() => expect(document.querySelector('.notice')?.textContent).toBe('Added 25 to “Coffees today”.'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Increase Coffees today' }));
  });

  it('opens on the current row with Shift+Enter, even while searching; a leading − subtracts', async () => {
    const fake = await renderList();
    const search = screen.getByLabelText('Search counters');
    await userEvent.setup().type(search, 'push');
    fireEvent.keyDown(search, { key: 'Enter', shiftKey: true });
    // Digits typed into the field are the amount, not the search.
    await typeInto('Push-ups', '−5');
    expect((search as HTMLInputElement).value).toBe('push');
    expect(fake.calls('counter:decrement')).toEqual([{ id: IDS.pushUps, amount: 5 }]);
    expect(fake.calls('counter:increment')).toEqual([]);
  });

  it.each([
    ['5abc', 'Type a whole number other than 0, like 25 or −5.'],
    ['0', 'Type a whole number other than 0, like 25 or −5.'],
    ['2.5', 'Type a whole number other than 0, like 25 or −5.'],
    ['1e3', 'Type a whole number other than 0, like 25 or −5.'],
    ['99999999999999999999', 'That is more than a counter can hold.'],
    ['9007199254740990', 'That is more than a counter can hold.'],
  ])('refuses “%s” in the field, nothing sent: %s', async (text, said) => {
    const fake = await renderList();
    await chooseRowAction('Coffees today', 'Add…');
    const input = await typeInto('Coffees today', text);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(said);
    expect(screen.getByRole('alert').textContent).toBe(said);
    expect(fake.calls('counter:increment')).toEqual([]);
    expect(fake.calls('counter:decrement')).toEqual([]);
  });

  it('negative control: the same field sends a whole amount that fits', async () => {
    const fake = await renderList();
    await chooseRowAction('Coffees today', 'Add…');
    const input = await typeInto('Coffees today', '9007199254740988');
    expect(input.isConnected).toBe(false);
    expect(fake.calls('counter:increment')).toEqual([{ id: IDS.coffee, amount: 9007199254740988 }]);
  });

  it('refuses plainly a direction the counter’s mode refused', async () => {
    const onlyUp = { ...COUNTERS.pushUps, refused: { decrement: 'This counter only counts up' } };
    const fake = await renderList(appState({ counters: [COUNTERS.coffee, onlyUp] }));
    await chooseRowAction('Push-ups', 'Add…');
    const input = await typeInto('Push-ups', '-25');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Push-ups only counts up.');
    expect(fake.calls('counter:decrement')).toEqual([]);
  });

  it('Esc closes it with nothing sent, and the popup stays', async () => {
    const fake = await renderList();
    await chooseRowAction('Coffees today', 'Add…');
    const input = await screen.findByRole('textbox', { name: 'Amount to add to Coffees today' });
    await userEvent.setup().type(input, '25{Escape}');
    expect(screen.queryByRole('textbox', { name: /Amount to add/ })).toBeNull();
    expect(fake.calls('counter:increment')).toEqual([]);
    expect(fake.calls('window:hide')).toEqual([]);
  });

  it('a day counter has no "Add…", and Shift+Enter on it says why', async () => {
    await renderList();
    const search = screen.getByLabelText('Search counters');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter', shiftKey: true });
    await waitFor(() => expect(document.querySelector('.notice')?.textContent).toBe('Since we moved in counts days; it cannot be changed with + or −.'));
    expect(screen.queryByRole('textbox', { name: /Amount to add/ })).toBeNull();
  });
});

describe('a counter’s step', () => {
  it('shows once on the row and in the buttons’ names; + sends no amount (main applies the step)', async () => {
    const fake = await renderList(appState({ settings: { steps: { [IDS.coffee]: 5 } } }));
    expect(within(row('Coffees today')).getByText('±5')).toBeTruthy();
    expect(row('Push-ups').querySelector('.step-mark')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add 5 to Coffees today' }));
    screen.getByRole('button', { name: 'Subtract 5 from Coffees today' });
    expect(fake.calls('counter:increment')).toEqual([{ id: IDS.coffee }]);
  });

  it('is set on the edit page, saved in the settings; 1 takes it out; a bad one is refused under the field', async () => {
    const fake = fakeApi(appState({ settings: { steps: { [IDS.pushUps]: 10 } } }));
    render(<App api={fake.api} />);
    await chooseRowAction('Coffees today', 'Edit…');
    const user = userEvent.setup();
    const step = await screen.findByLabelText('Step of + and −');
    expect((step as HTMLInputElement).value).toBe('1');
    await user.clear(step);
    await user.type(step, '-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(step.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('A step is a whole number of at least 1.');
    expect(document.activeElement).toBe(step);
    expect(fake.calls('settings:update')).toEqual([]);
    await user.clear(step);
    await user.type(step, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('settings:update')).toEqual([{ steps: { [IDS.pushUps]: 10, [IDS.coffee]: 25 } }]));
  });

  it('the shortcuts say the step they move by, as typed', async () => {
    render(<App api={fakeApi(appState({ settings: { steps: { [IDS.coffee]: 5 } } })).api} />);
    await chooseRowAction('Coffees today', 'Edit…');
    expect(await screen.findByRole('group', { name: '+5 shortcut' })).toBeTruthy();
    screen.getByRole('group', { name: '−5 shortcut' });
    const step = screen.getByLabelText('Step of + and −');
    await userEvent.setup().clear(step);
    await userEvent.setup().type(step, '12');
    screen.getByRole('group', { name: '−12 shortcut' });
  });

  it('a step of 1 is no entry in the settings', async () => {
    const fake = fakeApi(appState({ settings: { steps: { [IDS.coffee]: 5, [IDS.pushUps]: 10 } } }));
    render(<App api={fake.api} />);
    await chooseRowAction('Coffees today', 'Edit…');
    const user = userEvent.setup();
    const step = await screen.findByLabelText('Step of + and −');
    await user.clear(step);
    await user.type(step, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('settings:update')).toEqual([{ steps: { [IDS.pushUps]: 10 } }]));
  });
});
