import type { BankImportRow } from './number-bank.repository.js';

/** The realtime event the importing administrator's sockets receive after each committed batch and at the end. */
export const BANK_IMPORT_EVENT = 'number-bank-import-progress';

/** An import as lists, pushes and the import screen show it (never a number of the bank). */
export function publicBankImport(row: BankImportRow, t: (key: string, params?: Record<string, unknown>) => string) {
  return {
    id: row.id, userId: row.userId, fileName: row.fileName, format: row.format, sizeBytes: row.sizeBytes, status: row.status,
    progressPercent: row.progressPercent, processedCount: row.processedCount, addedCount: row.addedCount, updatedCount: row.updatedCount,
    rejectedCount: row.rejectedCount, zoneCount: row.zoneCount, failedReason: row.failedReason ? t(row.failedReason) : null,
    createdAt: row.createdAt.toISOString(), startedAt: row.startedAt?.toISOString() ?? null, finishedAt: row.finishedAt?.toISOString() ?? null,
    lastModified: row.lastModified.toISOString(),
  };
}
