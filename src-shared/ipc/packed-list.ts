// A list of thousands of records as it crosses IPC and the context bridge: two strings, not
// thousands of objects. IPC copies what main sends, and the bridge copies every object it hands the
// page, key by key (the bench's stand-in copies objects as it does); for 5 000 counters that copy
// was the largest part of the list's first render. A string is a primitive, shared by the two worlds
// of one isolate, so two strings cost nothing to hand over, and the page rebuilds plain objects in
// a fraction of the copy's time. Main packs (src-main/ipc/state-answer.ts); the preload checks the
// packed list as it is (packed-list-reader.ts). Generic: the callers pass the keys (the contract's),
// so no schema is written here a second time. Values are written exactly (−0, nested objects and
// arrays too); an absent key, or one given as undefined, reads back absent. A list that does not
// read back whole is refused, never half shown.

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

// Kinds, as code units (the reader, packed-list-reader.ts, reads them). Every unit of `index` stays below U+8000: no surrogate, nothing a
// transcoding of the string could change.
export const ABSENT = 0;
export const FALSE = 1;
export const TRUE = 2;
export const NULL = 3;
export const EMPTY_OBJECT = 4;
export const MINUS_ZERO = 5;
// Kinds with a size.
export const STRING = 6;
/** A number that is not a small integer, as its shortest round-trip text. */
export const NUMBER = 7;
/** An integer whose magnitude fits the size (a counter's value, most often): no text to write or parse. */
export const INTEGER = 8;
export const NEGATIVE_INTEGER = 9;
/** Size: how many keys; each key (a STRING) followed by its value. */
export const OBJECT = 10;
/** Size: how many items, each a value. */
export const ARRAY = 11;

export const LOW_BITS = 15;
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
