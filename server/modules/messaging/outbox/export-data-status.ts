import type { ExcelRequestRow } from './excel-requests.repository.js';

/** The spec's ExportDataStatus. */
export const EXPORT_DATA_STATUSES = ['None', 'Get', 'Complete', 'Refresh'] as const;
export type ExportDataStatus = (typeof EXPORT_DATA_STATUSES)[number];

/**
 * An export's state in the spec's words: None (no file: never asked, or it failed), Get (being
 * made), Complete (ready and current), Refresh (ready, but the send changed after the export began:
 * its file may be stale, so a new one should be asked for). Only a send's receivers export can go
 * stale here; a search export is Complete once made.
 */
export function exportDataStatusOf(row: Pick<ExcelRequestRow, 'status' | 'createdAt' | 'sendChangedAt'> | null): ExportDataStatus {
  if (!row || row.status === 'Failed') return 'None';
  if (row.status !== 'Done') return 'Get';
  return row.sendChangedAt && new Date(row.sendChangedAt).getTime() > new Date(row.createdAt).getTime() ? 'Refresh' : 'Complete';
}
