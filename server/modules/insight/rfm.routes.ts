import { userRoute, type Controller } from '../../platform/http/router.js';
import type { Translator } from '../../platform/i18n.js';
import type { RfmService } from './rfm.service.js';
import { rfmResellerQuery, rfmResultsQuery, rfmStrategySchema } from './rfm.schemas.js';
import { rfmResultsAnswer, rfmStrategyAnswer } from '../../shared/insight/rfm.answers.js';
import { rfmXlsx } from './rfm.export.js';

const CLAIM = 'SmsReports.Rfm';

/** `Rfm/*`: a reseller's point strategy and its customers ranked by the nightly results, with their export. */
export function rfmController(rfm: RfmService, translator: Translator): Controller {
  return {
    name: 'Rfm',
    routes: [
      userRoute({ method: 'GET', action: 'GetPointStrategy', claim: CLAIM, query: rfmResellerQuery, answer: rfmStrategyAnswer, handler: ({ ctx, query }) => rfm.strategy(ctx, query) }),
      userRoute({ method: 'POST', action: 'SavePointStrategy', claim: CLAIM, body: rfmStrategySchema, answer: rfmStrategyAnswer, handler: ({ ctx, body }) => rfm.saveStrategy(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetResults', claim: CLAIM, query: rfmResultsQuery, answer: rfmResultsAnswer, handler: ({ ctx, query }) => rfm.results(ctx, query) }),
      // An .xlsx file, not JSON: no answer contract.
      userRoute({ method: 'GET', action: 'ExportResults', claim: CLAIM, query: rfmResultsQuery, handler: async ({ ctx, query }) => rfmXlsx(await rfm.exportRows(ctx, query), translator, ctx.culture) }),
    ],
  };
}
