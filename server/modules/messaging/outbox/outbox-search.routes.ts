import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../../platform/http/router.js';
import { advancedSearchSchema, downloadParams, exportSearchSchema } from './outbox-search.schemas.js';
import type { OutboxSearchService } from './outbox-search.service.js';
import type { OutboxExportService } from './outbox-export.service.js';
import { excelRequestAnswer, excelRequestsAnswer, searchPageAnswer } from '../../../shared/sends/outbox-search.answers.js';

const CLAIM = 'SmsReports.Outbox';

/** `OutBox/AdvancedSearch` (receivers across the caller's sends, keyset paged) and the Excel exports. */
export function outboxSearchController(search: OutboxSearchService, exports: OutboxExportService): Controller {
  return {
    name: 'OutBox',
    routes: [
      userRoute({ method: 'POST', action: 'AdvancedSearch', body: advancedSearchSchema, answer: searchPageAnswer, claim: CLAIM, handler: async ({ ctx, body }) => search.search(ctx, body) }),
      userRoute({ method: 'POST', action: 'ExportSearch', body: exportSearchSchema, answer: excelRequestAnswer, claim: CLAIM, handler: async ({ ctx, body }) => exports.requestSearch(ctx, body) }),
      userRoute({ method: 'POST', action: 'ExportRecipients/:id', params: idParamSchema, answer: excelRequestAnswer, claim: CLAIM, handler: async ({ ctx, params }) => exports.requestSend(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'ExcelRequests', answer: excelRequestsAnswer, claim: CLAIM, handler: async ({ ctx }) => exports.list(ctx) }),
      userRoute({ method: 'GET', action: 'ExcelRequest/:id', params: idParamSchema, answer: excelRequestAnswer, claim: CLAIM, handler: async ({ ctx, params }) => exports.get(ctx, params.id) }),
      // The file itself, not the envelope: no answer schema.
      publicRoute({
        method: 'GET', action: 'DownloadExcel/:id/:key', auth: 'public', params: downloadParams,
        handler: async ({ params }) => {
          const file = await exports.file(params.id, params.key);
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'private, no-store');
            res.download(file.path, file.fileName);
          });
        },
      }),
    ],
  };
}
