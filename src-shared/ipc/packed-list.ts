// A list of thousands of records as it crosses the context bridge: two strings, not thousands of
// objects. The bridge copies every object it hands the page, key by key (the bench's stand-in copies
// as structured clone does); for 5 000 counters that copy was the largest part of the list's first
// render. A string is a primitive, shared by the two worlds of one isolate, so two strings cost
// nothing to hand over, and the page rebuilds plain objects in a fraction of the copy's time.
// Generic: the preload passes the keys (the contract's, from its shapes), so no schema is written
// here a second time. Packed after the preload checked the records; the page unpacks what the
// preload packed, and a list that does not read back whole is refused, never half shown.

/** Records of type T, packed: `unpackList` gives them back as T. */
export interface PackedList<T> {
  /** The records' keys, in the order each record's values are written. */
  keys: string[];
  count: number;
  /** Per value: its kind, and for a kind kept in `text` its length, in two 15-bit code units. */
  index: string;
  /** The values kept as text, one after another. */
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
const STRING = 6;
const NUMBER = 7;
/** Anything else JSON can carry (a non-empty object, an array): rare in a list's records. */
const JSON_TEXT = 8;

const LOW_BITS = 15;
const LOW_MASK = (1 << LOW_BITS) - 1;
const MAX_LENGTH = 2 ** (2 * LOW_BITS) - 1;
/** Every unit is below the surrogates, so UTF-16 decoding gives back exactly the units written. */
const UTF16 = new TextDecoder('utf-16le');
/** The buffer's bytes are in the machine's order: UTF-16LE reads them only on a little-endian one (every platform Electron ships for). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Code units per String.fromCharCode call elsewhere: well under any engine's argument limit. */
const CHUNK = 8192;

function unitsToString(units: Uint16Array): string {
  if (LITTLE_ENDIAN) return UTF16.decode(units);
  let text = '';
  for (let at = 0; at < units.length; at += CHUNK) text += String.fromCharCode(...Array.from(units.subarray(at, at + CHUNK)));
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
  private codes = new Uint16Array(1024);
  private length = 0;
  private readonly texts: string[] = [];
  private count = 0;

  constructor(private readonly keys: readonly string[]) {}

  /** A record's next value, in the order of `keys` (JSON-safe values: what the contract's shapes accept). */
  add(value: unknown): void {
    if (value === undefined) this.code(ABSENT);
    else if (typeof value === 'string') this.kept(STRING, value);
    else if (typeof value === 'number') {
      if (Object.is(value, -0)) this.code(MINUS_ZERO);
      else this.kept(NUMBER, String(value));
    } else if (typeof value === 'boolean') this.code(value ? TRUE : FALSE);
    else if (value === null) this.code(NULL);
    else if (typeof value === 'object' && isEmptyPlainObject(value)) this.code(EMPTY_OBJECT);
    else this.kept(JSON_TEXT, JSON.stringify(value));
  }

  private code(unit: number): void {
    if (this.length === this.codes.length) {
      const grown = new Uint16Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.length++] = unit;
  }

  /** After a record's last value. */
  endRecord(): void {
    this.count += 1;
  }

  private kept(kind: number, text: string): void {
    if (text.length > MAX_LENGTH) throw new RangeError('a value too long to pack');
    this.code(kind);
    this.code(text.length >>> LOW_BITS);
    this.code(text.length & LOW_MASK);
    this.texts.push(text);
  }

  finish(): PackedList<T> {
    const index = unitsToString(this.codes.subarray(0, this.length));
    return { keys: [...this.keys], count: this.count, index, text: this.texts.join('') };
  }
}

/** Packs `records`, reading `keys` of each. */
export function packList<T extends object>(records: readonly T[], keys: readonly (keyof T & string)[]): PackedList<T> {
  const writer = new ListWriter<T>(keys);
  for (const record of records) {
    for (const key of keys) writer.add(record[key]);
    writer.endRecord();
  }
  return writer.finish();
}

/** The records `packList` packed, or null when the list does not read back whole. */
export function unpackList<T>(packed: PackedList<T>): T[] | null {
  const { keys, count, index, text } = packed;
  if (!Array.isArray(keys) || keys.includes('__proto__') || !Number.isSafeInteger(count) || count < 0 || typeof index !== 'string' || typeof text !== 'string') return null;
  const records: Record<string, unknown>[] = new Array(count);
  let i = 0;
  let at = 0;
  const textValue = (): string | null => {
    if (i + 2 > index.length) return null;
    const length = (index.charCodeAt(i) << LOW_BITS) | index.charCodeAt(i + 1);
    i += 2;
    if (at + length > text.length) return null;
    const value = text.slice(at, at + length);
    at += length;
    return value;
  };
  try {
    for (let r = 0; r < count; r += 1) {
      const record: Record<string, unknown> = {};
      for (const key of keys) {
        if (i >= index.length) return null;
        const kind = index.charCodeAt(i);
        i += 1;
        if (kind === ABSENT) continue;
        if (kind === FALSE || kind === TRUE) record[key] = kind === TRUE;
        else if (kind === NULL) record[key] = null;
        else if (kind === EMPTY_OBJECT) record[key] = {};
        else if (kind === MINUS_ZERO) record[key] = -0;
        else {
          const value = textValue();
          if (value === null) return null;
          if (kind === STRING) record[key] = value;
          else if (kind === NUMBER) record[key] = Number(value);
          else if (kind === JSON_TEXT) record[key] = JSON.parse(value) as unknown;
          else return null;
        }
      }
      records[r] = record;
    }
  } catch {
    return null; // JSON text that does not parse
  }
  // Whatever is left over was not packed as this list.
  if (i !== index.length || at !== text.length) return null;
  // The records are what packList read from checked T's, key by key.
  return records as T[];
}
