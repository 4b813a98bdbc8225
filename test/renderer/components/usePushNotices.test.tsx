// @vitest-environment happy-dom
// What the list hears from a pushed change (pushed the way main does, one state:delta): a newly
// refused direction once, a counter that left; and a row that grows a second line.
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appState, counter, IDS, organisation, renderPushable, work } from '../fixtures';

afterEach(cleanup);

const notice = () => document.querySelector('.notice')?.textContent ?? '';

describe('what the list hears from a pushed change', () => {
  it('tells a newly refused direction once, nothing for a new value, and a counter that left', async () => {
    const { pushCounter, push } = await renderPushable({ ...appState(), organise: organisation({ groups: work(false) }) });
    pushCounter(IDS.pushUps, { value: 41 });
    expect(notice()).toBe('');
    pushCounter(IDS.pushUps, { refused: { decrement: 'only up' } });
    expect(notice()).toBe('Push-ups only counts up; the −1 was not made.');
    push((s) => ({ ...s, core: { ...s.core!, counters: s.core!.counters.filter((c) => c.id !== IDS.trip) } }));
    expect(notice()).toBe('“Until the trip” is no longer shared with you.');
  });

  it('a row that gains a second line makes the list taller by it, and shorter again when it goes', async () => {
    const many = Array.from({ length: 150 }, (_, i) => counter({ id: `019a4f2e-8c00-7d3a-9b1e-${i.toString(16).padStart(12, '0')}`, name: `Counter ${i}`, type: 'UpDown', value: i }));
    const far = many[120]!.id;
    const { pushCounter } = await renderPushable({ ...appState({ counters: many }), organise: organisation({ groups: [{ id: 'g1', name: 'Ten', folded: false, counters: many.slice(0, 10).map((c) => c.id) }] }) });
    const height = () => document.getElementById('counter-list')!.style.height;
    expect(height()).toBe(`${150 * 36 + 2 * 28}px`);
    pushCounter(far, { value: 1000 });
    expect(height()).toBe(`${150 * 36 + 2 * 28}px`);
    pushCounter(far, { error: { kind: 'rejected', message: 'refused' } });
    expect(height()).toBe(`${149 * 36 + 48 + 2 * 28}px`);
    pushCounter(far, { error: undefined });
    expect(height()).toBe(`${150 * 36 + 2 * 28}px`);
  });
});
