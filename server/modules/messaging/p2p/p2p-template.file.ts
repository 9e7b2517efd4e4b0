import type { Response } from 'express';
import ExcelJS from 'exceljs';
import type { Culture, Translator } from '../../../platform/i18n.js';
import { RawResult } from '../../../platform/http/router.js';

/** The template's column titles: the spec's rules (English, no spaces, the mobile first, the text second). */
export const P2P_TEMPLATE_COLUMNS = ['mobile', 'text', 'name', 'trackingNumber'] as const;

/**
 * The P2P file to start from, built on request (a few cells, no data of anyone's): the sheet named
 * Sheet1, the titles in the first row, two example rows in the reader's language. The mobiles are
 * text cells, so a spreadsheet keeps their leading zero.
 */
export function p2pTemplateFile(translator: Translator, culture: Culture): RawResult {
  const t = (key: string) => translator.t(culture, key);
  return new RawResult((res: Response) => {
    res.status(200);
    res.setHeader('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('content-disposition', 'attachment; filename="p2p-template.xlsx"');
    res.setHeader('cache-control', 'no-store');
    void (async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Sheet1', { views: [{ rightToLeft: culture === 'fa', state: 'frozen', ySplit: 1 }] });
      sheet.addRow([...P2P_TEMPLATE_COLUMNS]);
      sheet.addRow(['09120000001', t('messaging.p2pTemplateText1'), t('messaging.p2pTemplateName1'), 'TRK1001']);
      sheet.addRow(['09120000002', t('messaging.p2pTemplateText2'), t('messaging.p2pTemplateName2'), 'TRK1002']);
      sheet.getColumn(1).numFmt = '@';
      sheet.getColumn(1).width = 16;
      sheet.getColumn(2).width = 48;
      await workbook.xlsx.write(res);
      res.end();
    })().catch((err) => {
      res.destroy(err as Error);
    });
  });
}
