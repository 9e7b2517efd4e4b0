/**
 * What both file readers (CSV and xlsx) hand the import: rows of plain cell values, in file order,
 * in batches, and how far through the file they are. Nothing here knows about contacts.
 */

/** A cell as read: text (CSV, text cells), a number, a boolean, a date (xlsx date cells), or empty. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's number as a spreadsheet shows it (1 = the first line of the file). */
  rowNumber: number;
  /** Cells from the first column on; missing cells are null. */
  cells: CellValue[];
}

/** The stored upload, read at any offset (the zip directory sits at the end of an xlsx). */
export interface StoredFile {
  readonly size: number;
  /** Bytes [offset, offset + length), in pieces as storage holds them. */
  stream(offset: number, length: number): AsyncIterable<Buffer>;
  read(offset: number, length: number): Promise<Buffer>;
}

export type ImportFormat = 'xlsx' | 'csv';
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256';
export type CsvDelimiter = ',' | ';' | '\t';

/** How to read a stored file: decided once from its bytes at upload, kept with the import. */
export interface SheetFormat {
  format: ImportFormat;
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
}

/** A file the import refuses as a whole (the message key says why; 400 on `file` at upload). */
export { SheetError } from '../../platform/upload/spreadsheet-guards.js';

/** Rows read per batch handed on (the reader's unit of work between yields to the event loop). */
export const SHEET_BATCH_ROWS = 1_000;

export interface SheetReadOptions {
  /** Called with the share of the file consumed so far (0..1) as reading advances. */
  onProgress?(fraction: number): void;
}

export function isEmptyRow(cells: readonly CellValue[]): boolean {
  for (const c of cells) {
    if (c === null || c === '') continue;
    if (typeof c !== 'string' || c.charCodeAt(0) > 32 || c.trim() !== '') return false;
  }
  return true;
}
