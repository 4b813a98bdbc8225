// CSV as RFC 4180 writes it, and counter names that would run as spreadsheet formulas
// (OWASP "CSV Injection") kept as text. Each file is read back with an independent RFC 4180
// reader (below), so quoting is checked by what a reader gets, not by string shapes.
import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvDocument, type Cell } from '../../../../src-main/app/export/csv';
import { formulaCells, readCsv } from './csv-reader';

const header = ['counter', 'change'];

describe('RFC 4180', () => {
  it('ends every line with CRLF and starts the file with a UTF-8 BOM', () => {
    const text = csvDocument(header, [['Coffees today', 1]]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe('counter,change\r\nCoffees today,1\r\n');
  });

  it.each([
    ['a comma', 'Tea, green'],
    ['a double quote', 'The "good" cups'],
    ['a line feed', 'two\nlines'],
    ['a carriage return and line feed', 'two\r\nlines'],
    ['leading and trailing spaces', '  padded  '],
    ['nothing at all', ''],
    ['non-ASCII text', 'Kaffee für alle ☕'],
  ])('reads back a name with %s as written', (_what, name) => {
    const rows = readCsv(csvDocument(header, [[name, 3]]));
    expect(rows).toEqual([header, [name, '3']]);
  });

  it('quotes only fields that need it, doubling quotes inside', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('x\ny')).toBe('"x\ny"');
  });

  it('writes numbers as numbers, negative ones too (a number is never a formula)', () => {
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });
});

/** Names a hostile member could give a shared counter: each would run as a formula if written as is. */
export const INJECTIONS: [string, string][] = [
  ['=', '=HYPERLINK("http://evil.example","Coffees")'],
  ['+', '+1+cmd|\' /C calc\'!A0'],
  ['-', '-2+3+cmd|\' /C calc\'!A0'],
  ['@', '@SUM(1+9)*cmd|\' /C calc\'!A0'],
  ['tab', '\t=1+1'],
  ['carriage return', '\r=1+1'],
  ['leading spaces before =', '   =1+1'],
  ['full-width equals sign', '＝1+1'],
];

describe('formula injection', () => {
  it.each(INJECTIONS)('a name beginning with %s stays text', (_what, name) => {
    const rows = readCsv(csvDocument(header, [[name, 1]]));
    expect(formulaCells(rows)).toEqual([]);
    // Still the same name to a person reading it: only a leading apostrophe was added.
    expect(rows[1]?.[0]).toBe(`'${name}`);
  });

  it('leaves names and numbers that merely contain those characters alone', () => {
    const rows: Cell[][] = [['Tea = good', -5], ['e-mails sent', 12], ['user@example', 0]];
    expect(readCsv(csvDocument(header, rows)).slice(1)).toEqual([
      ['Tea = good', '-5'],
      ['e-mails sent', '12'],
      ['user@example', '0'],
    ]);
  });

  it('negative control: the same writer with the neutraliser taken out lets every injection through', () => {
    const weakened = csvDocument(header, INJECTIONS.map(([, name]) => [name, 1]), (text) => text);
    expect(formulaCells(readCsv(weakened))).toHaveLength(INJECTIONS.length);
  });
});
