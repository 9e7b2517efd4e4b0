import type { Response } from 'express';
import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { unauthorized } from '../../platform/http/errors.js';
import type { ApiTokensService } from './api-tokens.service.js';
import type { ApiV1Service } from './api-v1.service.js';
import { API_TOKEN_LOCAL } from './api-token.authenticator.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { createTokenSchema, v1InboundQuery, v1LinesQuery, v1ReceiversQuery, v1SendIdParams, v1SendManySchema, v1SendPairsSchema, v1SendSchema } from './developer.schemas.js';

/** Panel: a user's own tokens (any signed-in user; administrators also see their subtree's). */
export function apiTokensController(s: ApiTokensService): Controller {
  return {
    name: 'ApiTokens',
    routes: [
      userRoute({ method: 'POST', action: 'Create', body: createTokenSchema, handler: ({ ctx, body }) => s.create(ctx, body) }),
      { method: 'GET', action: 'GetAll', handler: ({ ctx }) => s.list(ctx) },
      userRoute({ method: 'POST', action: 'Revoke/:id', params: idParamSchema, handler: ({ ctx, params }) => s.revoke(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Rotate/:id', params: idParamSchema, handler: ({ ctx, params }) => s.rotate(ctx, params.id) }),
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
      { method: 'GET', action: 'credit', handler: ({ ctx }) => s.credit(ctx) },
      userRoute({ method: 'GET', action: 'lines', query: v1LinesQuery, handler: ({ ctx, query }) => s.lines(ctx, query.sendType) }),
      userRoute({ method: 'POST', action: 'messages/send', body: v1SendSchema, handler: ({ ctx, body, res }) => s.send(ctx, tokenOf(res), body) }),
      userRoute({ method: 'POST', action: 'messages/send-many', body: v1SendManySchema, bodyLimit: 'large', handler: ({ ctx, body, res }) => s.sendMany(ctx, tokenOf(res), body) }),
      userRoute({ method: 'POST', action: 'messages/send-pairs', body: v1SendPairsSchema, handler: ({ ctx, body, res }) => s.sendPairs(ctx, tokenOf(res), body) }),
      userRoute({ method: 'GET', action: 'messages/:id/receivers', params: idParamSchema, query: v1ReceiversQuery, claim: 'SmsReports.Outbox', handler: ({ ctx, params, query }) => s.receivers(ctx, params.id, query) }),
      userRoute({ method: 'GET', action: 'inbound', query: v1InboundQuery, claim: 'SmsReports.Inbox', handler: ({ ctx, query }) => s.inbound(ctx, query.after, query.limit) }),
      userRoute({ method: 'GET', action: 'messages/by-send-id/:sendId', params: v1SendIdParams, claim: 'SmsReports.Outbox', handler: ({ ctx, params }) => s.messageBySendId(ctx, params.sendId) }),
      userRoute({ method: 'GET', action: 'messages/:id', params: idParamSchema, claim: 'SmsReports.Outbox', handler: ({ ctx, params }) => s.message(ctx, params.id) }),
    ],
  };
}
