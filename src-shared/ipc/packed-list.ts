// A list of thousands of records as it crosses the context bridge: two strings, not thousands of
// objects. The bridge copies every object it hands the page, key by key (the bench's stand-in copies
// as structured clone does); for 5 000 counters that copy was the largest part of the list's first
// render. A string is a primitive, shared by the two worlds of one isolate, so two strings cost
// nothing to hand over, and the page rebuilds plain objects in a fraction of the copy's time.
// Generic: the preload passes the keys (the contract's, from its shapes), so no schema is written
// here a second time. Values are written exactly (−0, nested objects and arrays too); an absent
// key, or one given as undefined, reads back absent. The page unpacks what the preload packed, and a
// list that does not read back whole is refused, never half shown.

/** Records of type T, packed: `unpackList` gives them back as T. */
export interface PackedList<T> {
  /** The records' keys, in the order each record's values are written. */
  keys: string[];
  count: number;
  /** Per value: its kind, and for most kinds a size (a length, an integer's magnitude, a count) in two 15-bit code units. */
  index: string;
  /** The texts (strings, object keys, numbers that are not small integers), one after another. */
  text: string;
  /** Never set: ties the list to its record type. */
  readonly __records?: T;
}

// Kinds, as code units. Every unit of `index` stays below U+8000: no surrogate, nothing a
// transcoding of the string could change.
const ABSENT = 0;
const FALSE = 1;
const TRUE = 2;
const NULL = 3;
const EMPTY_OBJECT = 4;
const MINUS_ZERO = 5;
// Kinds with a size.
const STRING = 6;
/** A number that is not a small integer, as its shortest round-trip text. */
const NUMBER = 7;
/** An integer whose magnitude fits the size (a counter's value, most often): no text to write or parse. */
const INTEGER = 8;
const NEGATIVE_INTEGER = 9;
/** Size: how many keys; each key (a STRING) followed by its value. */
const OBJECT = 10;
/** Size: how many items, each a value. */
const ARRAY = 11;

const LOW_BITS = 15;
const LOW_MASK = (1 << LOW_BITS) - 1;
const MAX_SIZE = 2 ** (2 * LOW_BITS) - 1;

/** Code units per String.fromCharCode call: well under any engine's argument limit. */
const CHUNK = 8192;
/**
 * Every unit is below the surrogates, so UTF-16 decoding gives back exactly the units written, in
 * one native call; the buffer holds them in the machine's byte order, so only on a little-endian one
 * (every platform Electron ships for). Absent (a bare script context), String.fromCharCode does it.
 */
const UTF16 = typeof TextDecoder === 'function' && new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? new TextDecoder('utf-16le') : null;

function unitsToString(units: Uint16Array): string {
  if (UTF16) return UTF16.decode(units);
  let text = '';
  for (let at = 0; at < units.length; at += CHUNK) text += String.fromCharCode.apply(null, units.subarray(at, at + CHUNK) as unknown as number[]);
  return text;
}

const isEmptyPlainObject = (value: object): boolean => {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
};

/**
 * Writes records value by value, each record's values in the order of `keys`: for a caller that
 * checks each value as it reads it (the preload), so no checked copy of a record is ever built.
 */
export class ListWriter<T> {
  /** `index`'s code units, written into a buffer that doubles when full: one string made at the end. */
  private codes: Uint16Array;
  private length = 0;
  /** The texts so far: appended, not joined at the end (V8 ropes them and flattens once, about twice as fast as join). */
  private texts = '';
  private count = 0;

  /** `expected`: how many records are coming, so the buffer is sized once (most values take a kind and a size). */
  constructor(
    private readonly keys: readonly string[],
    expected = 0,
  ) {
    this.codes = new Uint16Array(Math.max(1024, expected * keys.length * 2));
  }

  /** A record's next value, in the order of `keys` (JSON-like data: what the contract's shapes accept). */
  add(value: unknown): void {
    if (value === undefined) this.code(ABSENT);
    else if (typeof value === 'string') this.text(STRING, value);
    else if (typeof value === 'number') {
      if (value === 0 && 1 / value < 0) this.code(MINUS_ZERO);
      else if (Number.isInteger(value) && value <= MAX_SIZE && value >= -MAX_SIZE) this.sized(value < 0 ? NEGATIVE_INTEGER : INTEGER, Math.abs(value));
      else this.text(NUMBER, String(value));
    } else if (typeof value === 'boolean') this.code(value ? TRUE : FALSE);
    else if (value === null) this.code(NULL);
    else if (Array.isArray(value)) {
      this.sized(ARRAY, value.length);
      for (const item of value as unknown[]) this.add(item);
    } else if (typeof value === 'object') {
      if (isEmptyPlainObject(value)) return this.code(EMPTY_OBJECT);
      const entries = Object.entries(value);
      this.sized(OBJECT, entries.length);
      for (const [key, item] of entries) {
        this.text(STRING, key);
        this.add(item);
      }
    } else throw new TypeError(`a ${typeof value} cannot be packed`);
  }

  /** After a record's last value. */
  endRecord(): void {
    this.count += 1;
  }

  finish(): PackedList<T> {
    const index = unitsToString(this.codes.subarray(0, this.length));
    return { keys: [...this.keys], count: this.count, index, text: this.texts };
  }

  private code(unit: number): void {
    this.room(1);
    this.codes[this.length++] = unit;
  }

  private text(kind: number, text: string): void {
    if (text.length > MAX_SIZE) throw new RangeError('a text too long to pack');
    this.sized(kind, text.length);
    this.texts += text;
  }

  /** A kind and a size below 2^30, in three units. */
  private sized(kind: number, size: number): void {
    this.room(3);
    const codes = this.codes;
    codes[this.length] = kind;
    codes[this.length + 1] = size >>> LOW_BITS;
    codes[this.length + 2] = size & LOW_MASK;
    this.length += 3;
  }

  private room(units: number): void {
    if (this.length + units <= this.codes.length) return;
    const grown = new Uint16Array(this.codes.length * 2);
    grown.set(this.codes);
    this.codes = grown;
  }
}

/** Packs `records`, reading `keys` of each. */
export function packList<T extends object>(records: readonly T[], keys: readonly (keyof T & string)[]): PackedList<T> {
  const writer = new ListWriter<T>(keys, records.length);
  for (const record of records) {
    for (const key of keys) writer.add(record[key]);
    writer.endRecord();
  }
  return writer.finish();
}

/** What the reader answers for a list that does not read back (no value can be this symbol). */
const BROKEN: unique symbol = Symbol('broken');

/** The records `packList` packed, or null when the list does not read back whole. */
export function unpackList<T>(packed: PackedList<T>): T[] | null {
  const { keys, count, index, text } = packed;
  if (!Array.isArray(keys) || keys.includes('__proto__') || !Number.isSafeInteger(count) || count < 0 || typeof index !== 'string' || typeof text !== 'string') return null;
  let i = 0;
  let at = 0;

  function value(): unknown {
    if (i >= index.length) return BROKEN;
    const kind = index.charCodeAt(i++);
    switch (kind) {
      case ABSENT:
        return undefined;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case NULL:
        return null;
      case EMPTY_OBJECT:
        return {};
      case MINUS_ZERO:
        return -0;
    }
    if (i + 2 > index.length) return BROKEN;
    const size = (index.charCodeAt(i) << LOW_BITS) | index.charCodeAt(i + 1);
    i += 2;
    switch (kind) {
      case INTEGER:
        return size;
      case NEGATIVE_INTEGER:
        return -size;
      case STRING:
      case NUMBER: {
        if (at + size > text.length) return BROKEN;
        const slice = text.slice(at, at + size);
        at += size;
        return kind === STRING ? slice : Number(slice);
      }
      case ARRAY: {
        const items: unknown[] = [];
        for (let n = 0; n < size; n += 1) {
          const item = value();
          if (item === BROKEN) return BROKEN;
          items.push(item);
        }
        return items;
      }
      case OBJECT: {
        const object: Record<string, unknown> = {};
        for (let n = 0; n < size; n += 1) {
          const key = value();
          // Never assigned: it would replace the object's prototype.
          if (typeof key !== 'string' || key === '__proto__') return BROKEN;
          const item = value();
          if (item === BROKEN) return BROKEN;
          if (item !== undefined) object[key] = item;
        }
        return object;
      }
    }
    return BROKEN;
  }

  const records: Record<string, unknown>[] = [];
  const width = keys.length;
  for (let r = 0; r < count; r += 1) {
    const record: Record<string, unknown> = {};
    for (let k = 0; k < width; k += 1) {
      // The kinds most values have, read here rather than through value(): 55 000 calls fewer for 5 000 counters.
      const kind = index.charCodeAt(i);
      if (kind === ABSENT) {
        i += 1;
        continue;
      }
      let item: unknown;
      if ((kind === STRING || kind === INTEGER) && i + 3 <= index.length) {
        const size = (index.charCodeAt(i + 1) << LOW_BITS) | index.charCodeAt(i + 2);
        if (kind === INTEGER) item = size;
        else {
          if (at + size > text.length) return null;
          item = text.slice(at, at + size);
          at += size;
        }
        i += 3;
      } else {
        item = value();
        if (item === BROKEN) return null;
        if (item === undefined) continue;
      }
      record[keys[k]!] = item;
    }
    records.push(record);
  }
  // Whatever is left over was not packed as this list.
  if (i !== index.length || at !== text.length) return null;
  // The records are what the writer read from checked T's, key by key.
  return records as T[];
}
