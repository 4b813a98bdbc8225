// Writes zod schemas down as shapes (shape.ts) for the preload: run by the build
// (scripts/build-options.mjs) and by the tests, never in the popup. Only what the contract's
// answers and events use is understood; anything else (a transform, a default, a new string
// format, an unnamed refine) stops the build with the schema's path, so a schema change can
// never be checked more loosely in the preload than zod would check it.
import type { z } from 'zod';
import { REFINEMENTS, type Checked, type RefinementName, type Shape, type ShapeSet } from './shape';

type AnySchema = z.core.$ZodType;
interface Def {
  type: string;
  checks?: AnySchema[];
  [key: string]: unknown;
}

const defOf = (schema: AnySchema): Def => schema._zod.def as unknown as Def;
const checkDef = (check: unknown): Def & { check?: string } => (check as { _zod: { def: Def & { check?: string } } })._zod.def;
const refinementName = (fn: unknown): RefinementName | undefined => (Object.keys(REFINEMENTS) as RefinementName[]).find((name) => REFINEMENTS[name] === fn);

/** Describes several schemas at once; a schema met more than once (CounterState, Settings, …) is written once and referred to. */
export function describeSchemas<K extends string>(schemas: Record<K, AnySchema>): ShapeSet<K> {
  const seen = new Map<AnySchema, number>();
  const count = (schema: AnySchema) => {
    seen.set(schema, (seen.get(schema) ?? 0) + 1);
    if ((seen.get(schema) ?? 0) > 1) return;
    for (const child of children(schema)) count(child);
  };
  for (const schema of Object.values<AnySchema>(schemas)) count(schema);

  const defs: Checked[] = [];
  const ids = new Map<AnySchema, number>();
  const describe = (schema: AnySchema, path: string): Checked => {
    const shared = (seen.get(schema) ?? 0) > 1 && isComposite(schema);
    const known = ids.get(schema);
    if (shared && known !== undefined) return { t: 'ref', id: known };
    if (!shared) return describeOne(schema, path, describe);
    const id = defs.length;
    ids.set(schema, id);
    defs.push({ t: 'null' }); // placeholder until described: a schema may contain itself
    defs[id] = describeOne(schema, path, describe);
    return { t: 'ref', id };
  };
  const roots = {} as Record<K, Checked>;
  for (const key of Object.keys(schemas) as K[]) roots[key] = describe(schemas[key], key);
  return { defs, roots };
}

const isComposite = (schema: AnySchema) => ['object', 'array', 'union', 'record'].includes(defOf(schema).type);

function children(schema: AnySchema): AnySchema[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, AnySchema>);
    case 'array':
      return [def.element as AnySchema];
    case 'optional':
    case 'nullable':
      return [def.innerType as AnySchema];
    case 'union':
      return def.options as AnySchema[];
    case 'record':
      return [def.keyType as AnySchema, def.valueType as AnySchema];
    default:
      return [];
  }
}

function describeOne(schema: AnySchema, path: string, describe: (schema: AnySchema, path: string) => Checked): Checked {
  const def = defOf(schema);
  const refine: RefinementName[] = [];
  const unknownCheck = (what: string) => new Error(`describe-schema: ${path} has ${what}, which the preload's shapes do not know (src-main/preload/shape.ts)`);
  // A format carried by the schema itself (z.int(), z.guid(), z.iso.date()) and the checks chained onto it.
  const checks = [...(typeof def.check === 'string' ? [def] : []), ...(def.checks ?? []).map(checkDef)];
  const shape = ((): Shape => {
    switch (def.type) {
      case 'string': {
        const out: Extract<Shape, { t: 'string' }> = { t: 'string' };
        for (const check of checks) {
          if (check.check === 'max_length') out.max = check.maximum as number;
          else if (check.check === 'min_length') out.min = check.minimum as number;
          else if (check.check === 'string_format' && check.format === 'url' && !('hostname' in check) && !('protocol' in check) && !('normalize' in check) && checks.length === 1) out.url = true;
          else if (check.check === 'string_format' && check.pattern instanceof RegExp && !check.pattern.flags) out.pattern = check.pattern.source;
          else throw unknownCheck(`a string check ${String(check.check)} ${String(check.format ?? '')}`);
        }
        return out;
      }
      case 'number': {
        const out: Extract<Shape, { t: 'number' }> = { t: 'number' };
        for (const check of checks) {
          if (check.check === 'number_format' && check.format === 'safeint') out.int = true;
          else if (check.check === 'greater_than') Object.assign(out, { min: check.value as number }, check.inclusive ? {} : { minExclusive: true });
          else if (check.check === 'less_than') Object.assign(out, { max: check.value as number }, check.inclusive ? {} : { maxExclusive: true });
          else throw unknownCheck(`a number check ${String(check.check)} ${String(check.format ?? '')}`);
        }
        return out;
      }
      case 'array': {
        const out: Extract<Shape, { t: 'array' }> = { t: 'array', of: describe(def.element as AnySchema, `${path}[]`) };
        for (const check of checks) {
          if (check.check === 'max_length') out.max = check.maximum as number;
          else if (check.check === 'min_length') out.min = check.minimum as number;
          else if (check.check === 'custom' && refinementName(check.fn)) refine.push(refinementName(check.fn)!);
          else throw unknownCheck(`an array check ${String(check.check)}`);
        }
        return out;
      }
      case 'object': {
        const shapeOf = def.shape as Record<string, AnySchema>;
        const keys = Object.fromEntries(Object.entries(shapeOf).map(([key, value]) => [key, describe(value, `${path}.${key}`)]));
        const catchall = def.catchall as AnySchema | undefined;
        if (catchall && defOf(catchall).type !== 'never') throw unknownCheck('a catchall');
        return catchall ? { t: 'object', keys, strict: true } : { t: 'object', keys };
      }
      case 'record': {
        const key = describe(def.keyType as AnySchema, `${path}{key}`);
        const value = describe(def.valueType as AnySchema, `${path}{}`);
        // zod: a record keyed by an enum needs every key, unless it is a partialRecord.
        return key.t === 'enum' && def.mode !== 'loose' && !def.partial ? { t: 'record', key, value, exhaustive: true } : { t: 'record', key, value };
      }
      case 'optional':
      case 'nullable':
        return { t: def.type, of: describe(def.innerType as AnySchema, path) };
      case 'union':
        // A discriminated union's options exclude one another, so "the first that fits" is zod's answer too.
        return { t: 'union', of: (def.options as AnySchema[]).map((option, i) => describe(option, `${path}|${i}`)) };
      case 'enum':
        return { t: 'enum', values: Object.values(def.entries as Record<string, string | number>) };
      case 'literal':
        return { t: 'literal', values: [...(def.values as (string | number | boolean | null)[])] };
      case 'boolean':
      case 'null':
      case 'unknown':
        return { t: def.type };
      default:
        throw unknownCheck(`type ${def.type}`);
    }
  })();
  // Refinements on anything but arrays (objects: StateDelta's one revision step).
  if (def.type !== 'array' && def.type !== 'string' && def.type !== 'number') {
    for (const check of (def.checks ?? []).map(checkDef)) {
      const name = check.check === 'custom' ? refinementName(check.fn) : undefined;
      if (!name) throw unknownCheck(check.check === 'custom' ? 'a refine the preload cannot name (add it to REFINEMENTS in shape.ts)' : `a check ${String(check.check)}`);
      refine.push(name);
    }
  }
  return refine.length > 0 ? { ...shape, refine } : shape;
}
