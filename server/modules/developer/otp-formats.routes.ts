import type { Response } from 'express';
import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { unauthorized } from '../../platform/http/errors.js';
import type { OtpFormatsService } from './otp-formats.service.js';
import { API_TOKEN_LOCAL } from './api-token.authenticator.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { otpFormatAnswer, otpFormatDeletedAnswer, otpFormatsPageAnswer } from '../../shared/developer/otp-formats.answers.js';
import { v1SendAnswer } from '../../shared/developer/api-v1.answers.js';
import { createOtpFormatSchema, otpFormatsQuery, updateOtpFormatSchema, v1OtpSchema } from './otp-formats.schemas.js';

/** Panel: OTP formats (any signed-in user for their own; administrators also their subtree's, and they decide). */
export function otpFormatsController(s: OtpFormatsService): Controller {
  return {
    name: 'OtpFormats',
    routes: [
      userRoute({ method: 'POST', action: 'Create', body: createOtpFormatSchema, answer: otpFormatAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', query: otpFormatsQuery, answer: otpFormatsPageAnswer, handler: ({ ctx, query }) => s.list(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }) }),
      userRoute({ method: 'POST', action: 'Update', body: updateOtpFormatSchema, answer: otpFormatAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: otpFormatDeletedAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', params: idParamSchema, answer: otpFormatAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'Reject/:id', params: idParamSchema, answer: otpFormatAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Reject') }),
    ],
  };
}

function tokenOf(res: Response): ApiTokenRow {
  const token = res.locals[API_TOKEN_LOCAL] as ApiTokenRow | undefined;
  if (!token) throw unauthorized('developer.tokenInvalid');
  return token;
}

/**
 * REST API v1's OTP send, a second controller named `v1` (the router joins controllers by name
 * into `/v1/...`, and ChannelAuthenticator sends every `/v1/` path to the API-key check).
 */
export function otpV1Controller(s: OtpFormatsService): Controller {
  return {
    name: 'v1',
    routes: [
      userRoute({ method: 'POST', action: 'messages/otp', body: v1OtpSchema, answer: v1SendAnswer, handler: ({ ctx, body, res }) => s.send(ctx, tokenOf(res), body) }),
    ],
  };
}
