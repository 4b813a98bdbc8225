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
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** A checker for one set: compiled patterns are kept, so each is built once per preload. */
export function createShapeChecker(defs: readonly Checked[]) {
  const patterns = new Map<string, RegExp>();
  const patternOf = (source: string) => {
    let found = patterns.get(source);
    if (!found) patterns.set(source, (found = new RegExp(source)));
    return found;
  };

  const resolve = (shape: Checked): Checked => (shape.t === 'ref' ? resolve(defs[shape.id] ?? { t: 'null' }) : shape);

  function check(shape: Checked, value: unknown): Checked$<unknown> {
    const result = checkShape(shape, value);
    if (!result.ok || !shape.refine) return result;
    return shape.refine.every((name) => (REFINEMENTS[name] as (v: never) => boolean)(result.value as never)) ? result : FAIL;
  }

  function checkShape(shape: Checked, value: unknown): Checked$<unknown> {
    switch (shape.t) {
      case 'ref': {
        const target = defs[shape.id];
        return target ? check(target, value) : FAIL;
      }
      case 'string': {
        if (typeof value !== 'string') return FAIL;
        if (shape.min !== undefined && value.length < shape.min) return FAIL;
        if (shape.max !== undefined && value.length > shape.max) return FAIL;
        if (shape.pattern !== undefined && !patternOf(shape.pattern).test(value)) return FAIL;
        return shape.url ? url(value) : { ok: true, value };
      }
      case 'number': {
        if (typeof value !== 'number' || !Number.isFinite(value)) return FAIL;
        if (shape.int && !Number.isSafeInteger(value)) return FAIL;
        if (shape.min !== undefined && (shape.minExclusive ? value <= shape.min : value < shape.min)) return FAIL;
        if (shape.max !== undefined && (shape.maxExclusive ? value >= shape.max : value > shape.max)) return FAIL;
        return { ok: true, value };
      }
      case 'boolean':
        return typeof value === 'boolean' ? { ok: true, value } : FAIL;
      case 'null':
        return value === null ? { ok: true, value } : FAIL;
      case 'unknown':
        return { ok: true, value };
      case 'literal':
      case 'enum':
        return (shape.values as unknown[]).includes(value) ? { ok: true, value } : FAIL;
      case 'optional':
        return value === undefined ? { ok: true, value } : check(shape.of, value);
      case 'nullable':
        return value === null ? { ok: true, value } : check(shape.of, value);
      case 'union':
        for (const option of shape.of) {
          const result = check(option, value);
          if (result.ok) return result;
        }
        return FAIL;
      case 'array': {
        if (!Array.isArray(value)) return FAIL;
        if (shape.min !== undefined && value.length < shape.min) return FAIL;
        if (shape.max !== undefined && value.length > shape.max) return FAIL;
        const out: unknown[] = [];
        for (const item of value) {
          const result = check(shape.of, item);
          if (!result.ok) return FAIL;
          out.push(result.value);
        }
        return { ok: true, value: out };
      }
      case 'object': {
        if (!isObject(value)) return FAIL;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(shape.keys)) {
          const result = check(shape.keys[key] as Checked, value[key]);
          if (!result.ok) return FAIL;
          // Like zod: an absent optional key stays absent; anything the contract does not name is dropped.
          if (result.value !== undefined || hasOwn(value, key)) out[key] = result.value;
        }
        if (shape.strict && Object.keys(value).some((key) => !hasOwn(shape.keys, key))) return FAIL;
        return { ok: true, value: out };
      }
      case 'record': {
        if (!isObject(value)) return FAIL;
        const out: Record<string, unknown> = {};
        const key = resolve(shape.key);
        // zod: a record keyed by an enum wants each of its keys and no other (unless partial).
        const keys = shape.exhaustive && key.t === 'enum' ? key.values.map(String) : Object.keys(value);
        if (shape.exhaustive && Object.keys(value).some((k) => !keys.includes(k))) return FAIL;
        for (const k of keys) {
          // Never copied, never judged (zod skips it too): assigning it would replace the result's prototype.
          if (k === '__proto__') continue;
          if (!check(shape.key, k).ok) return FAIL;
          const result = check(shape.value, value[k]);
          if (!result.ok) return FAIL;
          out[k] = result.value;
        }
        return { ok: true, value: out };
      }
    }
  }

  return check;
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
