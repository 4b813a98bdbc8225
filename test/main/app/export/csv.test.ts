// CSV as RFC 4180 writes it, and counter names that would run as spreadsheet formulas
// (OWASP "CSV Injection") kept as text in every spreadsheet locale. Each file is read back
// with an independent RFC 4180 reader (csv-reader.ts), and as spreadsheets with a comma, a
// semicolon or a tab as list separator would read it: by csv-parse, and by a naive split
// that ignores quotes (spreadsheet-views.ts). Quoting is checked by what a reader gets, not
// by string shapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../../src-main/app/export/activity-csv';
import { BOM, csvCell, csvDocument, neutralizeFormula, type Cell } from '../../../../src-main/app/export/csv';
import { readCsv } from './csv-reader';
import { SEPARATORS, formulaCells, formulasInAnyView, naivelySplit, parsedWith } from './spreadsheet-views';

const header = ['counter', 'change'];
/** One line per name after the header, the name in the middle of the line as in the export. */
const withNames = (names: readonly string[]) => csvDocument(['time', 'counter', 'change'], names.map((name) => ['2026-11-23T10:42:07+01:00', name, 1]));

describe('RFC 4180', () => {
  it('ends every line with CRLF and starts the file with a UTF-8 BOM', () => {
    const text = csvDocument(header, [['Coffees today', 1]]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe('counter,change\r\nCoffees today,1\r\n');
  });

  it.each([
    ['a comma', 'Tea, green'],
    ['a semicolon', 'Tea; green'],
    ['a tab', 'Tea\tgreen'],
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

  it('quotes a field that holds any list separator (comma, semicolon, tab), a quote or a line break, doubling quotes inside', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('x\ny')).toBe('"x\ny"');
    expect(csvCell('x\ry')).toBe('"x\ry"');
  });

  it.each(SEPARATORS.map((s) => [JSON.stringify(s), s] as const))('a one-column file reads back whole with %s as the separator (csv-parse)', (_label, separator) => {
    const names = ['Tea, green', 'Tea; green', 'Tea\tgreen', 'say "hi"; then, go'];
    const rows = parsedWith(csvDocument(['counter'], names.map((name) => [name])), separator);
    expect(rows).toEqual([['counter'], ...names.map((name) => [name])]);
  });

  it('writes numbers as numbers, negative ones too (a number is never a formula)', () => {
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });
});

/** Names a hostile member could give a shared counter that start with a trigger, and how an RFC 4180 reader reads each back. */
export const INJECTIONS: [what: string, name: string, readBack: string][] = [
  ['=', '=HYPERLINK("http://evil.example","Coffees")', `'=HYPERLINK("http://evil.example","Coffees")`],
  ['+', "+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
  ['-', "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
  ['@', "@SUM(1+9)*cmd|' /C calc'!A0", "'@SUM(1+9)*cmd|' /C calc'!A0"],
  ['tab', '\t=1+1', "'\t'=1+1"],
  ['carriage return', '\r=1+1', "'\r'=1+1"],
  ['leading spaces before =', '   =1+1', "'   =1+1"],
  ['full-width equals sign', '＝1+1', "'＝1+1"],
];

/**
 * Names whose trigger comes after a list separator, a quote or a line break: harmless to a
 * comma reader, a formula to a spreadsheet that splits there (German Excel on ";").
 */
export const INNER_INJECTIONS: [what: string, name: string, readBack: string][] = [
  ['a semicolon', 'Coffee;=1+1', "Coffee;'=1+1"],
  ['a semicolon (DDE)', "Kaffee;=cmd|' /C calc'!A0", "Kaffee;'=cmd|' /C calc'!A0"],
  ['a semicolon and spaces', 'Tea;   +1', "Tea;'   +1"],
  ['a semicolon and a full-width @', 'Tea;＠SUM(1)', "Tea;'＠SUM(1)"],
  ['a tab', 'Tea\t=1+1', "Tea\t'=1+1"],
  ['a comma', 'Tea,-2+3', "Tea,'-2+3"],
  ['a double quote', '"=1+1"', `"'=1+1"`],
  ['a semicolon and a double quote', 'Tea;"=1+1"', `Tea;"'=1+1"`],
  ['a line feed', 'two\n@SUM(1)', "two\n'@SUM(1)"],
  ['a carriage return and line feed', 'two\r\n=1', "two\r\n'=1"],
  ['a semicolon, then a tab', 'a;\t=1', "a;'\t'=1"],
  ['every trigger, one after another', '=1;+2\t-3,@4"=5', `'=1;'+2\t'-3,'@4"'=5`],
];

describe('formula injection, in every spreadsheet locale', () => {
  it.each(INJECTIONS)('a name beginning with %s stays text in every view', (_what, name, readBack) => {
    const text = withNames([name]);
    expect(formulasInAnyView(text)).toEqual([]);
    // Still the same name to a person reading it: only apostrophes were added.
    expect(readCsv(text)[1]?.[1]).toBe(readBack);
  });

  it.each(INNER_INJECTIONS)('a trigger after %s stays text in every view', (_what, name, readBack) => {
    const text = withNames([name]);
    expect(formulasInAnyView(text)).toEqual([]);
    expect(readCsv(text)[1]?.[1]).toBe(readBack);
  });

  it('any name built from separators, quotes, line breaks, whitespace, triggers and letters: no view finds a formula, and only apostrophes were added', () => {
    const alphabet = fc.constantFrom(',', ';', '\t', '"', '\r', '\n', ' ', '\u3000', '=', '+', '-', '@', '＝', '＋', '－', '＠', 'a', 'Z', '1', 'ü', '|', '!');
    fc.assert(
      fc.property(fc.array(fc.string({ unit: alphabet, maxLength: 24 }), { minLength: 1, maxLength: 4 }), (names) => {
        const text = withNames(names);
        expect(formulasInAnyView(text)).toEqual([]);
        const read = readCsv(text).slice(1).map((row) => row[1] ?? '');
        expect(read.map((cell) => cell.replaceAll("'", ''))).toEqual(names);
        expect(read).toEqual(names.map(neutralizeFormula));
      }),
      { numRuns: 400 },
    );
  });

  it('leaves names and numbers that merely contain those characters alone', () => {
    const rows: Cell[][] = [['Tea = good', -5], ['e-mails sent', 12], ['user@example', 0], ['Tea; green', 1]];
    expect(readCsv(csvDocument(header, rows)).slice(1)).toEqual([
      ['Tea = good', '-5'],
      ['e-mails sent', '12'],
      ['user@example', '0'],
      ['Tea; green', '1'],
    ]);
  });
});

describe('negative controls: weakened escaping', () => {
  /** The rule before: an apostrophe only where the whole text begins with a trigger. */
  const startOnly = (text: string) => (/^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/.test(text) ? `'${text}` : text);
  const viewsOf = (name: string, neutralize: (text: string) => string) =>
    formulasInAnyView(csvDocument(['time', 'counter', 'change'], [['2026-11-23T10:42:07+01:00', name, 1]], neutralize));

  it('with the neutraliser taken out, every injection is a formula in some view', () => {
    for (const [, name] of [...INJECTIONS, ...INNER_INJECTIONS]) expect(viewsOf(name, (text) => text), name).not.toEqual([]);
  });

  it('neutralising only the start of a cell lets every trigger after a separator, quote or line break through', () => {
    for (const [, name] of INNER_INJECTIONS) expect(viewsOf(name, startOnly), name).not.toEqual([]);
    // The German list separator, as the finding had it: a formula under ";", text under ",".
    const semicolon = csvDocument(['time', 'counter'], [['2026-11-23T10:42:07+01:00', "Kaffee;=cmd|' /C calc'!A0"]], startOnly);
    expect(formulaCells(parsedWith(semicolon, ';'))).toEqual(["=cmd|' /C calc'!A0\""]);
    expect(formulaCells(parsedWith(semicolon, ','))).toEqual([]);
  });
});

describe('the file name the export suggests', () => {
  const NOW = Date.UTC(2026, 10, 23, 9, 30);
  const hostile = [...INJECTIONS, ...INNER_INJECTIONS].map(([, name]) => name);

  /** A list separator, quote or line break in a file name, and a cell that would start with a trigger where a spreadsheet splits it (it is no CSV field, so no parser). */
  const problems = (fileName: string) => [
    ...SEPARATORS.flatMap((separator) => formulaCells(naivelySplit(fileName, separator))),
    ...(/[,;\t"\r\n]/.test(fileName) ? [`a separator, quote or line break in ${JSON.stringify(fileName)}`] : []),
  ];

  it('holds no list separator, quote or line break, and starts no cell with a trigger, whatever the counter is called', () => {
    for (const name of [...hostile, ';=1', '-', '＝', "'=1", '"', '\t\t']) {
      const fileName = exportFileName(name, NOW, 'Europe/Berlin');
      expect(problems(fileName), name).toEqual([]);
      expect(fileName).toMatch(/^[\p{L}\p{N}][\p{L}\p{N}-]*\.csv$/u);
    }
    expect(exportFileName('Kaffee;=1+1', NOW, 'Europe/Berlin')).toBe('kaffee-1-1-activity-2026-11-23.csv');
    expect(exportFileName(null, NOW, 'Europe/Berlin')).toBe('counter-tray-activity-2026-11-23.csv');
  });

  it('negative control: a file name that keeps the name as it is shows each problem', () => {
    const asIs = (name: string) => `${name}-activity-2026-11-23.csv`;
    for (const name of hostile) expect(problems(asIs(name)), name).not.toEqual([]);
  });
});
