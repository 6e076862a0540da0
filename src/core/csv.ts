/** A record of a CSV file: the line it starts on (the header is line 1) and its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Parses RFC 4180 CSV (comma-separated, double-quoted fields with "" for a quote, CRLF or LF) into its
 * rows, each with the line it starts on (a quoted field may span lines), blank lines skipped. Walks the
 * text once: the address files are ~10 MB. `separator`: a semicolon, as spreadsheets write CSV where the
 * comma is the decimal mark (Romanian ones).
 */
export function parseCsvRecords(text: string, separator: ',' | ';' = ','): CsvRecord[] {
  const rows: CsvRecord[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0]?.trim() !== '') rows.push({ line: rowLine, cells: row });
      row = [];
      line++;
      rowLine = line;
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push({ line: rowLine, cells: row });
  }
  return rows;
}

/** CSV into records keyed by the header row (see parseCsvRecords). */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...data] = parseCsvRecords(text);
  if (!header) return [];
  return data.map(({ cells }) => Object.fromEntries(header.cells.map((name, i) => [name, cells[i] ?? ''])));
}
