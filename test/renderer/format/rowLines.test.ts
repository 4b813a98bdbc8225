import { describe, expect, it } from 'vitest';
import { secondLineAsker, type LineContext } from '../../../src-renderer/format/rowLines';

describe('second lines', () => {
  const upDown = (id: string) => ({ id, type: 'UpDown' as const, value: 0, name: id, pending: false, refused: {} });
  const context = (over: Partial<LineContext> = {}): LineContext => ({ today: undefined, offer: undefined, reset: undefined, extras: undefined, clicksWait: false, ...over });
  const goal = { target: 8, period: 'day' as const, count: 'all' as const, done: 0 };

  it('come from what is keyed by the counter: a goal, a change today, an offer; a change of 0 says nothing', () => {
    const ask = secondLineAsker(context({ today: { a: 2, z: 0 }, extras: { goals: { b: goal }, milestonesMuted: [], today: '2026-11-27' } }));
    expect(['a', 'b', 'z', 'c'].map((id) => ask(upDown(id)))).toEqual([true, true, false, false]);
  });

  it('the row where "Add…" is open gets one for its hint or problem; the others do not', () => {
    const ask = secondLineAsker(context({ amountFor: 'a' }));
    expect(['a', 'b'].map((id) => ask(upDown(id)))).toEqual([true, false]);
  });

  it('count only own entries: a counter named like a prototype property gets no line from an empty context', () => {
    const ids = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    const ask = secondLineAsker(context({ today: {}, extras: { goals: {}, milestonesMuted: [], today: '2026-11-27' } }));
    expect(ids.map((id) => ask(upDown(id)))).toEqual([false, false, false, false]);
    // Control: the same ids with a change today do get one.
    const withChanges = secondLineAsker(context({ today: Object.fromEntries(ids.filter((id) => id !== '__proto__').map((id) => [id, 1])) }));
    expect(ids.map((id) => withChanges(upDown(id)))).toEqual([true, true, false, true]);
  });
});
