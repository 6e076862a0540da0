import {
  IMPORT_KEY_COLUMNS,
  IMPORT_VALUE_COLUMNS,
  type ImportProblem,
  type ImportValueColumn,
  isbnSchema,
  MAX_IMPORT_ROWS,
  skuSchema,
  stockQuantitySchema,
} from '../../contracts/admin-catalogue';
import { type Bani, parseLei } from '../../contracts/money';
import { parseCsvRecords } from '../csv';

/** One data line of the CSV, read: what it names and the values it sets (undefined = not changed). */
export interface ImportLine {
  line: number;
  key: { column: 'sku' | 'isbn'; value: string };
  quantity?: number;
  sellingPrice?: Bani;
  /** null: the special price is removed ("-" in the cell). */
  specialPrice?: Bani | null;
}

const P = 'validation.adminCatalogue.import';

/** The import's separator is its header's: a semicolon (as Romanian spreadsheets write CSV) or a comma. */
function csvRecords(text: string) {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return parseCsvRecords(text, firstLine.includes(';') ? ';' : ',').map(({ line, cells }) => ({ line, fields: cells }));
}

/**
 * Reads the import's CSV: a header naming `sku` or `isbn` and any of `stock`, `price`, `special_price`
 * (case and spaces ignored), then one product a line. Every bad line is reported with its number and
 * the reason; `allowed` are the value columns the member may change (an operator: stock only).
 */
export function readImport(
  text: string,
  allowed: readonly ImportValueColumn[],
): { lines: ImportLine[]; problems: ImportProblem[] } {
  const records = csvRecords(text);
  const problems: ImportProblem[] = [];
  const header = records[0];
  if (!header) return { lines: [], problems: [{ line: 1, reason: `${P}.empty` }] };
  const names = header.fields.map((f) => f.trim().toLowerCase().replace(/\s+/g, '_'));
  const keyColumn = IMPORT_KEY_COLUMNS.find((k) => names.includes(k));
  const unknown = names.filter(
    (n) =>
      !(IMPORT_KEY_COLUMNS as readonly string[]).includes(n) &&
      !(IMPORT_VALUE_COLUMNS as readonly string[]).includes(n),
  );
  const valueColumns = IMPORT_VALUE_COLUMNS.filter((c) => names.includes(c));
  if (!keyColumn) problems.push({ line: header.line, reason: `${P}.noKey` });
  for (const n of unknown) problems.push({ line: header.line, reason: `${P}.unknownColumn`, value: n });
  if (!valueColumns.length) problems.push({ line: header.line, reason: `${P}.noValues` });
  for (const c of valueColumns)
    if (!allowed.includes(c)) problems.push({ line: header.line, reason: `${P}.notAllowed`, value: c });
  if (records.length - 1 > MAX_IMPORT_ROWS) problems.push({ line: header.line, reason: `${P}.tooMany` });
  if (problems.length || !keyColumn) return { lines: [], problems };

  const at = (fields: string[], name: string) => {
    const i = names.indexOf(name);
    return i < 0 ? undefined : (fields[i] ?? '').trim();
  };
  const lines: ImportLine[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records.slice(1)) {
    const bad = (reason: string, value?: string) => problems.push({ line, reason: `${P}.${reason}`, value });
    if (fields.length !== names.length) {
      bad('columns');
      continue;
    }
    const rawKey = at(fields, keyColumn) ?? '';
    const key = (keyColumn === 'sku' ? skuSchema : isbnSchema).safeParse(rawKey);
    if (!key.success) {
      bad(keyColumn === 'sku' ? 'sku' : 'isbn', rawKey);
      continue;
    }
    const previous = seen.get(key.data);
    if (previous !== undefined) {
      bad('duplicate', String(previous));
      continue;
    }
    seen.set(key.data, line);
    const read: ImportLine = { line, key: { column: keyColumn, value: key.data } };
    let ok = true;
    const stock = at(fields, 'stock');
    if (stock) {
      const parsed = /^\d+$/.test(stock) ? stockQuantitySchema.safeParse(stock) : null;
      if (parsed?.success) read.quantity = parsed.data;
      else {
        bad('stock', stock);
        ok = false;
      }
    }
    const price = at(fields, 'price');
    if (price) {
      const bani = parseLei(price);
      if (bani !== null && bani >= 1) read.sellingPrice = bani;
      else {
        bad('price', price);
        ok = false;
      }
    }
    const special = at(fields, 'special_price');
    if (special === '-') read.specialPrice = null;
    else if (special) {
      const bani = parseLei(special);
      if (bani !== null && bani >= 1) read.specialPrice = bani;
      else {
        bad('price', special);
        ok = false;
      }
    }
    if (ok) lines.push(read);
  }
  if (records.length < 2) problems.push({ line: header.line, reason: `${P}.noRows` });
  return { lines, problems };
}
