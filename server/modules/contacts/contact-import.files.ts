import { readCsvRows } from './contact-import.csv-reader.js';
import { readXlsxRows } from './contact-import.xlsx-reader.js';
import type { SheetFormat, SheetReadOptions, SheetRow, StoredFile } from './contact-import.sheet.js';
import type { PhonebookFileRow } from './contact-import.repository.js';

/** What the upload, the mapping screen and the import worker share: reading a stored file, and how an import is shown. */

/** The realtime event the importing user's sockets receive after each committed batch and at the end. */
export const PHONEBOOK_FILE_EVENT = 'phonebook-file-progress';

/** Rows of a stored file in the format its upload was judged to be. */
export function readSheetRows(file: StoredFile, format: SheetFormat, options: SheetReadOptions & { onDimension?(lastRow: number): void; lazySharedStrings?: boolean } = {}): AsyncGenerator<SheetRow[]> {
  return format.format === 'xlsx' ? readXlsxRows(file, options) : readCsvRows(file, format.encoding ?? 'utf-8', format.delimiter ?? ',', options);
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
