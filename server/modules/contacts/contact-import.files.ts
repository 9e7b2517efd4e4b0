import { detectCsvEncoding, detectDelimiter, looksLikeText, readCsvRows } from './contact-import.csv-reader.js';
import { readXlsxRows } from './contact-import.xlsx-reader.js';
import { SheetError, type SheetFormat, type SheetReadOptions, type SheetRow, type StoredFile } from './contact-import.sheet.js';
import type { PhonebookFileRow } from './contact-import.repository.js';

/** What the upload, the mapping screen and the import worker share: reading a stored file, and how an import is shown. */

/** The realtime event the importing user's sockets receive after each committed batch and at the end. */
export const PHONEBOOK_FILE_EVENT = 'phonebook-file-progress';

/** Rows of a stored file in the format its upload was judged to be. */
export function readSheetRows(file: StoredFile, format: SheetFormat, options: SheetReadOptions & { onDimension?(lastRow: number): void; lazySharedStrings?: boolean; onSheetName?(name: string | null): void } = {}): AsyncGenerator<SheetRow[]> {
  return format.format === 'xlsx' ? readXlsxRows(file, options) : readCsvRows(file, format.encoding ?? 'utf-8', format.delimiter ?? ',', options);
}

/**
 * A file's format judged from its first bytes: a zip is an xlsx, OLE2 an old .xls (refused), text
 * is CSV (encoding and delimiter from the text); anything else is refused (SheetError).
 */
export function sheetFormatOf(head: Buffer): SheetFormat {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return { format: 'xlsx', encoding: null, delimiter: null };
  if (head.length >= 4 && head.readUInt32BE(0) === 0xd0cf11e0) throw new SheetError('contacts.import.xlsNotSupported');
  if (!looksLikeText(head)) throw new SheetError('contacts.import.notSpreadsheet');
  const { encoding, bomLength } = detectCsvEncoding(head);
  const text = new TextDecoder(encoding).decode(head.subarray(bomLength), { stream: true });
  return { format: 'csv', encoding, delimiter: detectDelimiter(text) };
}

/**
 * A phonebook file (the spec's progress entity: fileName, status, phonebookId, phonebookName,
 * progressPercent, totalCount) with its counts, as lists, pushes and the mapping screen show it.
 */
export function publicPhonebookFile(row: PhonebookFileRow, t: (key: string, params?: Record<string, unknown>) => string) {
  return {
    id: row.id, organizationId: row.organizationId, phonebookId: row.phonebookId, phonebookName: row.phonebookName, userId: row.userId,
    fileName: row.fileName, status: row.status, progressPercent: row.progressPercent, totalCount: row.totalCount,
    processedCount: row.processedCount, addedCount: row.addedCount, updatedCount: row.updatedCount, duplicateCount: row.duplicateCount,
    existingCount: row.existingCount, rejectedCount: row.rejectedCount,
    format: row.format, sizeBytes: row.sizeBytes, columnCount: row.columnCount, hasHeaderRow: row.hasHeaderRow, updateExisting: row.updateExisting,
    mapping: row.mapping, failedReason: row.failedReason ? t(row.failedReason, row.failedParams ?? {}) : null,
    rejectedFileUrl: row.rejectedCount > 0 ? `/api/PhonebookFiles/RejectedFile/${row.rejectedToken}` : null,
    createdAt: row.createdAt, startedAt: row.startedAt, finishedAt: row.finishedAt, lastModified: row.lastModified,
  };
}
