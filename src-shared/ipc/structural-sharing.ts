// Plain-data comparison for what crosses IPC (structured-clone data: no functions,
// no cycles). Each hop hands over fresh objects; these helpers tell which parts are
// unchanged, so the preload need not re-validate them and the popup can keep the
// previous objects (memoized rows then see the same props and skip rendering).

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys whose value is not undefined: `{ a: undefined }` and `{}` carry the same data. */
function definedKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).filter((key) => record[key] !== undefined);
}

/** Deep equality of plain data (Object.is for leaves, so NaN equals NaN and 0 differs from -0). */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = definedKeys(a);
  return keys.length === definedKeys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]));
}

/**
 * `next`, with every part that equals the matching part of `previous` replaced by that
 * previous object, all the way up: an unchanged tree comes back as `previous` itself.
 * Arrays of objects with an `id` are matched by id, so an insertion does not make every
 * later item look changed.
 */
export function shareUnchanged<T>(previous: T, next: T): T {
  return share(previous, next) as T;
}

function share(previous: unknown, next: unknown): unknown {
  if (Object.is(previous, next)) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) return shareArray(previous, next);
  if (!isRecord(previous) || !isRecord(next)) return next;
  const keys = definedKeys(next);
  let same = keys.length === definedKeys(previous).length;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(next)) {
    const value = share(previous[key], next[key]);
    if (value !== previous[key] || (next[key] !== undefined && !Object.hasOwn(previous, key))) same = false;
    result[key] = value;
  }
  return same ? previous : result;
}

const idOf = (item: unknown): unknown => (isRecord(item) ? item.id : undefined);

function shareArray(previous: unknown[], next: unknown[]): unknown[] {
  // Nothing to keep (a first list of 5000 counters after an empty one): no look at each item.
  if (previous.length === 0) return next.length === 0 ? previous : next;
  let byId: Map<unknown, unknown> | undefined;
  let same = previous.length === next.length;
  const result = next.map((item, index) => {
    // Same position first (the common case: one value changed); else look the id up.
    let candidate = previous[index];
    const id = idOf(item);
    if (id !== undefined && idOf(candidate) !== id) {
      byId ??= new Map(previous.map((p) => [idOf(p), p]));
      candidate = byId.get(id);
    }
    const shared = share(candidate, item);
    if (shared !== previous[index]) same = false;
    return shared;
  });
  return same ? previous : result;
}
