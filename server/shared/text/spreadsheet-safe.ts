/**
 * Text written into a spreadsheet cell that a spreadsheet program must never read as a formula
 * (spreadsheet / CSV injection): a value starting with = + - @ (or a tab or carriage return, which
 * some programs skip before looking for one) gets a leading apostrophe, the escape every
 * spreadsheet program shows as plain text. No imports: usable by any module and the browser.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
