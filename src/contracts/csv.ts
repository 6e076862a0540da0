/**
 * CSV as spreadsheets open it in Romania (docs/admin.md): UTF-8 with a byte-order mark (so Excel reads the
 * diacritics), `;` between fields (the decimal comma is taken), CRLF line ends (RFC 4180), every field quoted.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/**
 * One field: quoted, its quotes doubled, so `;`, quotes and line breaks stay inside it. A text starting with
 * = + - @ (or a tab or carriage return) would be run as a formula by a spreadsheet (CSV injection, OWASP):
 * it gets a leading apostrophe, which the spreadsheet shows as text.
 */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(fields: (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}
