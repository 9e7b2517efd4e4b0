import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { RawResult } from '../../../platform/http/router.js';
import type { Culture, Translator } from '../../../platform/i18n.js';
import { drained, sheetCell } from '../../../platform/xlsx-stream.js';
import type { FormFieldRow, FormSubmissionRow } from './forms.repository.js';

/**
 * A form's answers as .xlsx, streamed into the response with exceljs' streaming writer, page by
 * page (keyset pages of 1,000), waiting for the socket between pages: one row per answer, one
 * column per field (its label in the reader's language), then the mobile and the thank-you send.
 * Every cell goes through the shared escaping (`sheetCell`: answers are typed by strangers).
 */
export function answersXlsx(fields: FormFieldRow[], pages: AsyncGenerator<FormSubmissionRow[]>, translator: Translator, culture: Culture): RawResult {
  const t = (key: string) => translator.t(culture, key);
  const titles = [t('forms.export.submittedAt'), ...fields.map((f) => (culture === 'fa' ? f.label : f.labelEn ?? f.label)), t('forms.export.mobile'), t('forms.export.sendId')];
  const yes = t('forms.export.yes');
  const no = t('forms.export.no');
  const cell = (v: unknown): unknown => {
    if (typeof v === 'boolean') return v ? yes : no;
    if (v !== null && typeof v === 'object') return (v as { fileName?: string | null }).fileName ?? '';
    return v;
  };
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', 'attachment; filename="form-answers.xlsx"');
    res.setHeader('cache-control', 'no-store');
    void (async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Sheet1', { views: [{ rightToLeft: culture === 'fa', state: 'frozen', ySplit: 1 }] });
      sheet.addRow(titles.map((v) => sheetCell(v))).commit();
      for await (const rows of pages) {
        for (const r of rows) {
          sheet.addRow([r.createdAt, ...fields.map((f) => cell(r.values[String(f.id)] ?? null)), r.mobile, r.sendId].map((v) => sheetCell(v))).commit();
        }
        await drained(sheet);
      }
      sheet.commit();
      await workbook.commit();
    })().catch((err) => { res.destroy(err as Error); });
  });
}
