// The preload checks main's messages with shapes written down from the contract's zod
// schemas (src-main/preload/shape.ts, describe-schema.ts) instead of carrying zod. That is
// safe only while a shape accepts, rejects and strips exactly as its schema does: compared
// here on every answer and event schema of the contract, with values generated from each
// shape and then broken one place at a time, and on the app's own states.
import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SHAPES, describeContract, type ContractShapeName } from '../../src-main/preload/contract-shapes';
import { describeSchemas } from '../../src-main/preload/describe-schema';
import { createShapeChecker, type Checked, type Checked$, type ShapeChecker } from '../../src-main/preload/shape';
import { createAppStateValidator } from '../../src-main/preload/state-validator';
import { packList } from '../../src-shared/ipc/packed-list';
import { unpackList } from '../../src-shared/ipc/packed-list-reader';
import { CounterState } from '../../src-shared/domain/snapshot';
import { AppState, IpcError, eventChannels, invokeChannels, type EventChannel, type InvokeChannel } from '../../src-shared/ipc/contract';
import { COFFEE_ID, TRIP_ID, counter, signedInState } from '../support/app-fakes';
import { z as zod } from 'zod';

const { defs, roots } = CONTRACT_SHAPES;
const COUNTER_KEYS = Object.keys(CounterState.shape);

/** A state's counters packed as main packs them, when they are a list of objects; any other value as it is. */
function packedAsMainWould(state: unknown): unknown {
  const core = (state as { core?: { counters?: unknown } } | null)?.core;
  const counters = core?.counters;
  if (!Array.isArray(counters) || !counters.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) return state;
  const keys = [...new Set([...COUNTER_KEYS, ...counters.flatMap((item: object) => Object.keys(item))])].filter((key) => key !== '__proto__');
  return { ...(state as object), core: { ...core, counters: packList(counters as Record<string, unknown>[], keys) } };
}
const check = createShapeChecker(defs);
const resolve = (shape: Checked): Checked => (shape.t === 'ref' ? resolve(defs[shape.id]!) : shape);

const schemas: Partial<Record<ContractShapeName, z.ZodType>> = { appState: AppState, counterState: CounterState, ipcError: IpcError };
for (const channel of Object.keys(invokeChannels) as InvokeChannel[]) schemas[`answer:${channel}`] = invokeChannels[channel].response;
for (const event of Object.keys(eventChannels) as EventChannel[]) schemas[`event:${event}`] = eventChannels[event];

/** Values of a shape, valid by construction (small: 3 items at most per list). */
function valid(shape: Checked): fc.Arbitrary<unknown> {
  const s = resolve(shape);
  const arbitrary = validShape(s);
  // The one refinement: a delta moves one revision.
  return s.refine?.includes('movesOneRevision') ? arbitrary.map((v) => ({ ...(v as { from: number }), to: (v as { from: number }).from + 1 })) : arbitrary;
}

function validShape(s: Checked): fc.Arbitrary<unknown> {
  switch (s.t) {
    case 'string':
      if (s.url) return fc.webUrl();
      if (s.pattern?.includes('[0-9a-fA-F]{8}')) return fc.uuid();
      if (s.pattern?.includes('02-29')) return fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      // The OS accent colour: six lowercase hex digits after '#'.
      if (s.pattern === '^#[0-9a-f]{6}$') return fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
      if (s.pattern) throw new Error(`no generator for the pattern ${s.pattern}`);
      return fc.string({ minLength: s.min ?? 0, maxLength: Math.min(s.max ?? 12, 12) });
    case 'number':
      return s.int ? fc.integer({ min: s.min ?? -1e6, max: s.max ?? 1e6 }) : fc.double({ min: s.min ?? -1e6, max: s.max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'unknown':
      return fc.jsonValue();
    case 'literal':
    case 'enum':
      return fc.constantFrom(...s.values);
    case 'optional':
      return fc.option(valid(s.of), { nil: undefined });
    case 'nullable':
      return fc.option(valid(s.of), { nil: null });
    case 'union':
      return fc.oneof(...s.of.map(valid));
    case 'array':
      return fc.array(valid(s.of), { minLength: s.min ?? 0, maxLength: Math.min(s.max ?? 3, 3) });
    case 'object': {
      const entries = Object.entries(s.keys);
      const required = entries.filter(([, v]) => resolve(v).t !== 'optional').map(([k]) => k);
      return fc.record(Object.fromEntries(entries.map(([k, v]) => [k, valid(v)])), { requiredKeys: required });
    }
    case 'record': {
      const key = resolve(s.key);
      if (s.exhaustive && key.t === 'enum') return fc.record(Object.fromEntries(key.values.map((k) => [String(k), valid(s.value)])));
      return fc.dictionary(valid(s.key) as fc.Arbitrary<string>, valid(s.value), { maxKeys: 3 });
    }
    default:
      throw new Error(`no generator for ${s.t}`);
  }
}

type Edit = { kind: 'replace' | 'nudge' | 'delete' | 'add'; at: number; with: unknown; key: string; nudge: number };

/** A near miss for a node: just past a bound, the wrong kind of number, one item too many. */
function nudged(node: unknown, which: number): unknown {
  const pick = <T,>(options: T[]) => options[which % options.length];
  if (typeof node === 'number') return pick([node + 1, node - 1, node + 0.5, -node - 1, node * 1e12, String(node)]);
  if (typeof node === 'string') return pick([node + 'x'.repeat(5000), '', `${node} `, node.slice(1), 42]);
  if (typeof node === 'boolean') return pick([!node, String(node), 0]);
  if (Array.isArray(node)) return pick([[...node, ...node, ...node, ...node, ...Array.from({ length: 100 }, () => node[0])], [], [null], node.slice(1)]);
  if (node && typeof node === 'object') return pick([{}, [], null, Object.values(node)]);
  return pick([0, '', false, {}]);
}

/** The value with one place broken: the `at`-th node (depth first) replaced or nudged, removed, or given an extra key. */
function broken(value: unknown, edit: Edit): unknown {
  let index = 0;
  const visit = (node: unknown): unknown => {
    const here = index++;
    if (here === edit.at) {
      if (edit.kind === 'replace') return edit.with;
      if (edit.kind === 'nudge') return nudged(node, edit.nudge);
      if (edit.kind === 'add' && typeof node === 'object' && node !== null && !Array.isArray(node)) return { ...node, [edit.key]: edit.with };
    }
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node).map(([k, v]) => [k, visit(v)] as const);
      const kept = edit.kind === 'delete' ? entries.filter((_, i) => !(here + 1 + i === edit.at)) : entries;
      return Object.fromEntries(kept);
    }
    return node;
  };
  return visit(value);
}

const editArb = fc.record({
  kind: fc.constantFrom<Edit['kind']>('replace', 'nudge', 'nudge', 'delete', 'add'),
  at: fc.nat({ max: 40 }),
  with: fc.oneof(fc.anything(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 60, 1.5, '', null, undefined, [], {})),
  key: fc.string({ maxLength: 8 }),
  nudge: fc.nat({ max: 30 }),
});

/** Both verdicts and, when both accept, the same value out (stripped alike). Answers zod's verdict. */
function agree(name: ContractShapeName, value: unknown, checker: (shape: Checked, value: unknown) => Checked$<unknown> = check, exactly = true): boolean {
  const expected = schemas[name]!.safeParse(value);
  const actual = checker(roots[name], value);
  expect(actual.ok, `${name}: zod says ${expected.success ? 'valid' : JSON.stringify(expected.error.issues[0])} for ${JSON.stringify(value)?.slice(0, 400)}`).toBe(expected.success);
  if (expected.success && actual.ok) {
    if (exactly) expect(actual.value).toStrictEqual(expected.data);
    else expect(actual.value).toEqual(expected.data);
  }
  return expected.success;
}

const runsFor = (name: ContractShapeName) => (name === 'appState' || name === 'answer:state:get' || name === 'event:state:delta' ? 300 : 100);

describe('contract shapes agree with the zod schemas they were written from', () => {
  it('describes every answer and event of the contract, and only those', () => {
    expect(Object.keys(roots).sort()).toEqual(Object.keys(schemas).sort());
    // The build writes the same description (scripts/build-options.mjs describeContractShapes): it is deterministic.
    expect(JSON.stringify(describeContract())).toBe(JSON.stringify(CONTRACT_SHAPES));
  });

  it.each(Object.keys(schemas) as ContractShapeName[])('%s: generated values, and each broken in one place', (name) => {
    let accepted = 0;
    fc.assert(
      fc.property(valid(roots[name]), editArb, (value, edit) => {
        if (agree(name, value)) accepted += 1;
        agree(name, broken(value, edit));
      }),
      { numRuns: runsFor(name) },
    );
    // The generator makes values zod accepts, so the broken ones are near misses, not noise.
    expect(accepted).toBe(runsFor(name));
  });

  it.each([
    ['strict objects', (shape: Record<string, unknown>) => delete shape.strict],
    ['lengths', (shape: Record<string, unknown>) => delete shape.max],
    ['integers', (shape: Record<string, unknown>) => delete shape.int],
    ['enums', (shape: Record<string, unknown>) => shape.t === 'enum' && Object.assign(shape, { t: 'unknown' })],
    ['the revision step', (shape: Record<string, unknown>) => delete shape.refine],
  ])('negative control: a checker that forgets %s disagrees with zod', (_name, weaken) => {
    const weakened = JSON.parse(JSON.stringify(CONTRACT_SHAPES), (_key, value: unknown) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) weaken(value as Record<string, unknown>);
      return value;
    }) as typeof CONTRACT_SHAPES;
    const weakCheck = createShapeChecker(weakened.defs);
    const names: ContractShapeName[] = ['appState', 'event:state:delta', 'answer:activity:detail', 'answer:settings:update'];
    const caught = names.some((name) => fc.check(fc.property(valid(roots[name]), editArb, (value, edit) => {
      agree(name, broken(value, edit), (_shape, v) => weakCheck(weakened.roots[name], v));
    }), { numRuns: 300, seed: 1 }).failed);
    expect(caught).toBe(true);
  });

  /**
   * The preload's state:get pass as the page reads it: checked and packed, then unpacked
   * (src-renderer/bridge/fromBridge.ts). `packedByMain`: the counters arrive packed, as main sends
   * them, with the contract's keys and any other key an item has (those take the unpack path).
   */
  function stateGetPass(checker: ShapeChecker, packedByMain = false) {
    const states = createAppStateValidator(checker, CONTRACT_SHAPES);
    return (_shape: Checked, value: unknown): Checked$<unknown> => {
      const result = states.validate(packedByMain ? packedAsMainWould(value) : value);
      if (!result.ok || !result.value.core) return result;
      const counters = unpackList(result.value.core.counters);
      return counters ? { ok: true, value: { ...result.value, core: { ...result.value.core, counters } } } : { ok: false };
    };
  }
  // Not strictly: an optional key given as undefined arrives absent, which reads the same.
  const agreesOnStates = (pass: ReturnType<typeof stateGetPass>, runs: number) =>
    fc.check(
      fc.property(valid(roots.appState), editArb, (value, edit) => {
        agree('appState', value, pass, false);
        agree('appState', broken(value, edit), pass, false);
      }),
      { numRuns: runs, seed: 1 },
    );

  it('the preload’s state:get pass, which checks the counters as it packs them, agrees with zod too', () => {
    fc.assert(fc.property(valid(roots.appState), editArb, (value, edit) => {
      agree('appState', value, stateGetPass(check), false);
      agree('appState', broken(value, edit), stateGetPass(check), false);
    }), { numRuns: 300 });
  });

  it('and so does it when main sends the counters packed', () => {
    fc.assert(fc.property(valid(roots.appState), editArb, (value, edit) => {
      agree('appState', value, stateGetPass(check, true), false);
      agree('appState', broken(value, edit), stateGetPass(check, true), false);
    }), { numRuns: 300 });
  });

  it.each([false, true])('negative control: a state:get pass that forgets to check a counter’s value disagrees with zod (packed by main: %s)', (packedByMain) => {
    const forgetful: ShapeChecker = Object.assign((shape: Checked, value: unknown) => check(shape, value), {
      fieldsOf: (shape: Checked) => check.fieldsOf(shape)?.map((field) => (field.key === 'value' ? { ...field, check: (v: unknown) => v } : field)) ?? null,
    });
    expect(agreesOnStates(stateGetPass(forgetful, packedByMain), 300).failed).toBe(true);
  });

  it('negative control: a packed pass that steps over every text unread (not only the fields that take any text) disagrees with zod', () => {
    const skimming: ShapeChecker = Object.assign((shape: Checked, value: unknown) => check(shape, value), {
      fieldsOf: (shape: Checked) => check.fieldsOf(shape)?.map((field) => ({ ...field, anyText: true })) ?? null,
    });
    expect(agreesOnStates(stateGetPass(skimming, true), 300).failed).toBe(true);
  });

  it('agree on the app’s own states and on what the preload tests feed it', () => {
    const state = signedInState([counter(COFFEE_ID, 'Coffees', 3), { ...counter(TRIP_ID, 'Trip', 9), refused: { increment: 'limit' }, error: { kind: 'unconfirmed', message: 'm', amount: 2 } }], [COFFEE_ID]);
    agree('appState', state);
    agree('appState', { ...state, secret: 'x' });
    agree('appState', { ...state, core: null });
    agree('appState', { ...state, settings: { ...state.settings, serverUrl: 'not a url' } });
    agree('appState', { ...state, revision: -1 });
    agree('event:state:delta', { from: 1, to: 2, changed: { theme: 'dark' } });
    agree('event:state:delta', { from: 1, to: 3, changed: {} });
    agree('event:state:delta', { from: 1, to: 2, changed: {}, core: null });
    agree('ipcError', { code: 'x', message: 'y', words: { key: 'k', values: { a: 1, b: 'two' } } });
    agree('counterState', { ...counter(COFFEE_ID, 'Coffees', 3), value: Number.NaN });
    // A key named __proto__ (JSON.parse and structuredClone make it an own key) never becomes the output's prototype.
    const goals = JSON.parse('{"__proto__": {"target": 1, "period": "day", "count": "all", "done": 0}}') as unknown;
    agree('appState', { ...state, extras: { goals, milestonesMuted: [], today: '2026-01-01' } });
    agree('appState', JSON.parse(JSON.stringify({ ...state, theme: 'dark' }).replace('"theme":"dark"', '"theme":"dark","__proto__":{"polluted":true}')));
    agree('event:state:delta', JSON.parse('{"from": 1, "to": 2, "changed": {}, "__proto__": {}}'));
  });
});

describe('the describer refuses what the shapes cannot check', () => {
  it.each([
    ['a transform', zod.object({ a: zod.string().transform((s) => s.length) })],
    ['a default', zod.object({ a: zod.string().default('x') })],
    ['a refine it cannot name', zod.object({ a: zod.number() }).refine((v) => v.a > 0)],
    ['a trimming string', zod.object({ a: zod.string().trim() })],
    ['a date object', zod.object({ a: zod.date() })],
    ['a passthrough object', zod.object({ a: zod.string() }).passthrough()],
  ])('%s', (_name, schema) => {
    expect(() => describeSchemas({ s: schema })).toThrow(/describe-schema: s/);
  });
});

describe('what needs no stripping is not copied', () => {
  // The preload's input is fresh data from IPC: answering it as it came saves copying 5 000
  // counters on every state. Only the parts that lose a key are new objects, and the input is
  // never changed. (The agreement with zod above holds for both paths.)
  const state = () => signedInState([counter(COFFEE_ID, 'Coffees', 3), counter(TRIP_ID, 'Trip', 9)], [COFFEE_ID]);
  const checked = (value: unknown) => {
    const result = check(roots.appState, value);
    if (!result.ok) throw new Error('refused');
    return result.value as ReturnType<typeof state>;
  };

  it('answers a state that fits the contract exactly with the same objects', () => {
    const raw = state();
    const value = checked(raw);
    expect(value).toBe(raw);
    expect(value.core!.counters[1]).toBe(raw.core!.counters[1]);
  });

  it('copies only the parts that lose a key, and leaves the input as it was', () => {
    const raw = state();
    const extra = { ...raw.core!.counters[1]!, secret: 'x' };
    const input = { ...raw, core: { ...raw.core!, counters: [raw.core!.counters[0]!, extra] } };
    const value = checked(input);
    expect(value).not.toBe(input);
    expect(value.core!.counters[1]).not.toHaveProperty('secret');
    expect(extra).toHaveProperty('secret', 'x');
    // The counter before it, and the parts beside it, are still the ones that came.
    expect(value.core!.counters[0]).toBe(raw.core!.counters[0]);
    expect(value.settings).toBe(raw.settings);
  });

  it('copies an object that is not plain, and one with a contract key it does not list', () => {
    const raw = state();
    const settings = Object.assign(Object.create({ inherited: true }) as object, raw.settings);
    expect(checked({ ...raw, settings }).settings).not.toBe(settings);
    const hiddenKey = { ...raw.settings };
    Object.defineProperty(hiddenKey, 'theme', { value: 'dark', enumerable: false });
    expect(checked({ ...raw, settings: hiddenKey }).settings).toEqual({ ...raw.settings, theme: 'dark' });
  });
});
