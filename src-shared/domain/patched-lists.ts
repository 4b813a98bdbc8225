// Lists made from another by replacing a few elements: the same length, every other element the
// same object, every element keyed as before. A state push changes one counter of thousands;
// whatever reads the list on each push (the popup's arrangement, row heights, notices) can ask
// which places were replaced instead of walking every element, and find an element by its key
// through an index built once and handed on from list to patched list.

interface Patch {
  /** Weak: a patched list must not keep every list before it alive. */
  base: WeakRef<readonly unknown[]>;
  at: readonly number[];
}

const patches = new WeakMap<readonly unknown[], Patch>();
const keyIndexes = new WeakMap<readonly unknown[], ReadonlyMap<string, number>>();
/** Lists further back than this are compared the slow way: a reader has missed more than a burst. */
const MAX_STEPS = 16;

/**
 * A copy of `base` with the elements at the given places replaced. Each replacement must have the
 * key of the element it replaces (a counter's new state, by id): that is what lets readers skip
 * the other places, so a different key throws.
 */
export function patchList<T>(base: readonly T[], replacements: ReadonlyMap<number, T>, keyOf: (element: T) => string): T[] {
  const next = base.slice();
  for (const [at, element] of replacements) {
    const old = base[at];
    if (old === undefined || keyOf(old) !== keyOf(element)) throw new Error(`patchList: place ${at} does not hold the key ${keyOf(element)}`);
    next[at] = element;
  }
  patches.set(next, { base: new WeakRef(base), at: [...replacements.keys()] });
  const index = keyIndexes.get(base);
  if (index) keyIndexes.set(next, index);
  return next;
}

/**
 * The places where `after` may hold another element than `before` when `after` was patched from
 * `before` (in one step or a few); null when it was not, or the chain is lost: compare every place.
 */
export function patchedPlaces(before: readonly unknown[], after: readonly unknown[]): readonly number[] | null {
  if (before === after) return [];
  const places = new Set<number>();
  let list = after;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const patch = patches.get(list);
    const base = patch?.base.deref();
    if (!patch || !base) return null;
    for (const at of patch.at) places.add(at);
    if (base === before) return [...places];
    list = base;
  }
  return null;
}

/** Each key's place in `list`: built on first use, then shared by the lists patched from it (a patch keeps every key in its place). */
export function keyIndexOf<T>(list: readonly T[], keyOf: (element: T) => string): ReadonlyMap<string, number> {
  let index = keyIndexes.get(list);
  if (!index) {
    const built = new Map<string, number>();
    // The first place of a key, as findIndex would answer.
    for (let i = list.length - 1; i >= 0; i -= 1) built.set(keyOf(list[i]!), i);
    index = built;
    keyIndexes.set(list, index);
  }
  return index;
}
