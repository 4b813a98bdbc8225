// CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field that
// holds a double quote, CR or LF enclosed in double quotes, and a double quote in it doubled.
// A field that holds a semicolon or a tab is quoted too: those are the list separators of
// other spreadsheet locales (German Excel splits on ";"), and a reader that sniffs the
// separator must not count them. The file starts with a UTF-8 byte-order mark, so
// spreadsheet programs read names like "Kaffee für alle" as UTF-8 (RFC 4180 does not forbid
// it; Excel needs it).
//
// Text cells are also neutralised against formula injection (OWASP "CSV Injection"): a
// spreadsheet runs a cell that begins with = + - @ (or tab / CR) as a formula, and counter
// names come from the server, so "=HYPERLINK(…)" as a name must stay text. A spreadsheet
// whose list separator is not the comma reads our lines without honouring the quotes it
// does not expect, and a cell can begin after any separator, quote or line break inside a
// field: the trigger is neutralised there as well as at the start (docs/export.md).

export type Cell = string | number | null | undefined;

export const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** Characters after which some reader may begin a new cell: every list separator, the quote, a line break. */
const CELL_BOUNDARY = new Set([',', ';', '\t', '"', '\r', '\n']);

/**
 * = + - @ start a formula (Excel, LibreOffice, Google Sheets), after leading spaces too, and
 * so do their full-width forms in East Asian Excel; a leading tab or CR can hide one. The
 * spaces skipped exclude tab, CR and LF: a cell begins again after each of those anyway, so
 * the apostrophe goes after a line break, never between its CR and LF.
 * Sticky: tested at one position at a time.
 */
const FORMULA_START = /[\t\r]|[^\S\t\r\n]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/y;

function startsFormula(text: string, at: number): boolean {
  FORMULA_START.lastIndex = at;
  return FORMULA_START.test(text);
}

/**
 * Text that a spreadsheet would run as a formula, made plain text: an apostrophe (OWASP's
 * advice, and what a spreadsheet shows as "this is text") before every place a cell may begin
 * with a trigger: the start of the text, and after each list separator, quote or line break.
 */
export function neutralizeFormula(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const cellStart = i === 0 || CELL_BOUNDARY.has(text[i - 1] as string);
    if (cellStart && startsFormula(text, i)) out += "'";
    out += text[i];
  }
  return out;
}

/** One field: numbers as they are (a finite number is never a formula), text neutralised, then quoted when needed. */
export function csvCell(cell: Cell, neutralize: (text: string) => string = neutralizeFormula): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`not a finite number: ${cell}`);
    return String(cell);
  }
  const text = neutralize(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A whole file: BOM, the header line, then one line per row, every line ended by CRLF.
 * `neutralize` is there for the tests' weakened variant only.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly Cell[])[], neutralize: (text: string) => string = neutralizeFormula): string {
  return `${BOM}${[header, ...rows].map((row) => `${row.map((cell) => csvCell(cell, neutralize)).join(',')}\r\n`).join('')}`;
}
