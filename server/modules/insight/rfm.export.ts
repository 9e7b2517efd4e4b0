import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { RawResult } from '../../platform/http/router.js';
import type { Culture, Translator } from '../../platform/i18n.js';
import { integerTextCell, spreadsheetCell } from '../../shared/text/spreadsheet-cells.js';

type Row = Awaited<ReturnType<import('./rfm.service.js').RfmService['exportRows']>>[number];

/** The export's columns: the spec's result fields, in the screen's order; titles from the catalogue. */
const COLUMNS: { key: string; value(r: Row): string | number | null; integer?: true }[] = [
  { key: 'organizationName', value: (r) => r.organizationName },
  { key: 'totalPoint', value: (r) => r.totalPoint, integer: true },
  { key: 'recency', value: (r) => r.points.recency, integer: true },
  { key: 'frequency', value: (r) => r.points.frequency, integer: true },
  { key: 'monetary', value: (r) => r.points.monetary, integer: true },
  { key: 'recentSendSms', value: (r) => r.recentSendSms, integer: true },
  { key: 'sendSmsFrequency', value: (r) => r.sendSmsFrequency, integer: true },
  { key: 'totalUsedCredit', value: (r) => r.totalUsedCredit, integer: true },
  { key: 'realUsedCredit', value: (r) => r.realUsedCredit, integer: true },
  { key: 'usedCreditPerEachFrequency', value: (r) => r.usedCreditPerEachFrequency, integer: true },
  { key: 'totalSentCount', value: (r) => r.totalSentCount, integer: true },
  { key: 'realSentCount', value: (r) => r.realSentCount, integer: true },
  { key: 'totalSentParts', value: (r) => r.totalSentParts, integer: true },
  { key: 'realSentParts', value: (r) => r.realSentParts, integer: true },
];

/**
 * The ranking as .xlsx through exceljs' streaming writer, every cell through the shared
 * spreadsheet escaping (customer names are typed by people); rials stay exact text cells.
 */
export function rfmXlsx(rows: Row[], translator: Translator, culture: Culture): RawResult {
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', 'attachment; filename="rfm.xlsx"');
    res.setHeader('cache-control', 'no-store');
    void (async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet('RFM', { views: [{ rightToLeft: culture === 'fa', state: 'frozen', ySplit: 1 }] });
      sheet.addRow(COLUMNS.map((c) => spreadsheetCell(translator.t(culture, `rfm.export.${c.key}`)))).commit();
      for (const r of rows) {
        sheet.addRow(COLUMNS.map((c) => {
          const v = c.value(r);
          return c.integer ? integerTextCell(v === null ? null : String(v)) : spreadsheetCell(v);
        })).commit();
      }
      sheet.commit();
      await workbook.commit();
    })().catch((err) => { res.destroy(err as Error); });
  });
}
