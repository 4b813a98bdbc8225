// The counters cross the context bridge packed (src-shared/ipc/packed-list.ts): what the page
// unpacks must be what the preload packed, value for value, for every value the contract's shapes
// accept; and a list that does not read back whole is refused, never shown in part.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packList, type PackedList } from '../../../src-shared/ipc/packed-list';
import { BROKEN, EMPTY_RECORD, kindsTaking, ListReader, unpackList } from '../../../src-shared/ipc/packed-list-reader';
import { counter } from '../../support/app-fakes';

type Row = Record<string, unknown>;
const KEYS = ['id', 'name', 'value', 'flag', 'note', 'nested', 'list'] as const;

// Every kind of value a checked record can hold: text with any code unit (lone surrogates too), any
// number (−0, non-integers, huge), booleans, null, empty and non-empty objects, arrays, absent keys.
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
/** Any object key but `__proto__`, which the reader refuses on purpose (its own test below). */
const ownKey = anyText.filter((key) => key !== '__proto__');
const anyValue = fc.oneof(
  anyText,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 30 - 1, 2 ** 30, -(2 ** 30 - 1), -(2 ** 30), -1.5),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.dictionary(fc.constantFrom('increment', 'decrement', 'kind', 'message', 'amount'), fc.oneof(anyText, fc.integer(), fc.constant(-0))),
  fc.array(fc.oneof(fc.integer(), fc.constant(-0), anyText, fc.dictionary(ownKey, fc.double())), { maxLength: 3 }),
);
const anyRecord = fc.record(Object.fromEntries(KEYS.map((key) => [key, anyValue])) as Record<(typeof KEYS)[number], fc.Arbitrary<unknown>>, { requiredKeys: [] });

describe('a packed list', () => {
  it('reads back as the records it packed, value for value and absent keys absent', () => {
    fc.assert(
      fc.property(fc.array(anyRecord, { maxLength: 30 }), (records) => {
        const back = unpackList(packList<Row>(records, [...KEYS]));
        expect(back).toEqual(records);
        // toEqual takes an absent key for undefined: keys read back exactly too (−0 it already tells from 0).
        back?.forEach((record, i) => {
          const packed: Row = records[i]!;
          expect(Object.keys(record)).toEqual(Object.keys(packed).filter((key) => packed[key] !== undefined));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('reads value by value as it unpacks: a value of a kind the caller takes whatever it holds stepped over unread, an empty object as the one shared EMPTY_RECORD', () => {
    const keepsAll = (value: unknown) => value;
    const refusesAll = () => Symbol.for('refused');
    const masks = {
      text: kindsTaking(refusesAll, { anyText: true, anyInteger: false }),
      integer: kindsTaking(refusesAll, { anyText: false, anyInteger: true }),
      constants: kindsTaking(keepsAll, { anyText: false, anyInteger: false }),
      all: kindsTaking(keepsAll, { anyText: true, anyInteger: true }),
    };
    const isConstant = (v: unknown) => v === undefined || v === null || typeof v === 'boolean' || Object.is(v, -0) || (typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype && Object.keys(v as object).length === 0);
    const fits = { text: (v: unknown) => typeof v === 'string', integer: (v: unknown) => Number.isInteger(v) && !Object.is(v, -0) && Math.abs(v as number) < 2 ** 30, constants: isConstant };
    fc.assert(
      fc.property(fc.array(anyRecord, { maxLength: 10 }), fc.infiniteStream(fc.constantFrom<keyof typeof masks | 'none'>('none', 'text', 'integer', 'constants', 'all')), (records, skips) => {
        const packed = packList<Row>(records, [...KEYS]);
        const reader = new ListReader(packed.index, packed.text);
        records.forEach((record) => {
          for (const key of KEYS) {
            const expected = record[key];
            const kind = skips.next().value as keyof typeof masks | 'none';
            if (kind !== 'none' && reader.skip(masks[kind])) {
              // Stepped over only what the mask takes; never an object with keys, an array, a non-integer.
              expect(kind === 'all' ? fits.text(expected) || fits.integer(expected) || isConstant(expected) : fits[kind](expected)).toBe(true);
              continue;
            }
            const value = reader.next(true);
            expect(value).toEqual(expected);
          }
        });
        expect(reader.done).toBe(true);
        expect(reader.next()).toBe(BROKEN);
        expect(reader.skip(masks.all)).toBe(false);
      }),
      { numRuns: 300 },
    );
    const packed = packList<Row>([{ id: 'a', nested: {} }], ['id', 'nested']);
    const reader = new ListReader(packed.index, packed.text);
    expect([reader.skip(masks.text), reader.skip(masks.text), reader.next(true), reader.done]).toEqual([true, false, EMPTY_RECORD, true]);
    expect(unpackList(packed)?.[0]?.nested).not.toBe(EMPTY_RECORD);
    // A check that changes or refuses a constant does not take its kind.
    expect(kindsTaking((v) => (v === undefined ? 'x' : v), { anyText: false, anyInteger: false }) & masks.constants).not.toBe(masks.constants);
  });

  it('carries real counters, with their refusals and errors, as the page shows them', () => {
    const coffee = counter('c1', 'Coffees ☕', 3);
    const trip = { ...counter('c2', 'Trip', -0), refused: { increment: 'limit reached' }, error: { kind: 'unconfirmed' as const, message: 'lost', amount: -2 }, waiting: 2 };
    const keys = ['id', 'name', 'type', 'value', 'startDate', 'endDate', 'pending', 'refused', 'error', 'sendingSlowly', 'waiting'] as const;
    expect(unpackList(packList([coffee, trip], [...keys]))).toEqual([coffee, trip]);
  });

  it('packs 5 000 records into two strings: nothing per record is an object the bridge must copy', () => {
    const records = Array.from({ length: 5000 }, (_, i) => counter(`id-${i}`, `Counter ${i}`, i));
    const packed = packList(records, ['id', 'name', 'value', 'refused']);
    expect(Object.values(packed).filter((part) => typeof part === 'object').map((part) => (part as unknown[]).length)).toEqual([4]); // only the key list
    expect(unpackList(packed)).toEqual(records.map(({ id, name, value, refused }) => ({ id, name, value, refused })));
  });

  it('refuses a list that does not read back whole: cut short, too long, or with a kind it does not know', () => {
    const packed = packList<Row>([{ id: 'a', value: 1 }, { id: 'b', value: 2 }], ['id', 'value']);
    const broken: PackedList<Row>[] = [
      { ...packed, count: 3 },
      { ...packed, count: 1 },
      { ...packed, text: packed.text.slice(0, -1) },
      { ...packed, text: `${packed.text}x` },
      { ...packed, index: packed.index.slice(0, -1) },
      { ...packed, index: `\u0063${packed.index.slice(1)}` },
      { ...packed, keys: ['__proto__', 'value'] },
      // An object whose key is not a text, or is __proto__.
      { keys: ['id'], count: 1, index: '\u000a\u0000\u0001\u0008\u0000\u0001\u0002', text: '' },
      { keys: ['id'], count: 1, index: '\u000a\u0000\u0001\u0006\u0000\u0009\u0002', text: '__proto__' },
      // An array longer than what follows.
      { keys: ['id'], count: 1, index: '\u000b\u0000\u0009\u0002', text: '' },
    ];
    for (const list of broken) expect(unpackList(list)).toBeNull();
    // The control: the same list, whole, reads back.
    expect(unpackList(packed)).toEqual([{ id: 'a', value: 1 }, { id: 'b', value: 2 }]);
  });

  it('keeps a text longer than one length unit holds', () => {
    const long = 'x'.repeat(40_000);
    expect(unpackList(packList<Row>([{ name: long }, { name: 'after' }], ['name']))).toEqual([{ name: long }, { name: 'after' }]);
  });
});
