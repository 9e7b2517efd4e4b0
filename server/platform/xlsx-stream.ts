import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { spreadsheetCell } from '../shared/text/spreadsheet-cells.js';

/**
 * Helpers for the files Peyk writes with exceljs' streaming WorkbookWriter (outbox exports,
 * phonebook exports): a file of a million rows must neither hold them in memory nor stall the
 * event loop for long.
 */

/** Bytes of sheet XML written but not yet taken by the zip's deflate (see `drained`). */
function backlog(sheet: ExcelJS.Worksheet): number {
  const pipes = (sheet as unknown as { stream?: { pipes?: { _writableState?: { length: number }; _readableState?: { length: number } }[] } }).stream?.pipes ?? [];
  return pipes.reduce((n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
}

const BACKLOG_BYTES = 4 << 20;

/**
 * exceljs' streaming writer ignores backpressure: committed rows pile up in front of the zip's
 * deflate, which is slower than writing rows (a 1,000,000-row export held ~500 MB of XML that
 * way). Waits until that backlog is small. It reads exceljs internals (the worksheet's stream and
 * its pipes); if their shape changes the backlog reads 0 and the export runs without the wait.
 */
export async function drained(sheet: ExcelJS.Worksheet): Promise<void> {
  while (backlog(sheet) > BACKLOG_BYTES) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The source's next item is read while the caller works on the current one (the database and the writer overlap). */
export async function* prefetched<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  for (;;) {
    const item = await next;
    if (item.done) return;
    next = source.next();
    // Handled here too: a write that fails leaves the read in flight, and its failure must not go unhandled.
    next.catch(() => undefined);
    yield item.value;
  }
}

/** A cell's value: dates as UTC ISO text, every text through the one escaping rule of all exports (no cell is read as a formula). */
export function sheetCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return spreadsheetCell(value) as number | null;
  return spreadsheetCell(value instanceof Date ? value.toISOString() : String(value)) as string | null;
}

/** One column of a written sheet: its title, its width and how a row gives its cell. */
export interface SheetColumn<T> {
  header: string;
  width: number;
  value(row: T): unknown;
}

/**
 * Writes pages of rows to a one-sheet workbook (`Sheet1`, header frozen) at `file`, through
 * `<file>.part` so a reader never sees half a file and a failure leaves nothing behind (the part is
 * removed, the error thrown again). `onProgress` gets a percentage of `total` capped at 99 while
 * rows are written — rows may arrive while the file is written, so the count is a moment's — and
 * only when it grows. Answers how many rows were written.
 */
export async function writeSheetFile<T>(options: {
  file: string;
  columns: readonly SheetColumn<T>[];
  pages: AsyncGenerator<T[]>;
  total: number;
  onProgress(percent: number, written: number): Promise<void>;
}): Promise<number> {
  const { file, columns, total } = options;
  const part = `${file}.part`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: part, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
    let written = 0;
    let shown = 0;
    for await (const rows of prefetched(options.pages)) {
      for (const r of rows) sheet.addRow(columns.map((c) => sheetCell(c.value(r)))).commit();
      await drained(sheet);
      written += rows.length;
      const percent = total > 0 ? Math.min(99, Math.floor((written / total) * 100)) : 99;
      if (percent > shown) {
        shown = percent;
        await options.onProgress(percent, written);
      }
    }
    sheet.commit();
    await workbook.commit();
    await rename(part, file);
    return written;
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
}
