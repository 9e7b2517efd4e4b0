import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { RawResult } from '../../platform/http/router.js';
import type { Culture, Translator } from '../../platform/i18n.js';
import { dayNumber } from '../../shared/dates/calendar-days.js';
import { jalaliText, toJalali } from '../../shared/dates/jalali.js';
import { integerTextCell, spreadsheetCell } from '../../shared/text/spreadsheet-cells.js';
import type { ReportFigures, ReportKind } from './reports.service.js';

type Report = Awaited<ReturnType<import('./reports.service.js').ReportsService['organizationReport']>>;

/** The figure columns of every sheet, in the screen's order; titles from the catalogue (`reports.export.*`). */
const FIGURES: { key: string; value(f: ReportFigures): string | number | null; money?: true }[] = [
  { key: 'sends', value: (f) => f.sends },
  { key: 'messages', value: (f) => f.messages },
  { key: 'parts', value: (f) => f.parts },
  { key: 'sent', value: (f) => f.sent },
  { key: 'delivered', value: (f) => f.delivered },
  { key: 'failed', value: (f) => f.failed },
  { key: 'pending', value: (f) => f.pending },
  { key: 'charged', value: (f) => f.credit?.charged ?? null, money: true },
  { key: 'givenBack', value: (f) => f.credit?.givenBack ?? null, money: true },
  { key: 'used', value: (f) => f.credit?.used ?? null, money: true },
];

/** A Tehran day as the reader's calendar writes it: Jalali `1405/09/13` in Persian, ISO in English. */
function dayText(day: string, culture: Culture): string {
  return culture === 'fa' ? jalaliText(toJalali(dayNumber(day))) : day;
}

/** A period's label: the day, or the Jalali month (`1405/09`; in English `Azar 1405`). */
function periodText(period: string, grouping: string, culture: Culture, translator: Translator): string {
  if (grouping === 'day') return dayText(period, culture);
  const [year, month] = period.split('-');
  return culture === 'fa' ? `${year}/${month}` : `${translator.t(culture, `reports.export.month${Number(month)}`)} ${year}`;
}

/**
 * A report as .xlsx through exceljs' streaming writer (as the RFM export): the periods, then the
 * organizations (tree report), operators and send types; titles in the caller's language, every
 * text through the shared spreadsheet escaping (organization names are typed by people), rials as
 * exact integer text cells.
 */
export function reportXlsx(kind: ReportKind, report: Report, translator: Translator, culture: Culture): RawResult {
  const t = (key: string) => translator.t(culture, `reports.export.${key}`);
  const figureCells = (f: ReportFigures) => FIGURES.map((c) => {
    const v = c.value(f);
    return c.money ? integerTextCell(v === null ? null : String(v)) : spreadsheetCell(v);
  });
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', `attachment; filename="${kind}-report-${report.fromDate}-${report.toDate}.xlsx"`);
    res.setHeader('cache-control', 'no-store');
    void (async () => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
      const views = [{ rightToLeft: culture === 'fa', state: 'frozen' as const, ySplit: 1 }];
      const periods = workbook.addWorksheet(t('periodsSheet'), { views });
      periods.addRow([t('period'), t('fromDate'), t('toDate'), ...FIGURES.map((c) => t(c.key))].map(spreadsheetCell)).commit();
      for (const p of report.periods) {
        periods.addRow([spreadsheetCell(periodText(p.period, report.grouping, culture, translator)), dayText(p.fromDate, culture), dayText(p.toDate, culture), ...figureCells(p)]).commit();
      }
      periods.addRow([spreadsheetCell(t('total')), dayText(report.fromDate, culture), dayText(report.toDate, culture), ...figureCells(report.totals)]).commit();
      periods.commit();
      if (report.organizations) {
        const sheet = workbook.addWorksheet(t('organizationsSheet'), { views });
        sheet.addRow([t('organization'), ...FIGURES.map((c) => t(c.key))].map(spreadsheetCell)).commit();
        for (const o of report.organizations) {
          sheet.addRow([spreadsheetCell(o.own ? `${o.organizationName} (${t('ownSends')})` : o.organizationName), ...figureCells(o)]).commit();
        }
        sheet.commit();
      }
      const operators = workbook.addWorksheet(t('operatorsSheet'), { views });
      operators.addRow([t('operator'), t('messages'), t('parts')].map(spreadsheetCell)).commit();
      for (const o of report.operators) operators.addRow([spreadsheetCell(o.operator), o.messages, o.parts]).commit();
      operators.commit();
      const types = workbook.addWorksheet(t('sendTypesSheet'), { views });
      types.addRow([t('sendType'), t('messages'), t('parts'), t('sent')].map(spreadsheetCell)).commit();
      for (const s of report.sendTypes) types.addRow([spreadsheetCell(s.sendType), s.messages, s.parts, s.sent]).commit();
      types.commit();
      await workbook.commit();
    })().catch((err) => { res.destroy(err as Error); });
  });
}
