import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { RawResult } from '../../platform/http/router.js';

/** The columns of the export: the spec's Transaction fields as Transactions/GetAll answers them. */
const COLUMNS: { header: string; key: string; width: number }[] = [
  { header: 'Id', key: 'id', width: 10 },
  { header: 'Date', key: 'createdAt', width: 24 },
  { header: 'Organization', key: 'organizationName', width: 28 },
  { header: 'TypeCreditChange', key: 'typeCreditChange', width: 22 },
  { header: 'TypeTransaction', key: 'typeTransaction', width: 14 },
  { header: 'Amount (rials)', key: 'amount', width: 18 },
  { header: 'CurrentCredit (rials)', key: 'currentCredit', width: 20 },
  { header: 'ReferenceType', key: 'referenceType', width: 14 },
  { header: 'ReferenceId', key: 'referenceId', width: 14 },
  { header: 'Package', key: 'packageTitle', width: 20 },
  { header: 'CreatedBy', key: 'createdByUserName', width: 18 },
  { header: 'Description', key: 'description', width: 40 },
];

/**
 * An .xlsx of ledger entries written with exceljs' streaming WorkbookWriter straight into the
 * response (rows are committed one by one; memory stays flat). Amounts are text cells of the
 * exact decimal rials (a spreadsheet number is a double and would round beyond 2^53).
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
        for (const c of COLUMNS) {
          const v = row[c.key];
          values[c.key] = v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);
        }
        sheet.addRow(values).commit();
      }
      sheet.commit();
      await workbook.commit();
    })().catch((err) => {
      res.destroy(err as Error);
    });
  });
}
