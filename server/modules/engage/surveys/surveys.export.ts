import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { RawResult } from '../../../platform/http/router.js';
import type { Culture, Translator } from '../../../platform/i18n.js';
import { drained, prefetched, sheetCell } from '../../../platform/xlsx-stream.js';
import { toJalali, jalaliText } from '../../../shared/dates/jalali.js';
import { tehranDay } from '../../../shared/dates/tehran-days.js';
import { wallTimeOf } from '../../../shared/dates/tehran-time.js';
import type { AnswerRow, QuestionRow, ResponseRow } from './surveys.repository.js';

/** An instant as its reader expects it: Jalali date and Tehran time in fa, UTC ISO text in en. */
function when(at: Date | null, culture: Culture): string | null {
  if (!at) return null;
  if (culture !== 'fa') return at.toISOString();
  const w = wallTimeOf(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${jalaliText(toJalali(tehranDay(at)))} ${two(w.hour)}:${two(w.minute)}`;
}

/**
 * A survey's responses as .xlsx, streamed into the answer (exceljs' streaming writer, waiting on
 * its backlog): one row per response — receiver and personal code when known, start and finish —
 * then one column per question with the answer given. Right to left with Jalali dates in fa.
 */
export function surveyResponsesXlsx(
  source: { questions: QuestionRow[]; pages: AsyncGenerator<{ response: ResponseRow; answers: AnswerRow[] }[]> },
  translator: Translator, culture: Culture,
): RawResult {
  const t = (key: string) => translator.t(culture, key);
  const titles = [...['response', 'receiver', 'code', 'startedAt', 'finishedAt'].map((k) => t(`onlineSurvey.export.${k}`)), ...source.questions.map((q) => q.text)];
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', 'attachment; filename="survey-responses.xlsx"');
    res.setHeader('cache-control', 'no-store');
    void (async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Sheet1', { views: [{ rightToLeft: culture === 'fa', state: 'frozen', ySplit: 1 }] });
      sheet.addRow(titles.map(sheetCell)).commit();
      for await (const page of prefetched(source.pages)) {
        for (const { response: r, answers } of page) {
          const byQuestion = new Map(answers.map((a) => [a.questionId, a.value]));
          sheet.addRow([r.id, r.receiver, r.sl, when(r.startedAt, culture), when(r.finishedAt, culture), ...source.questions.map((q) => byQuestion.get(q.id) ?? null)].map(sheetCell)).commit();
        }
        await drained(sheet);
      }
      sheet.commit();
      await workbook.commit();
    })().catch((err) => { res.destroy(err as Error); });
  });
}
