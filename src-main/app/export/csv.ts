// CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field that
// holds a comma, a double quote, CR or LF enclosed in double quotes, and a double quote in
// it doubled. The file starts with a UTF-8 byte-order mark, so spreadsheet programs read
// names like "Kaffee für alle" as UTF-8 (RFC 4180 does not forbid it; Excel needs it).
//
// Text cells are also neutralised against formula injection (OWASP "CSV Injection"): a
// spreadsheet runs a cell that begins with = + - @ (or tab / CR) as a formula, and counter
// names come from the server, so "=HYPERLINK(…)" as a name must stay text.

export type Cell = string | number | null | undefined;

export const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * = + - @ start a formula (Excel, LibreOffice, Google Sheets), after leading whitespace too,
 * and so do their full-width forms in East Asian Excel; a leading tab or CR can hide one.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** Text that a spreadsheet would run as a formula, made plain text: a leading apostrophe (OWASP's advice) that shows it is text. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
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
