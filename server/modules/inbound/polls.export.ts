import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { RawResult } from '../../platform/http/router.js';
import type { Culture, Translator } from '../../platform/i18n.js';
import { spreadsheetCell } from '../../shared/text/spreadsheet-cells.js';
import type { ParticipantRow } from './polls.repository.js';

/**
 * A poll's participants as .xlsx, written into the response with exceljs' streaming writer: one
 * row per number with the answer that counts, whether it is correct, and whether it won. Every
 * cell goes through the shared spreadsheet escaping (option titles are typed by people).
 */
export function participantsXlsx(rows: (ParticipantRow & { isWinner: boolean })[], translator: Translator, culture: Culture): RawResult {
  const t = (key: string) => translator.t(culture, key);
  const titles = ['polls.export.mobile', 'polls.export.option', 'polls.export.keyword', 'polls.export.correct', 'polls.export.answeredAt', 'polls.export.winner'].map(t);
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', 'attachment; filename="participants.xlsx"');
    res.setHeader('cache-control', 'no-store');
    void (async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Sheet1', { views: [{ rightToLeft: culture === 'fa', state: 'frozen', ySplit: 1 }] });
      sheet.addRow(titles.map((v) => spreadsheetCell(v))).commit();
      const yes = t('polls.export.yes');
      const no = t('polls.export.no');
      for (const r of rows) {
        sheet.addRow([r.mobile, r.optionTitle, r.answerValue, r.isCorrect ? yes : no, r.answeredAt.toISOString(), r.isWinner ? yes : no].map((v) => spreadsheetCell(v))).commit();
      }
      sheet.commit();
      await workbook.commit();
    })().catch((err) => { res.destroy(err as Error); });
  });
}
