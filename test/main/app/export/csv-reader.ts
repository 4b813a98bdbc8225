// An independent RFC 4180 reader for the export tests (a state machine over the grammar in
// RFC 4180 §2, written from the RFC, not from the writer). What spreadsheets in other locales
// see, and would run, is spreadsheet-views.ts.

/** Rows of fields; a leading BOM is dropped; a final CRLF does not make an empty row. Throws on malformed input. */
export function readCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < input.length) {
    const char = input[i] as string;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i += 1;
        const next = input[i];
        if (next !== undefined && next !== ',' && next !== '\r') throw new Error(`text after a closing quote at ${i}`);
      } else {
        field += char;
        i += 1;
      }
      continue;
    }
    if (char === '"') {
      if (fieldStarted && field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (char === ',') {
      row.push(field);
      field = '';
      fieldStarted = false;
      i += 1;
    } else if (char === '\r') {
      if (input[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      i += 2;
    } else if (char === '\n') {
      throw new Error(`a bare LF outside quotes at ${i}`);
    } else {
      field += char;
      fieldStarted = true;
      i += 1;
    }
  }
  if (quoted) throw new Error('an unclosed quote');
  if (fieldStarted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
