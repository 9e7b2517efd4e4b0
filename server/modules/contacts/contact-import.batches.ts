import type { CustomFieldValue } from '../../shared/contacts/contact-fields.js';
import type { FieldDefinition } from './contact-input.js';
import { cellText, CONTACT_COLUMNS, MobileSet, RowReader, type ColumnMapping, type ImportedContact, type RejectedRow } from './contact-import.rows.js';
import { isEmptyRow, type SheetFormat, type StoredFile } from './contact-import.sheet.js';
import { readSheetRows } from './contact-import.files.js';

/**
 * The CPU half of an import, without the database: the stored file's rows → checked contacts
 * (numbers repeated in the file dropped) → batches ready to store, each with its contacts already
 * written in the form the database loads (COPY text on PostgreSQL, a jsonb array on the embedded
 * one). Runs in the import's worker thread for large files (contact-import.thread.ts), in the
 * process itself for small ones: the same code either way.
 */

/** Data rows per transaction: each commits its contacts, rejects, the phonebook's count and the import's counters together. */
export const IMPORT_BATCH = 10_000;

export type PayloadKind = 'copy' | 'json';

export interface ReadyBatch {
  /** Data rows of the file this batch covers (imported, repeated or rejected). */
  processed: number;
  /** Rows whose number came earlier in the file. */
  duplicate: number;
  /** Contacts in `payload`. */
  count: number;
  payload: string;
  rejects: RejectedRow[];
  /** Share of the file read when the batch was closed (0..1). */
  fraction: number;
  /** The file's end: committing it completes the import (it may hold no rows). */
  last: boolean;
}

/** What the producer needs to know of the import: plain data, so it crosses into a worker thread. */
export interface BatchJob {
  format: SheetFormat;
  mapping: ColumnMapping;
  definitions: FieldDefinition[];
  /** Today in Tehran (bounds birthdates). */
  today: string;
  hasHeaderRow: boolean;
  /** Data rows committed by an earlier run: read again only to remember their numbers. */
  skip: number;
  payloadKind: PayloadKind;
}

/** COPY text format: backslash, tab and line breaks escaped; null as \N. */
function copyValue(value: string | null): string {
  if (value === null) return '\\N';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 92 || c === 9 || c === 10 || c === 13) return value.replace(/[\\\t\n\r]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\t' ? '\\t' : ch === '\n' ? '\\n' : '\\r'));
  }
  return value;
}

function fieldsJson(fields: Record<string, CustomFieldValue>): string {
  for (const _ in fields) return JSON.stringify(fields);
  return '{}';
}

/** The contacts as the database loads them: COPY lines (`seq`, the contact's columns in CONTACT_COLUMNS order, the custom values) or a jsonb array of rows. */
export function batchPayload(contacts: readonly ImportedContact[], kind: PayloadKind): string {
  if (kind === 'json') return JSON.stringify(contacts.map((c) => [...CONTACT_COLUMNS.map((k) => c[k]), c.fields]));
  let text = '';
  for (let i = 0; i < contacts.length; i++) {
    const c = contacts[i];
    let line = String(i);
    for (const k of CONTACT_COLUMNS) line += `\t${copyValue(c[k])}`;
    text += `${line}\t${copyValue(fieldsJson(c.fields))}\n`;
  }
  return text;
}

/** Yields to the event loop (a thread's message port, the process's requests) between reader batches. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function* importBatches(file: StoredFile, job: BatchJob): AsyncGenerator<ReadyBatch> {
  const reader = new RowReader(job.mapping, job.definitions, job.today);
  const seen = new MobileSet();
  let headerSkipped = !job.hasHeaderRow;
  let dataRows = 0;
  let fraction = 0;
  let processed = 0;
  let duplicate = 0;
  let contacts: ImportedContact[] = [];
  let rejects: RejectedRow[] = [];
  const close = (last: boolean): ReadyBatch => {
    const batch = { processed, duplicate, count: contacts.length, payload: batchPayload(contacts, job.payloadKind), rejects, fraction, last };
    processed = 0;
    duplicate = 0;
    contacts = [];
    rejects = [];
    return batch;
  };
  for await (const rows of readSheetRows(file, job.format, { onProgress: (f) => { fraction = f; } })) {
    for (const r of rows) {
      if (isEmptyRow(r.cells)) continue;
      if (!headerSkipped) { headerSkipped = true; continue; }
      dataRows++;
      const result = reader.read(r.cells);
      if (dataRows <= job.skip) {
        // Committed by an earlier run: only its number matters now (a later repeat of it is a duplicate).
        if (result.ok) seen.add(result.contact.cellphone);
        continue;
      }
      processed++;
      if (!result.ok) rejects.push({ rowNumber: r.rowNumber, reasons: result.issues, cells: r.cells.map(cellText) });
      else if (seen.add(result.contact.cellphone)) contacts.push(result.contact);
      else duplicate++;
      if (processed >= IMPORT_BATCH) yield close(false);
    }
    await turn();
  }
  fraction = 1;
  // The last batch may be empty: it is the one that completes the import.
  yield close(true);
}
