import type { Response } from 'express';
import ExcelJS from 'exceljs';
import type { Culture, Translator } from '../../platform/i18n.js';
import { RawResult } from '../../platform/http/router.js';
import { csvLine, spreadsheetCell } from '../../shared/text/spreadsheet-cells.js';
import type { ContactImportRepository, PhonebookFileRow, RejectedRow } from './contact-import.repository.js';

const PAGE = 5_000;

/**
 * The rejected rows of an import as a file to fix and import again: the file's own columns in
 * their order (so the same mapping fits), then the row's number in the uploaded file and every
 * reason, in the reader's language. Written as it is read (rows in pages, exceljs' streaming
 * writer or CSV lines), every cell escaped against spreadsheet formulas.
 */
export function rejectedFile(repo: ContactImportRepository, translator: Translator, culture: Culture, file: PhonebookFileRow, format: 'xlsx' | 'csv'): RawResult {
  const t = (key: string, params?: Record<string, unknown>) => translator.t(culture, key, params);
  const width = Math.max(file.columnCount, 1);
  const header = file.hasHeaderRow && file.preview?.rows[0]
    ? Array.from({ length: width }, (_, i) => file.preview!.rows[0][i] || t('contacts.import.rejected.column', { n: i + 1 }))
    : Array.from({ length: width }, (_, i) => t('contacts.import.rejected.column', { n: i + 1 }));
  const titles = [...header, t('contacts.import.rejected.row'), t('contacts.import.rejected.reason')];
  const line = (r: RejectedRow) => [
    ...Array.from({ length: width }, (_, i) => r.cells[i] ?? ''),
    r.rowNumber,
    r.reasons.map((reason) => t(reason.key, reason.params)).join(' '),
  ];
  async function* pages(): AsyncGenerator<RejectedRow[]> {
    let after = 0;
    for (;;) {
      const rows = await repo.rejectsAfter(file.id, after, PAGE);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].rowNumber;
    }
  }
  const base = file.fileName.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N}_ -]+/gu, '_').slice(0, 100) || 'contacts';
  const name = `${base}-rejected.${format}`;
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="rejected.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    res.setHeader('cache-control', 'no-store');
    void (async () => {
      if (format === 'csv') {
        // A BOM: without it Excel reads UTF-8 Persian as mojibake.
        res.write(`\ufeff${csvLine(titles)}`);
        for await (const rows of pages()) {
          if (!res.write(rows.map((r) => csvLine(line(r))).join(''))) await new Promise((resolve) => res.once('drain', resolve));
        }
        res.end();
        return;
      }
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Sheet1', { views: [{ rightToLeft: culture === 'fa', state: 'frozen', ySplit: 1 }] });
      sheet.addRow(titles.map((v) => spreadsheetCell(v))).commit();
      for await (const rows of pages()) for (const r of rows) sheet.addRow(line(r).map((v) => spreadsheetCell(v))).commit();
      sheet.commit();
      await workbook.commit();
    })().catch((err) => {
      res.destroy(err as Error);
    });
  });
}
