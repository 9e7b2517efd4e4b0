import type ExcelJS from 'exceljs';

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
