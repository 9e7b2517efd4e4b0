import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { RawResult } from '../../platform/http/router.js';
import { integerTextCell, spreadsheetCell } from '../../shared/text/spreadsheet-cells.js';

/** The columns of the export: the spec's Transaction fields as Transactions/GetAll answers them. */
const COLUMNS: { header: string; key: string; width: number; integer?: true }[] = [
  { header: 'Id', key: 'id', width: 10, integer: true },
  { header: 'Date', key: 'createdAt', width: 24 },
  { header: 'Organization', key: 'organizationName', width: 28 },
  { header: 'TypeCreditChange', key: 'typeCreditChange', width: 22 },
  { header: 'TypeTransaction', key: 'typeTransaction', width: 14 },
  { header: 'Amount (rials)', key: 'amount', width: 18, integer: true },
  { header: 'CurrentCredit (rials)', key: 'currentCredit', width: 20, integer: true },
  { header: 'ReferenceType', key: 'referenceType', width: 14 },
  { header: 'ReferenceId', key: 'referenceId', width: 14, integer: true },
  { header: 'Package', key: 'packageTitle', width: 20 },
  { header: 'CreatedBy', key: 'createdByUserName', width: 18 },
  { header: 'Description', key: 'description', width: 40 },
];

/**
 * A cell of the export, through the one escaping rule every export uses: descriptions, names and
 * titles are typed by people (a charge description `=HYPERLINK(...)` must stay text); ids and
 * rials are exact integers kept as text, a negative one unescaped.
 */
function cell(column: (typeof COLUMNS)[number], value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (column.integer) return integerTextCell(String(value));
  return spreadsheetCell(value instanceof Date ? value.toISOString() : String(value)) as string | null;
}

/**
 * An .xlsx of ledger entries written with exceljs' streaming WorkbookWriter straight into the
 * response (rows are committed one by one; memory stays flat). Amounts are text cells of the
 * exact decimal rials (a spreadsheet number is a double and would round beyond 2^53). Every
 * cell goes through `server/shared/text/spreadsheet-cells.ts`, as every other export's.
 */
export function transactionsXlsx(rows: AsyncIterable<Record<string, unknown>>, fileName: string): RawResult {
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', `attachment; filename="${fileName}"`);
    void (async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Transactions', { views: [{ rightToLeft: false, state: 'frozen', ySplit: 1 }] });
      sheet.columns = COLUMNS;
      for await (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const c of COLUMNS) values[c.key] = cell(c, row[c.key]);
        sheet.addRow(values).commit();
      }
      sheet.commit();
      await workbook.commit();
    })().catch((err) => {
      res.destroy(err as Error);
    });
  });
}
