/**
 * Cells of files Peyk writes for people to open in a spreadsheet (rejected import rows, outbox and
 * ledger exports). Text a user or a sender typed may begin with what a spreadsheet reads as a
 * formula (`=HYPERLINK(...)`, `+cmd|...`, `@SUM(...)`): such a cell is escaped with a leading
 * apostrophe, which Excel and LibreOffice take as "this is text" (OWASP CSV injection). Pure, so
 * every exporter (and the browser, if it ever writes a file) uses the same rule.
 */

/** Characters a spreadsheet may start a formula with: = + - @, tab and carriage return, and their full-width forms. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uff1d', '\uff0b', '\uff0d', '\uff20']);

/** The text as a cell may safely hold it: prefixed with `'` when a spreadsheet would read it as a formula. */
export function escapeSpreadsheetText(text: string): string {
  return text.length > 0 && FORMULA_START.has(text[0]) ? `'${text}` : text;
}

export type SpreadsheetValue = string | number | boolean | Date | null | undefined;

/**
 * A value for an exported cell: text escaped, numbers, booleans and dates kept typed (a typed
 * number is never a formula). Null and undefined stay empty.
 */
export function spreadsheetCell(value: SpreadsheetValue): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return escapeSpreadsheetText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value;
}

/**
 * An exact integer kept as text (rials and ids: a spreadsheet number is a double and rounds beyond
 * 2^53). A plain integer, a negative one too, is no formula (`-5000` evaluates to itself), so it
 * is not escaped: the exported value stays the ledger's. Anything else is escaped as text.
 */
export function integerTextCell(value: string | number | bigint | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return /^-?\d+$/.test(text) ? text : escapeSpreadsheetText(text);
}

/**
 * One CSV field (RFC 4180), escaped against formulas first: quoted when it holds the delimiter,
 * a quote or a line break (a quote doubled inside).
 */
export function csvField(value: SpreadsheetValue, delimiter = ','): string {
  const cell = spreadsheetCell(value);
  if (cell === null) return '';
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of these values, ending in CRLF (what spreadsheets write and expect). */
export function csvLine(values: readonly SpreadsheetValue[], delimiter = ','): string {
  return `${values.map((v) => csvField(v, delimiter)).join(delimiter)}\r\n`;
}
