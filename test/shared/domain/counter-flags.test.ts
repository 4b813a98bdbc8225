// Which directions the server refused since the last list: told once, when it happens. A list
// after none (the first state, or one after an empty answer) tells nothing, without a look at
// each of its counters; a refusal that appears on a counter already listed is told.
import { describe, expect, it } from 'vitest';
import { newlyRefused } from '../../../src-shared/domain/counter-flags';

const row = (id: string, refused: { increment?: string; decrement?: string } = {}) => ({ id, name: `Counter ${id}`, refused });

describe('newlyRefused', () => {
  it('tells nothing for a list after none, refusals included', () => {
    expect(newlyRefused([], [row('a', { increment: 'limit' }), row('b')])).toEqual([]);
  });

  it('tells a refusal that appears on a listed counter, in place or after a reorder, and not one already known', () => {
    const before = [row('a'), row('b', { decrement: 'floor' })];
    expect(newlyRefused(before, [row('a', { increment: 'limit' }), before[1]!])).toEqual([{ id: 'a', name: 'Counter a', direction: 'increment' }]);
    expect(newlyRefused(before, [row('b', { decrement: 'floor' }), row('a', { increment: 'limit' })])).toEqual([{ id: 'a', name: 'Counter a', direction: 'increment' }]);
    expect(newlyRefused(before, [row('a'), row('b', { decrement: 'floor' })])).toEqual([]);
  });
});
