// The contract's schemas as plain data, and the one function that checks a value against
// them in the preload. zod's own parser is ~250 KB of code to compile before the page may
// run, on every popup load; the schemas themselves are a few KB once written down as data.
// So the build writes each schema down (describe-schema.ts, from the zod schemas of
// src-shared/ipc/contract.ts: nothing is written twice) and the preload checks with this
// interpreter, which accepts and strips exactly as zod does (test/preload/shape.test.ts
// compares the two on the contract's own schemas). zod-free: nothing here imports zod.
import { movesOneRevision } from '../../src-shared/ipc/revision';

/** Rules beyond the shape, by name: a schema's `.refine()` the describer recognised. */
export const REFINEMENTS = { movesOneRevision } as const;
export type RefinementName = keyof typeof REFINEMENTS;

export type Shape =
  | { t: 'string'; min?: number; max?: number; pattern?: string; url?: true }
  | { t: 'number'; int?: true; min?: number; minExclusive?: true; max?: number; maxExclusive?: true }
  | { t: 'boolean' }
  | { t: 'null' }
  | { t: 'unknown' }
  | { t: 'literal'; values: (string | number | boolean | null)[] }
  | { t: 'enum'; values: (string | number)[] }
  | { t: 'array'; of: Shape; min?: number; max?: number }
  | { t: 'object'; keys: Record<string, Shape>; strict?: true }
  | { t: 'record'; key: Shape; value: Shape; exhaustive?: true }
  | { t: 'optional'; of: Shape }
  | { t: 'nullable'; of: Shape }
  | { t: 'union'; of: Shape[] }
  /** A shape used in several places, written once: `defs[id]`. */
  | { t: 'ref'; id: number };

/** A shape and the rules refined onto it. */
export type Checked = Shape & { refine?: RefinementName[] };

/** Several schemas described together share their repeated parts. */
export interface ShapeSet<K extends string> {
  defs: Checked[];
  roots: Record<K, Checked>;
}

export type Checked$<T> = { ok: true; value: T } | { ok: false };

const FAIL = { ok: false } as const;
/** A plain record to read keys of: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** What a compiled check returns when the value does not fit (no value can be this symbol). */
export const REFUSED: unique symbol = Symbol('refused');
/** A shape compiled to a function: the checked (stripped) value, or REFUSED. */
export type Compiled = (value: unknown) => unknown;

/** One key of an object shape and its compiled check. */
export interface Field {
  key: string;
  check: Compiled;
  /** Whether the check takes every string as it is (a plain string, optional or not): a reader may step over one unread. */
  anyText: boolean;
  /** Whether it takes every integer as it is (a number with no bounds, optional or not). */
  anyInteger: boolean;
}

export interface ShapeChecker {
  (shape: Checked, value: unknown): Checked$<unknown>;
  /**
   * An object shape's keys with their compiled checks, for a caller that reads an object key by key
   * and keeps nothing else (what the object check adds, keeping the value itself when nothing is
   * stripped, it does not need); null for a shape that is not simply that (strict, refined, not an object).
   */
  fieldsOf(shape: Checked): Field[] | null;
}

/**
 * A checker for one set. Each shape is compiled once into a function that checks without looking
 * the shape up again (its keys, options and patterns read when compiled), and answers the value or
 * a refusal rather than a result object per value: a state of 5 000 counters is checked in the
 * time a tenth of them took when interpreted. What it accepts and strips is the same. A part that
 * needs no stripping is answered as it came (the preload's input is fresh data from IPC, which
 * nothing else holds): only what changed is copied.
 */
export function createShapeChecker(defs: readonly Checked[]): ShapeChecker {
  const compiled = new Map<Checked, Compiled>();

  const resolve = (shape: Checked): Checked => (shape.t === 'ref' ? resolve(defs[shape.id] ?? { t: 'null' }) : shape);

  function compile(shape: Checked): Compiled {
    const found = compiled.get(shape);
    if (found) return found;
    // A ref is compiled on its first use, not here: a shape that contains itself still compiles.
    const body = withRefinements(shape, compileShape(shape));
    compiled.set(shape, body);
    return body;
  }

  function withRefinements(shape: Checked, checkShape: Compiled): Compiled {
    const refine = shape.refine;
    if (!refine) return checkShape;
    const rules = refine.map((name) => REFINEMENTS[name] as (v: never) => boolean);
    return (value) => {
      const result = checkShape(value);
      return result === REFUSED || rules.every((rule) => rule(result as never)) ? result : REFUSED;
    };
  }

  function compileShape(shape: Checked): Compiled {
    switch (shape.t) {
      case 'ref': {
        const target = defs[shape.id];
        if (!target) return () => REFUSED;
        let inner: Compiled | undefined;
        return (value) => (inner ??= compile(target))(value);
      }
      case 'string': {
        const { min, max, url: isUrl } = shape;
        const pattern = shape.pattern === undefined ? undefined : new RegExp(shape.pattern);
        return (value) => {
          if (typeof value !== 'string') return REFUSED;
          if (min !== undefined && value.length < min) return REFUSED;
          if (max !== undefined && value.length > max) return REFUSED;
          if (pattern !== undefined && !pattern.test(value)) return REFUSED;
          if (!isUrl) return value;
          const checked = url(value);
          return checked.ok ? checked.value : REFUSED;
        };
      }
      case 'number': {
        const { int, min, minExclusive, max, maxExclusive } = shape;
        return (value) => {
          if (typeof value !== 'number' || !Number.isFinite(value)) return REFUSED;
          if (int && !Number.isSafeInteger(value)) return REFUSED;
          if (min !== undefined && (minExclusive ? value <= min : value < min)) return REFUSED;
          if (max !== undefined && (maxExclusive ? value >= max : value > max)) return REFUSED;
          return value;
        };
      }
      case 'boolean':
        return (value) => (typeof value === 'boolean' ? value : REFUSED);
      case 'null':
        return (value) => (value === null ? value : REFUSED);
      case 'unknown':
        return (value) => value;
      case 'literal':
      case 'enum': {
        const values = shape.values as unknown[];
        return (value) => (values.includes(value) ? value : REFUSED);
      }
      case 'optional': {
        const of = compile(shape.of);
        return (value) => (value === undefined ? value : of(value));
      }
      case 'nullable': {
        const of = compile(shape.of);
        return (value) => (value === null ? value : of(value));
      }
      case 'union': {
        const options = shape.of.map(compile);
        return (value) => {
          for (const option of options) {
            const result = option(value);
            if (result !== REFUSED) return result;
          }
          return REFUSED;
        };
      }
      case 'array': {
        const { min, max } = shape;
        const of = compile(shape.of);
        return (value) => {
          if (!Array.isArray(value)) return REFUSED;
          if (min !== undefined && value.length < min) return REFUSED;
          if (max !== undefined && value.length > max) return REFUSED;
          // Copied only from the first item the check changed (stripped): main's lists usually come back as they are.
          let out: unknown[] | undefined;
          for (let i = 0; i < value.length; i += 1) {
            const item: unknown = value[i];
            const result = of(item);
            if (result === REFUSED) return REFUSED;
            if (out === undefined && result !== item) out = value.slice(0, i);
            if (out !== undefined) out.push(result);
          }
          return out ?? value;
        };
      }
      case 'object': {
        const keys = shape.keys;
        const names = Object.keys(keys);
        const checks = names.map((key) => compile(keys[key] as Checked));
        const strict = shape.strict === true;
        return (value) => {
          if (!isObject(value)) return REFUSED;
          // The value itself when it already is what the check would build (a plain object with only
          // the contract's keys, each unchanged): a state of 5 000 counters is then not copied here.
          let out: Record<string, unknown> | undefined;
          let present = 0;
          for (let i = 0; i < names.length; i += 1) {
            const key = names[i]!;
            const given = value[key];
            const result = checks[i]!(given);
            if (result === REFUSED) return REFUSED;
            const has = given !== undefined || hasOwn(value, key);
            if (has) present += 1;
            if (out === undefined && result !== given) out = copyKeys(value, names, i);
            // Like zod: an absent optional key stays absent; anything the contract does not name is dropped.
            if (out !== undefined && (result !== undefined || has)) out[key] = result;
          }
          const own = Object.keys(value);
          const extra = own.length !== present || own.some((key) => !hasOwn(keys, key));
          if (strict && extra) return REFUSED;
          if (out === undefined && (extra || Object.getPrototypeOf(value) !== Object.prototype)) out = copyKeys(value, names, names.length);
          return out ?? value;
        };
      }
      case 'record': {
        const keyShape = resolve(shape.key);
        const checkKey = compile(shape.key);
        const checkValue = compile(shape.value);
        // zod: a record keyed by an enum wants each of its keys and no other (unless partial).
        const exhaustive = shape.exhaustive && keyShape.t === 'enum' ? keyShape.values.map(String) : undefined;
        return (value) => {
          if (!isObject(value)) return REFUSED;
          // As for objects: a copy only from the first entry that is not as it came.
          let out: Record<string, unknown> | undefined = Object.getPrototypeOf(value) === Object.prototype ? undefined : {};
          const keys = exhaustive ?? Object.keys(value);
          if (exhaustive && Object.keys(value).some((k) => !exhaustive.includes(k))) return REFUSED;
          for (let i = 0; i < keys.length; i += 1) {
            const k = keys[i]!;
            // Never copied, never judged (zod skips it too): assigning it would replace the result's prototype.
            if (k === '__proto__') {
              out ??= copyEntries(value, keys, i);
              continue;
            }
            if (checkKey(k) === REFUSED) return REFUSED;
            const given = value[k];
            const result = checkValue(given);
            if (result === REFUSED) return REFUSED;
            if (out === undefined && (result !== given || !hasOwn(value, k))) out = copyEntries(value, keys, i);
            if (out !== undefined) out[k] = result;
          }
          return out ?? value;
        };
      }
    }
  }

  function check(shape: Checked, value: unknown): Checked$<unknown> {
    const result = compile(shape)(value);
    return result === REFUSED ? FAIL : { ok: true, value: result };
  }

  function fieldsOf(shape: Checked): Field[] | null {
    if (shape.refine) return null;
    const resolved = resolve(shape);
    if (resolved.t !== 'object' || resolved.strict || resolved.refine) return null;
    return Object.entries(resolved.keys).map(([key, keyShape]) => ({ key, check: compile(keyShape), anyText: takesAnyText(keyShape), anyInteger: takesAnyInteger(keyShape) }));
  }

  /** The shape under optional and nullable, or null when a rule is refined onto it on the way. */
  const bare = (shape: Checked): Checked | null => {
    const resolved = resolve(shape);
    return resolved.refine ? null : resolved.t === 'optional' || resolved.t === 'nullable' ? bare(resolved.of) : resolved;
  };
  const takesAnyText = (shape: Checked): boolean => {
    const s = bare(shape);
    return s?.t === 'string' && s.min === undefined && s.max === undefined && s.pattern === undefined && !s.url;
  };
  const takesAnyInteger = (shape: Checked): boolean => {
    const s = bare(shape);
    return s?.t === 'number' && s.min === undefined && s.max === undefined;
  };

  return Object.assign(check, { fieldsOf }) satisfies ShapeChecker;
}

/** A new object with the contract keys `names[0 … end)` the value has (checked unchanged already). */
function copyKeys(value: Record<string, unknown>, names: readonly string[], end: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < end; i += 1) {
    const key = names[i]!;
    if (value[key] !== undefined || hasOwn(value, key)) out[key] = value[key];
  }
  return out;
}

/** A new record with the entries `keys[0 … end)` of the value (checked unchanged already; never `__proto__`). */
function copyEntries(value: Record<string, unknown>, keys: readonly string[], end: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < end; i += 1) if (keys[i] !== '__proto__') out[keys[i]!] = value[keys[i]!];
  return out;
}

/** zod's url check: what the URL parser accepts once trimmed, handed on trimmed and without tabs or line breaks. */
function url(text: string): Checked$<string> {
  const trimmed = text.trim();
  try {
    new URL(trimmed);
  } catch {
    return FAIL;
  }
  return { ok: true, value: trimmed.replace(/[\t\n\r]/g, '') };
}
