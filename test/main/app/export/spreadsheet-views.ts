// How a spreadsheet in each locale sees an exported file, read by a real CSV parser
// (csv-parse) and by a naive split, and the cells any of them would run as a formula.
// With the comma, the file is read strictly (RFC 4180: csv-parse throws on a malformed
// quote). A spreadsheet whose list separator is ";" or a tab reads our comma file with
// that separator: quotes count only where a field starts with one (anywhere else they are
// plain characters, csv-parse's relax_quotes), rows need not have the header's length, and
// a quote it opens that never closes runs to the end of the file, as Excel reads it.
import { CsvError, parse } from 'csv-parse/sync';

/** The list separators spreadsheets use: the comma, the semicolon (German Excel and many others), the tab. */
export const SEPARATORS = [',', ';', '\t'] as const;
export type Separator = (typeof SEPARATORS)[number];

/** The file as csv-parse reads it with `separator`: a BOM dropped, quotes honoured where a field starts with one. */
export function parsedWith(text: string, separator: Separator): string[][] {
  if (separator === ',') return parse(text, { bom: true }) as string[][];
  const relaxed = (input: string) => parse(input, { delimiter: separator, bom: true, relax_quotes: true, relax_column_count: true }) as string[][];
  try {
    return relaxed(text);
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') return relaxed(`${text}"`);
    throw error;
  }
}

/**
 * What a reader that ignores quotes sees: every line break ends a row (a quoted one too),
 * every separator ends a cell. The worst a spreadsheet with that separator can do to a line.
 */
export function naivelySplit(text: string, separator: Separator): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body.split(/\r\n|\r|\n/).map((line) => line.split(separator));
}

/** Every view above: csv-parse and the naive split, under each separator. */
export function everyView(text: string): { view: string; rows: string[][] }[] {
  return SEPARATORS.flatMap((separator) => [
    { view: `csv-parse ${JSON.stringify(separator)}`, rows: parsedWith(text, separator) },
    { view: `naive split ${JSON.stringify(separator)}`, rows: naivelySplit(text, separator) },
  ]);
}

/**
 * Cells a spreadsheet (Excel, LibreOffice, Google Sheets) would treat as a formula: one that
 * begins, after any leading whitespace or stray quotes, with = + - @ (or their full-width
 * forms), or with a tab or CR. A plain number ("-2") is a number, not a formula.
 */
export function formulaCells(rows: readonly (readonly string[])[]): string[] {
  const trigger = /^[\s"]*[=+\-@＝＋－＠]|^[\t\r]/;
  return rows.flat().filter((cell) => trigger.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell));
}

/** The formula cells of every view, each named by its view: empty when the file is safe in all of them. */
export function formulasInAnyView(text: string): string[] {
  return everyView(text).flatMap(({ view, rows }) => formulaCells(rows).map((cell) => `${view}: ${JSON.stringify(cell)}`));
}
