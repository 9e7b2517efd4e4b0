import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { drained } from '../../platform/xlsx-stream.js';
import { csvLine, spreadsheetCell, type SpreadsheetValue } from '../../shared/text/spreadsheet-cells.js';
import { type ContactOwnFields, type CustomFieldType, type CustomFieldValue } from '../../shared/contacts/contact-fields.js';
import { maskMobile } from '../../shared/sms/masked-numbers.js';
import { wallTimeOf } from '../../shared/dates/tehran-time.js';

/**
 * The export files themselves (xlsx, CSV): what the columns are and how a contact becomes a row.
 * Used by the export job in the process and by its worker thread (contact-export.thread.ts), so
 * both write byte for byte the same file.
 */

/** A contact as an export reads it: no timestamps (not exported; parsing them cost a tenth of a large export). */
export interface ExportedContact extends ContactOwnFields {
  id: number;
  createType: string;
  /** Custom field values by field id. */
  fields: Record<string, CustomFieldValue>;
}

/** What a row needs of a custom field. */
export interface ExportField { id: number; type: CustomFieldType; nameEn: string }

/** Rows written between two turns of the event loop (other work is served in between). */
const ROWS_PER_TURN = 500;

/**
 * The contact's own columns: English titles without spaces, the words the import's mapping
 * screen recognises (`suggestMapping`), so an exported file goes back in with no mapping work.
 */
const OWN_COLUMNS = ['Cellphone', 'FirstName', 'LastName', 'Email', 'Job', 'Birthdate', 'Telephone', 'Address', 'PhonebookGroup'] as const;

/**
 * A stored Datetime value (an ISO instant) as Tehran's wall clock, `YYYY-MM-DD` when it is the
 * start of a day (what the panel stores) else `YYYY-MM-DD HH:mm:ss`: readable, and read back by
 * the import as the same Tehran instant. Gregorian, because the import does not read Jalali dates.
 */
export function tehranDateText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const w = wallTimeOf(at);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${w.year}-${two(w.month)}-${two(w.day)}`;
  return w.hour === 0 && w.minute === 0 && w.second === 0 ? day : `${day} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** The sheet's titles and the row of a contact, for one organization's fields and one reader. */
export function exportLayout(defs: readonly ExportField[], numbersHidden: boolean) {
  const titles: string[] = [...OWN_COLUMNS, ...defs.map((d) => d.nameEn), 'CreateType'];
  const dates = new Map<string, string>();
  const dateText = (iso: string) => {
    let text = dates.get(iso);
    if (text === undefined) {
      text = tehranDateText(iso);
      // The same instants come again and again (days of joining); the cache stays small.
      if (dates.size >= 10_000) dates.clear();
      dates.set(iso, text);
    }
    return text;
  };
  const custom = (def: ExportField, value: CustomFieldValue | undefined): SpreadsheetValue => {
    if (value === undefined || value === null) return null;
    return def.type === 'Datetime' && typeof value === 'string' ? dateText(value) : value;
  };
  const values = (r: ExportedContact): SpreadsheetValue[] => [
    numbersHidden ? maskMobile(r.cellphone) : r.cellphone,
    r.firstName, r.lastName, r.email, r.job, r.birthdate,
    numbersHidden && r.telephone ? maskMobile(r.telephone) : r.telephone,
    r.address, r.phonebookGroup,
    ...defs.map((d) => custom(d, r.fields[String(d.id)])),
    r.createType,
  ];
  return { titles, values };
}

export type ExportLayout = ReturnType<typeof exportLayout>;
/** Told the rows written so far after each batch. */
export type ExportProgress = (written: number) => Promise<void> | void;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An xlsx of the batches (exceljs' streaming writer, its zip backlog bounded); answers the rows written. */
export async function writeXlsx(file: string, layout: ExportLayout, batches: AsyncIterable<ExportedContact[]>, progress: ExportProgress): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  // Sheet1: the name the spec gives the sheets Peyk reads.
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(layout.titles).commit();
  let written = 0;
  for await (const rows of batches) {
    for (const r of rows) {
      sheet.addRow(layout.values(r).map(spreadsheetCell)).commit();
      if (++written % ROWS_PER_TURN === 0) await turn();
    }
    await drained(sheet);
    await progress(written);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

/** A CSV of the batches: UTF-8 with a BOM, CRLF, RFC 4180, the file stream's backpressure honoured; answers the rows written. */
export async function writeCsv(file: string, layout: ExportLayout, batches: AsyncIterable<ExportedContact[]>, progress: ExportProgress): Promise<number> {
  const out = createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([new Promise<void>((resolve) => out.once('drain', () => resolve())), failed]);
  };
  try {
    // A BOM: without it Excel reads UTF-8 Persian as mojibake.
    await write(`\ufeff${csvLine(layout.titles)}`);
    let written = 0;
    for await (const rows of batches) {
      let chunk = '';
      for (const r of rows) {
        chunk += csvLine(layout.values(r));
        if (++written % ROWS_PER_TURN === 0) {
          await write(chunk);
          chunk = '';
          await turn();
        }
      }
      if (chunk) await write(chunk);
      await progress(written);
    }
    await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
    return written;
  } finally {
    if (!out.closed) out.destroy();
  }
}
