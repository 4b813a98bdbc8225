// Lists patched from another: what a reader of each push may skip rests on these answers, so a
// place they leave out is a change never shown, and a list they call patched that is not is a
// removed counter never noticed.
import { describe, expect, it } from 'vitest';
import { keyIndexOf, patchList, patchedPlaces } from '../../../src-shared/domain/patched-lists';

type Item = { id: string; value: number };
const idOf = (item: Item) => item.id;
const list = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, value: i }));

describe('patched lists', () => {
  it('a patch copies the list, replaces the given places, and names them', () => {
    const base = list(5);
    const next = patchList(base, new Map([[3, { id: 'c3', value: 30 }]]), idOf);
    expect(next).not.toBe(base);
    expect(next.map((c) => c.value)).toEqual([0, 1, 2, 30, 4]);
    expect(base[3]!.value).toBe(3);
    expect(next.filter((c, i) => c !== base[i])).toEqual([{ id: 'c3', value: 30 }]);
    expect(patchedPlaces(base, next)).toEqual([3]);
    expect(patchedPlaces(base, base)).toEqual([]);
  });

  it('names every place replaced over several patches, and none for a list that was not patched from it', () => {
    const base = list(6);
    const one = patchList(base, new Map([[1, { id: 'c1', value: 10 }]]), idOf);
    const two = patchList(one, new Map([[4, { id: 'c4', value: 40 }]]), idOf);
    const three = patchList(two, new Map([[1, { id: 'c1', value: 11 }]]), idOf);
    expect([...patchedPlaces(base, three)!].sort()).toEqual([1, 4]);
    expect(patchedPlaces(one, three)).toEqual(expect.arrayContaining([1, 4]));
    // Not a patch of it: the same ids in a copy, a list going the other way, another list.
    expect(patchedPlaces(base, base.slice())).toBeNull();
    expect(patchedPlaces(three, base)).toBeNull();
    expect(patchedPlaces(list(6), three)).toBeNull();
  });

  it('gives up past a long chain of patches rather than walking back through every push', () => {
    const base = list(3);
    let next = base;
    for (let i = 0; i < 40; i += 1) next = patchList(next, new Map([[i % 3, { id: `c${i % 3}`, value: i }]]), idOf);
    expect(patchedPlaces(base, next)).toBeNull();
  });

  it('refuses a replacement with another key: readers rely on every key staying in its place', () => {
    expect(() => patchList(list(3), new Map([[1, { id: 'c2', value: 2 }]]), idOf)).toThrow(/key c2/);
    expect(() => patchList(list(3), new Map([[7, { id: 'c7', value: 7 }]]), idOf)).toThrow();
  });

  it('finds each key’s first place, and a patched list finds them through the same index', () => {
    const base = [...list(4), { id: 'c1', value: 99 }];
    const index = keyIndexOf(base, idOf);
    expect([index.get('c0'), index.get('c1'), index.get('c3'), index.get('nope')]).toEqual([0, 1, 3, undefined]);
    const next = patchList(base, new Map([[2, { id: 'c2', value: 20 }]]), idOf);
    expect(keyIndexOf(next, idOf)).toBe(index);
    expect(keyIndexOf(base.slice(), idOf)).not.toBe(index);
  });
});
