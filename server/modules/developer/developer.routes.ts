import type { Response } from 'express';
import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { unauthorized } from '../../platform/http/errors.js';
import type { ApiTokensService } from './api-tokens.service.js';
import type { ApiV1Service } from './api-v1.service.js';
import { API_TOKEN_LOCAL } from './api-token.authenticator.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { apiTokenAnswer, apiTokensPageAnswer, apiTokenWithSecretAnswer } from '../../shared/developer/api-tokens.answers.js';
import {
  v1CreditAnswer, v1InboundAnswer, v1LinesAnswer, v1MessageAnswer, v1ReceiversAnswer, v1SendAnswer, v1SendPairsAnswer,
} from '../../shared/developer/api-v1.answers.js';
import { createTokenSchema, v1InboundQuery, v1LinesQuery, v1ReceiversQuery, v1SendIdParams, v1SendManySchema, v1SendPairsSchema, v1SendSchema } from './developer.schemas.js';

/** Panel: a user's own tokens (any signed-in user; administrators also see their subtree's). */
export function apiTokensController(s: ApiTokensService): Controller {
  return {
    name: 'ApiTokens',
    routes: [
      userRoute({ method: 'POST', action: 'Create', body: createTokenSchema, answer: apiTokenWithSecretAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', answer: apiTokensPageAnswer, handler: ({ ctx }) => s.list(ctx) }),
      userRoute({ method: 'POST', action: 'Revoke/:id', params: idParamSchema, answer: apiTokenAnswer, handler: ({ ctx, params }) => s.revoke(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Rotate/:id', params: idParamSchema, answer: apiTokenWithSecretAnswer, handler: ({ ctx, params }) => s.rotate(ctx, params.id) }),
    ],
  };
}

function tokenOf(res: Response): ApiTokenRow {
  const token = res.locals[API_TOKEN_LOCAL] as ApiTokenRow | undefined;
  if (!token) throw unauthorized('developer.tokenInvalid');
  return token;
}

/** REST API v1 (`/api/v1/...`), authenticated by `x-api-key` (ChannelAuthenticator). */
export function apiV1Controller(s: ApiV1Service): Controller {
  return {
    name: 'v1',
    routes: [
      userRoute({ method: 'GET', action: 'credit', answer: v1CreditAnswer, handler: ({ ctx }) => s.credit(ctx) }),
      userRoute({ method: 'GET', action: 'lines', query: v1LinesQuery, answer: v1LinesAnswer, handler: ({ ctx, query }) => s.lines(ctx, query.sendType) }),
      userRoute({ method: 'POST', action: 'messages/send', body: v1SendSchema, answer: v1SendAnswer, handler: ({ ctx, body, res }) => s.send(ctx, tokenOf(res), body) }),
      userRoute({ method: 'POST', action: 'messages/send-many', body: v1SendManySchema, bodyLimit: 'large', answer: v1SendAnswer, handler: ({ ctx, body, res }) => s.sendMany(ctx, tokenOf(res), body) }),
      userRoute({ method: 'POST', action: 'messages/send-pairs', body: v1SendPairsSchema, answer: v1SendPairsAnswer, handler: ({ ctx, body, res }) => s.sendPairs(ctx, tokenOf(res), body) }),
      userRoute({ method: 'GET', action: 'messages/:id/receivers', params: idParamSchema, query: v1ReceiversQuery, answer: v1ReceiversAnswer, claim: 'SmsReports.Outbox', handler: ({ ctx, params, query }) => s.receivers(ctx, params.id, query) }),
      userRoute({ method: 'GET', action: 'inbound', query: v1InboundQuery, answer: v1InboundAnswer, claim: 'SmsReports.Inbox', handler: ({ ctx, query }) => s.inbound(ctx, query.after, query.limit) }),
      userRoute({ method: 'GET', action: 'messages/by-send-id/:sendId', params: v1SendIdParams, answer: v1MessageAnswer, claim: 'SmsReports.Outbox', handler: ({ ctx, params }) => s.messageBySendId(ctx, params.sendId) }),
      userRoute({ method: 'GET', action: 'messages/:id', params: idParamSchema, answer: v1MessageAnswer, claim: 'SmsReports.Outbox', handler: ({ ctx, params }) => s.message(ctx, params.id) }),
    ],
  };
}
