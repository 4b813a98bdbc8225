// @vitest-environment happy-dom
// Groups, hiding and the sort in the list component: headers that fold, the row menu's Move to
// group… and Hide, N hidden with Show, a search naming each match's group, Alt+↓, each asking
// main through its channel.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import type { Organisation } from '../../../src-shared/domain/organise';
import type { AppState } from '../../../src-shared/ipc/contract';
import { IDS, appState, counter, fakeApi } from '../fixtures';

afterEach(cleanup);

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name},`) });
const work = (folded = false): Organisation => ({ groups: [{ id: 'g1', name: 'Work', folded, counters: [IDS.coffee] }], order: [], hidden: [], sort: 'manual', changedAt: {} });
const ok = () => ({ ok: true as const, value: null });

async function renderList(organise: Organisation) {
  const state: AppState = { ...appState(), organise };
  const fake = fakeApi(state, { 'group:fold': ok, 'counter:hide': ok, 'counter:place': ok });
  render(<App api={fake.api} />);
  await screen.findByLabelText('Search counters', {}, { timeout: 5000 });
  return fake;
}

/** Header names and counter names, in the order shown. */
const shown = () => [...document.querySelectorAll('#counter-list > li')].map((li) => (li.classList.contains('group-header') ? `[${li.querySelector('.group-name')?.textContent}]` : li.getAttribute('aria-label')?.split(',')[0]));

describe('groups in the list', () => {
  it('shows each group under its header and Ungrouped last; the header folds it', async () => {
    const fake = await renderList(work());
    expect(shown()).toEqual(['[Work]', 'Coffees today', '[Ungrouped]', 'Since we moved in', 'Until the trip', 'Push-ups']);
    const header = screen.getByRole('button', { name: 'Work 1 counter' });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(header);
    expect(fake.calls('group:fold')).toEqual([{ id: 'g1', folded: true }]);
  });

  it('a folded group shows only its header with its count', async () => {
    await renderList(work(true));
    expect(shown()).toEqual(['[Work]', '[Ungrouped]', 'Since we moved in', 'Until the trip', 'Push-ups']);
    expect(screen.getByRole('button', { name: 'Work 1 counter' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('a search is flat across groups and names the group of each match', async () => {
    await renderList(work(true));
    await userEvent.type(screen.getByLabelText('Search counters'), 'cof');
    await waitFor(() => expect(shown()).toEqual(['Coffees today']));
    expect(row('Coffees today').getAttribute('aria-label')).toMatch(/^Coffees today, 3, in Work/);
  });

  it('Move to group… lists the groups and Ungrouped; a choice asks main to place the counter', async () => {
    const fake = await renderList(work());
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Coffees today' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to group…' }));
    const menu = await screen.findByRole('menu', { name: 'Move “Coffees today” to' });
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Work' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Ungrouped' }));
    await waitFor(() => expect(fake.calls('counter:place')).toEqual([{ id: IDS.coffee, group: null, before: null }]));
  });

  it('Alt+↓ moves the current counter one place in the user’s order', async () => {
    const fake = await renderList({ ...work(), groups: [] });
    fireEvent.keyDown(screen.getByLabelText('Search counters'), { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(fake.calls('counter:place')).toEqual([{ id: IDS.coffee, group: null, before: IDS.trip }]));
  });
});

describe('hidden counters', () => {
  it('are left out and counted; Show brings them back marked; Hide in the menu asks main', async () => {
    const fake = await renderList({ ...work(), hidden: [IDS.trip] });
    expect(screen.queryByRole('listitem', { name: /^Until the trip,/ })).toBeNull();
    expect(document.querySelector('.hidden-line')?.textContent).toContain('1 hidden counter');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(row('Until the trip').getAttribute('aria-label')).toMatch(/, hidden/);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Push-ups' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Hide from the list' }));
    await waitFor(() => expect(fake.calls('counter:hide')).toEqual([{ id: IDS.pushUps, hidden: true }]));
  });
});

describe('a long list with groups', () => {
  it('is windowed with the headers as items of their own height: the list is as tall as rows and headers together', async () => {
    const many = Array.from({ length: 150 }, (_, i) => counter({ id: `019a4f2e-8c00-7d3a-9b1e-${i.toString(16).padStart(12, '0')}`, name: `Counter ${i}`, type: 'UpDown', value: i }));
    const organise: Organisation = { groups: [{ id: 'g1', name: 'First ten', folded: false, counters: many.slice(0, 10).map((c) => c.id) }], order: [], hidden: [], sort: 'manual', changedAt: {} };
    const state: AppState = { ...appState({ counters: many }), organise };
    render(<App api={fakeApi(state).api} />);
    await screen.findByLabelText('Search counters', {}, { timeout: 5000 });
    const list = document.getElementById('counter-list')!;
    expect(list.classList.contains('virtual')).toBe(true);
    // 150 rows of one line and two headers (First ten, Ungrouped).
    expect(list.style.height).toBe(`${150 * 36 + 2 * 28}px`);
    expect(document.querySelectorAll('#counter-list > li').length).toBeLessThan(60);
    expect(shown().slice(0, 3)).toEqual(['[First ten]', 'Counter 0', 'Counter 1']);
  });
});
