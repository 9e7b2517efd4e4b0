import { uploadFromRequest } from '../../platform/upload/request-upload.js';
import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import type { NumberBankService } from './number-bank.service.js';
import { bankCountSchema, bankImportsQuery, bankNumbersQuery, importBankQuery, regionalSendSchema, zonesQuery } from './number-bank.schemas.js';
import type { RegionalSendService } from './regional-send.service.js';
import { createdSendAnswer } from '../../shared/sends/sends.answers.js';
import {
  bankCountAnswer, regionalCalculationAnswer, bankImportAnswer, bankImportDetailAnswer, bankImportsPageAnswer, bankNumbersPageAnswer, zoneAnswer, zonesAnswer,
} from '../../shared/targeting/number-bank.answers.js';

/**
 * `NumberBank/*`: the system administrators' import (the body is the file, streamed to the upload
 * intake), imports with progress and rejected rows, the listing; and `Count`, the one call a
 * customer makes: counts per operator, never a number. Who may do what is the service's.
 */
export function numberBankController(s: NumberBankService): Controller {
  return {
    name: 'NumberBank',
    routes: [
      userRoute({ method: 'POST', action: 'Import', rawBody: true, query: importBankQuery, answer: bankImportAnswer, handler: ({ ctx, query, req }) => s.upload(ctx, uploadFromRequest(req, query.fileName), query) }),
      userRoute({ method: 'GET', action: 'Imports', query: bankImportsQuery, answer: bankImportsPageAnswer, handler: ({ ctx, query }) => s.imports(ctx, query) }),
      userRoute({ method: 'GET', action: 'Import/:id', params: idParamSchema, answer: bankImportDetailAnswer, handler: ({ ctx, params }) => s.importOf(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', query: bankNumbersQuery, answer: bankNumbersPageAnswer, handler: ({ ctx, query }) => s.numbers(ctx, query) }),
      userRoute({ method: 'POST', action: 'Count', body: bankCountSchema, answer: bankCountAnswer, handler: ({ ctx, body }) => s.count(ctx, body) }),
    ],
  };
}

/** `Zones/*`: zones with their reachable counts per operator, whole or level by level (counts only: any signed-in user). */
export function zonesController(s: NumberBankService): Controller {
  return {
    name: 'Zones',
    routes: [
      userRoute({ method: 'GET', action: 'GetTree', answer: zonesAnswer, handler: () => s.zoneTree() }),
      userRoute({ method: 'GET', action: 'GetAll', query: zonesQuery, answer: zonesAnswer, handler: ({ query }) => s.zonesUnder(query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: zoneAnswer, handler: ({ params }) => s.zone(params.id) }),
    ],
  };
}

/**
 * The regional send (spec call `ScheduledMessages/CreateRegionalScheduledMessage`) and its preview,
 * named as the other compose previews are (`GetScheduledMessageCalculations…`). Claim Sending.Bulk.
 */
export function regionalSendController(s: RegionalSendService): Controller {
  return {
    name: 'ScheduledMessages',
    routes: [
      userRoute({ method: 'POST', action: 'CreateRegionalScheduledMessage', body: regionalSendSchema, answer: createdSendAnswer, claim: 'Sending.Bulk', handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({
        method: 'POST', action: 'GetRegionalScheduledMessageCalculations', body: regionalSendSchema, answer: regionalCalculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: ({ ctx, body }) => s.preview(ctx, body),
      }),
    ],
  };
}
