// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src-renderer/App';
import { chooseRowAction, COUNTERS, IDS, appState, counter, fakeApi } from '../fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });
const rowNames = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.counter-name')?.textContent);

async function renderList(state = appState()) {
  const fake = fakeApi(state);
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: 'Counters' });
  return fake;
}

describe('counter list', () => {
  it('shows every counter with its value, day counters as phrases', async () => {
    await renderList();
    expect(within(row('Coffees today')).getByTestId('value').textContent).toBe('3');
    expect(row('Since we moved in').getAttribute('aria-label')).toBe('Since we moved in, 412 days since');
    expect(row('Until the trip').getAttribute('aria-label')).toBe('Until the trip, 99 days until');
  });

  it('reads singular and past day counts naturally, signed when past', async () => {
    await renderList(
      appState({
        counters: [
          counter({ id: IDS.trip, name: 'Deadline passed', type: 'ToDate', value: -5, endDate: '2026-11-17' }),
          counter({ id: IDS.movedIn, name: 'Since yesterday', type: 'FromDate', value: 1, startDate: '2026-11-21' }),
        ],
      }),
    );
    expect(row('Deadline passed').getAttribute('aria-label')).toBe('Deadline passed, 5 days ago');
    expect(row('Since yesterday').getAttribute('aria-label')).toBe('Since yesterday, 1 day since');
  });

  it('offers − and + only on UpDown counters and sends a click to main', async () => {
    const fake = await renderList();
    expect(within(row('Since we moved in')).queryByRole('button', { name: /Increase/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Increase Coffees today' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Decrease Push-ups' }));
    expect(fake.calls('counter:increment')).toEqual([{ id: IDS.coffee }]);
    expect(fake.calls('counter:decrement')).toEqual([{ id: IDS.pushUps }]);
  });

  it('marks unconfirmed clicks without changing the row layout', async () => {
    await renderList(appState({ counters: [{ ...COUNTERS.coffee, value: 5, pending: true }] }));
    const coffee = row('Coffees today');
    expect(coffee.getAttribute('aria-label')).toBe('Coffees today, 5, not confirmed yet');
    expect(coffee.querySelector('.pending-mark.on')).not.toBeNull();
  });

  it('keeps the pending mark in the layout when nothing is pending (no shift)', async () => {
    await renderList();
    expect(row('Coffees today').querySelector('.pending-mark')).not.toBeNull();
    expect(row('Coffees today').querySelector('.pending-mark.on')).toBeNull();
  });

  it('disables a refused direction with the reason as tooltip, and does not send it', async () => {
    // The server's own wording is detail; the user reads what it means for this counter.
    const reason = 'Coffees today only counts up.';
    const fake = await renderList(appState({ counters: [{ ...COUNTERS.coffee, refused: { decrement: 'mode OnlyUp: decrement is not allowed' } }] }));
    const minus = screen.getByRole('button', { name: 'Decrease Coffees today' });
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    expect(minus.getAttribute('title')).toBe(reason);
    await userEvent.setup().click(minus);
    expect(fake.calls('counter:decrement')).toEqual([]);
    // The keyboard path explains instead of acting.
    fireEvent.keyDown(screen.getByLabelText('Search counters'), { key: '-' });
    expect(screen.getByText(reason)).toBeTruthy();
    expect(fake.calls('counter:decrement')).toEqual([]);
  });

  it('shows per-counter error badges', async () => {
    await renderList(
      appState({
        counters: [
          { ...COUNTERS.coffee, error: { kind: 'unconfirmed', message: 'The server did not answer.' } },
          { ...COUNTERS.pushUps, error: { kind: 'gone', message: 'Removed from this counter.' } },
        ],
      }),
    );
    const unconfirmed = within(row('Coffees today')).getByText('could not confirm');
    // The core's own words are detail for the log; the hover says what it means.
    expect(unconfirmed.closest('.badge')?.getAttribute('title')).toBe('Counter Tray could not confirm that your last change reached the server.');
    within(row('Push-ups')).getByText('no longer shared with you');
    expect(screen.getByRole('button', { name: 'Increase Push-ups' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('lets the user dismiss a "refused" flag, never "could not confirm" (a question) or "no longer shared"', async () => {
    const fake = await renderList(
      appState({
        counters: [
          { ...COUNTERS.coffee, error: { kind: 'rejected', message: 'The server refused it.' } },
          { ...COUNTERS.pushUps, error: { kind: 'gone', message: 'Removed from this counter.' } },
          { ...COUNTERS.movedIn, error: { kind: 'unconfirmed', message: 'Could not confirm.', amount: 2 } },
        ],
      }),
    );
    expect(within(row('Push-ups')).queryByRole('button', { name: /^Dismiss/ })).toBeNull();
    expect(within(row('Since we moved in')).queryByRole('button', { name: /^Dismiss/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss “refused” on Coffees today' }));
    expect(fake.calls('counter:dismissError')).toEqual([{ id: IDS.coffee }]);
    // The flag goes when main says so, in the next state.
    fake.push(appState({ counters: [COUNTERS.coffee, { ...COUNTERS.pushUps, error: { kind: 'gone', message: 'Removed from this counter.' } }] }));
    await waitFor(() => expect(within(row('Coffees today')).queryByText('refused')).toBeNull());
  });

  it('asks about a change it could not confirm: "Send again" or "Keep", with the amount', async () => {
    const fake = await renderList(appState({ counters: [{ ...COUNTERS.coffee, error: { kind: 'unconfirmed', message: 'Could not confirm +3.', amount: 3 } }, COUNTERS.pushUps] }));
    within(row('Coffees today')).getByText('+3 unconfirmed');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send +3 to Coffees today again' }));
    await user.click(screen.getByRole('button', { name: 'Keep the server’s value of Coffees today' }));
    expect(fake.calls('counter:resolveUnconfirmed')).toEqual([
      { id: IDS.coffee, choice: 'resend' },
      { id: IDS.coffee, choice: 'keep' },
    ]);
    expect(within(row('Push-ups')).queryByRole('button', { name: /again$/ })).toBeNull();
  });

  it('shows "still sending…" while a change waits for a slow answer', async () => {
    const fake = await renderList(appState({ counters: [{ ...COUNTERS.coffee, pending: true, sendingSlowly: true }, COUNTERS.pushUps] }));
    within(row('Coffees today')).getByText('still sending…');
    expect(within(row('Push-ups')).queryByText('still sending…')).toBeNull();
    fake.push(appState({ counters: [COUNTERS.coffee, COUNTERS.pushUps] }));
    await waitFor(() => expect(within(row('Coffees today')).queryByText('still sending…')).toBeNull());
  });

  it('pins a counter through settings, and lists pinned counters first', async () => {
    const fake = await renderList();
    await chooseRowAction('Until the trip', 'Pin to the top');
    expect(fake.calls('settings:update')).toEqual([{ pinned: [IDS.trip] }]);
    fake.push(appState({ settings: { pinned: [IDS.trip] } }));
    await waitFor(() => expect(rowNames()[0]).toBe('Until the trip'));
    expect(row('Until the trip').getAttribute('aria-label')).toBe('Until the trip, 99 days until, pinned');
    expect(row('Until the trip').querySelector('.pin-mark')).not.toBeNull();
  });

  it('filters by the search box and says when nothing matches', async () => {
    await renderList();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search counters'), 'TRIP');
    expect(rowNames()).toEqual(['Until the trip']);
    await user.type(screen.getByLabelText('Search counters'), 'xyz');
    expect(await screen.findByText('No counter matches “TRIPxyz”.')).toBeTruthy();
  });

  it('shows live values pushed by main', async () => {
    const fake = await renderList();
    fake.push(appState({ counters: [{ ...COUNTERS.coffee, value: 4 }] }));
    await waitFor(() => expect(within(row('Coffees today')).getByTestId('value').textContent).toBe('4'));
  });
});

describe('counter list keyboard', () => {
  it('moves with the arrows and acts with + and -', async () => {
    const fake = await renderList();
    const search = screen.getByLabelText('Search counters');
    expect(document.activeElement).toBe(search);
    expect(row('Coffees today').getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(search, { key: '+' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(row('Push-ups').getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(search, { key: '-' });
    fireEvent.keyDown(search, { key: '+' });
    fireEvent.keyDown(search, { key: 'ArrowDown' }); // stays on the last row
    fireEvent.keyDown(search, { key: '=' });
    expect(fake.calls('counter:increment')).toEqual([{ id: IDS.coffee }, { id: IDS.pushUps }, { id: IDS.pushUps }]);
    expect(fake.calls('counter:decrement')).toEqual([{ id: IDS.pushUps }]);
  });

  it('hears keys from the very commit that shows the list', async () => {
    // A key pressed in the moment the popup paints (the user already typing) must act.
    // The observer runs in a microtask right after React's commit, before any later task,
    // so it catches a listener attached in a passive effect still missing.
    const pressedAtFirstPaint = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.getElementById('counter-list')) return;
        observer.disconnect();
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await renderList();
    await pressedAtFirstPaint;
    await waitFor(() => expect(row('Since we moved in').getAttribute('aria-current')).toBe('true'));
  });

  it("opens the selected counter's activity with Enter, and its edit page from there", async () => {
    const fake = await renderList();
    const search = screen.getByLabelText('Search counters');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'Since we moved in' })).toBeTruthy();
    await waitFor(() => expect(fake.calls('activity:detail')).toEqual([{ id: IDS.movedIn }]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit Since we moved in' }));
    expect(await screen.findByRole('heading', { name: /^Edit “/ })).toBeTruthy();
    expect(screen.getByLabelText('Counting since')).toHaveProperty('value', '2024-02-29');
  });

  it('typing anywhere filters; Esc clears the search, then hides the window', async () => {
    const fake = await renderList();
    const user = userEvent.setup();
    (screen.getByRole('button', { name: 'Settings' }) as HTMLElement).focus();
    await user.keyboard('push');
    expect(screen.getByLabelText('Search counters')).toHaveProperty('value', 'push');
    expect(rowNames()).toEqual(['Push-ups']);
    // With text in the search, a typed + is search text; Alt++ still acts on the one match.
    await user.keyboard('{Alt>}+{/Alt}');
    expect(fake.calls('counter:increment')).toEqual([{ id: IDS.pushUps }]);
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Search counters')).toHaveProperty('value', '');
    expect(fake.calls('window:hide')).toEqual([]);
    await user.keyboard('{Escape}');
    expect(fake.calls('window:hide')).toEqual([{}]);
  });

  it('opens the counter main asks for (notification click) and comes back to it with Esc', async () => {
    const fake = fakeApi(appState());
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    act(() => fake.push(appState({ ask: { kind: 'focusCounter', id: IDS.trip, seq: 1 } })));
    expect(await screen.findByRole('heading', { name: 'Until the trip' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(row('Until the trip').getAttribute('aria-current')).toBe('true'));
  });

  it('acts once on an ask made before the page mounted (a notification clicked while the popup loads)', async () => {
    // Main asked before this page existed: the ask is in the first state:get's answer.
    const fake = fakeApi(appState({ ask: { kind: 'focusCounter', id: IDS.trip, seq: 3 } }));
    render(<App api={fake.api} />);
    expect(await screen.findByRole('heading', { name: 'Until the trip' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await screen.findByRole('list', { name: 'Counters' });
    // A later state that still carries it (the theme changed) does not open the counter again.
    act(() => fake.push(appState({ ask: { kind: 'focusCounter', id: IDS.trip, seq: 3 }, theme: 'dark' })));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.queryByRole('heading', { name: 'Until the trip' })).toBeNull();
    expect(fake.calls('state:get')).toHaveLength(1);
  });
});

describe('a thousand counters', () => {
  it('renders only a window of rows and still finds any counter', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      counter({ id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`, name: `Counter number ${i}`, type: 'UpDown', value: i }),
    );
    // happy-dom lays nothing out: give the list the popup's size, as Chromium would measure it.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    await renderList(appState({ counters: many }));
    const rendered = screen.getAllByRole('listitem').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    // One line each (nothing more to say): 36 px a row.
    expect(screen.getByRole('list', { name: 'Counters' }).style.height).toBe(`${1000 * 36}px`);

    // Walking past the window with the arrows brings the active row in.
    const search = screen.getByLabelText('Search counters');
    for (let i = 0; i < 60; i += 1) fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(row('Counter number 60').getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('listitem', { name: /^Counter number 0,/ })).toBeNull();
    await userEvent.setup().type(screen.getByLabelText('Search counters'), 'number 999');
    expect(rowNames()).toEqual(['Counter number 999']);
  });
});

describe('selection is for the keyboard', () => {
  it('draws no row as selected when the popup opens, one after an arrow key, none after the pointer', async () => {
    await renderList();
    // The first row is current (+ acts on it) but not drawn as selected.
    expect(row('Coffees today').getAttribute('aria-current')).toBe('true');
    expect(document.querySelectorAll('.counter.active')).toHaveLength(0);
    fireEvent.keyDown(screen.getByLabelText('Search counters'), { key: 'ArrowDown' });
    await waitFor(() => expect(row('Since we moved in').classList.contains('active')).toBe(true));
    fireEvent.pointerDown(row('Until the trip'));
    await waitFor(() => expect(document.querySelectorAll('.counter.active')).toHaveLength(0));
    expect(row('Until the trip').getAttribute('aria-current')).toBe('true');
  });
});
