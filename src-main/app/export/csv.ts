// CSV (RFC 4180, a BOM for Excel), every text cell neutralised against formula injection (OWASP):
// names come from the server. Why at every cell: docs/export.md.

export type Cell = string | number | null | undefined;

export const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",;\t\r\n]/;

const CELL_BOUNDARY = new Set([',', ';', '\t', '"', '\r', '\n']);

/** = + - @ start a formula (also after spaces, and full-width); a leading tab or CR can hide one. No apostrophe between CR and LF. Sticky. */
const FORMULA_START = /[\t\r]|[^\S\t\r\n]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/y;

function startsFormula(text: string, at: number): boolean {
  FORMULA_START.lastIndex = at;
  return FORMULA_START.test(text);
}

/** An apostrophe (OWASP's advice) before every place a cell may begin with a trigger. */
export function neutralizeFormula(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const cellStart = i === 0 || CELL_BOUNDARY.has(text[i - 1] as string);
    if (cellStart && startsFormula(text, i)) out += "'";
    out += text[i];
  }
  return out;
}

/** A finite number is never a formula; text neutralised, then quoted when needed. */
export function csvCell(cell: Cell, neutralize: (text: string) => string = neutralizeFormula): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`not a finite number: ${cell}`);
    return String(cell);
  }
  const text = neutralize(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `neutralize` is for the tests' weakened variant only. */
export function csvDocument(header: readonly string[], rows: readonly (readonly Cell[])[], neutralize: (text: string) => string = neutralizeFormula): string {
  return `${BOM}${[header, ...rows].map((row) => `${row.map((cell) => csvCell(cell, neutralize)).join(',')}\r\n`).join('')}`;
}
