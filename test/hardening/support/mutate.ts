// Arbitraries that produce hostile variants of a valid JSON value: a field dropped, a
// field's type swapped, a value replaced by something odd, an extra field (including
// `__proto__`), nesting wrapped around it. Fuzzers combine them with plain random JSON.
import fc from 'fast-check';

/** Values that break naive code: wrong types, huge and fractional numbers, odd strings. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', '0', 'NaN', '2.0', '__proto__', 'constructor'),
  fc.constantFrom([], {}, [[]], { toString: 'x' }, { valueOf: 1 }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every path to a value inside `value` (objects and arrays), the root included. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...paths(item, [...prefix, i])));
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  return out;
}

function setAt(root: Json, path: (string | number)[], replace: (current: Json) => Json | typeof REMOVE): Json {
  if (path.length === 0) {
    const next = replace(root);
    return next === REMOVE ? undefined : next;
  }
  const copy: Json = structuredClone(root);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  const next = replace(parent[last]);
  if (next === REMOVE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    // defineProperty, so a key like "__proto__" becomes a real own field, as JSON.parse makes it.
    Object.defineProperty(parent, last, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const REMOVE = Symbol('remove');

/** One hostile edit of `valid`. */
export function mutationOf(valid: Json): fc.Arbitrary<Json> {
  const all = paths(valid);
  const at = fc.constantFrom(...all);
  const inner = all.filter((path) => path.length > 0);
  return fc.oneof(
    fc.tuple(at, oddValue).map(([path, odd]) => setAt(valid, path, () => odd)),
    inner.length > 0 ? fc.constantFrom(...inner).map((path) => setAt(valid, path, () => REMOVE)) : fc.constant(valid),
    fc.tuple(at, fc.oneof(fc.string({ maxLength: 12 }), fc.constant('__proto__'), fc.constant('constructor')), oddValue).map(([path, key, odd]) =>
      setAt(valid, path, (current) => {
        if (!isRecord(current)) return current;
        const copy = { ...current };
        Object.defineProperty(copy, key, { value: odd, enumerable: true, writable: true, configurable: true });
        return copy;
      }),
    ),
    fc.constantFrom((v: Json) => [v], (v: Json) => ({ data: v }), (v: Json) => JSON.stringify(v)).map((wrap) => wrap(valid)),
  );
}

/** Several hostile edits in a row. */
export function mutated(valid: Json, depth = 3): fc.Arbitrary<Json> {
  if (depth === 0) return fc.constant(valid);
  return mutationOf(valid).chain((once) => fc.oneof(fc.constant(once), mutated(once, depth - 1)));
}

/** Text as a server or a socket could send it: JSON of a value, or raw bytes that are not JSON at all. */
export function asWireText(value: fc.Arbitrary<Json>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => JSON.stringify(v) ?? 'undefined') },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: value.map((v) => (JSON.stringify(v) ?? '').slice(0, -1)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '{', '[', '"', '\u0000', '{"jsonrpc":"2.0"', '1e999', '-', 'NaN', 'Infinity', '\uFEFF[]') },
  );
}
