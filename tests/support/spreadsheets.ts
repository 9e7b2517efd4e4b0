import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type XlsxCell = string | number | boolean | Date | null | { formula: string; result?: unknown } | { sharedFormula: string; result?: unknown };

/**
 * An .xlsx in memory, written by exceljs' streaming writer as a user's file would be: shared
 * strings (Excel's way) unless asked otherwise, and styles so dates are date cells.
 */
export async function xlsxBuffer(rows: Iterable<XlsxCell[]>, options: { sharedStrings?: boolean; sheetName?: string; dateFormat?: string } = {}): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: options.sharedStrings !== false });
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Sheet1');
  for (const cells of rows) {
    const row = sheet.addRow(cells);
    cells.forEach((c, i) => { if (c instanceof Date) row.getCell(i + 1).numFmt = options.dateFormat ?? 'yyyy-mm-dd'; });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** Every sheet's rows of an .xlsx as plain values (the test reads files back; they are small). */
export async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
  return rows;
}
