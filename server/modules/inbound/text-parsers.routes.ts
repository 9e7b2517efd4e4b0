import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { textParserAnswer, textParserDeletedAnswer, textParsersPageAnswer } from '../../shared/inbound/text-parsers.answers.js';
import { createTextParserSchema, textParserStatusSchema, textParsersQuery, updateTextParserSchema } from './text-parsers.schemas.js';
import { TEXT_PARSERS_CLAIM, type TextParsersService } from './text-parsers.service.js';

/** The spec's text parsers (its routes are not shown; named like its other entities' `GetAll`/`Create`/`Update`/`Delete`). */
export function textParsersController(s: TextParsersService): Controller {
  return {
    name: 'TextParsers',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: textParsersQuery, answer: textParsersPageAnswer, claim: TEXT_PARSERS_CLAIM, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: textParserAnswer, claim: TEXT_PARSERS_CLAIM, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createTextParserSchema, answer: textParserAnswer, claim: TEXT_PARSERS_CLAIM, successMessage: 'textParsers.saved', handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateTextParserSchema, answer: textParserAnswer, claim: TEXT_PARSERS_CLAIM, successMessage: 'textParsers.saved', handler: ({ ctx, body }) => s.update(ctx, body.id, body) }),
      userRoute({ method: 'POST', action: 'ChangeStatus', body: textParserStatusSchema, answer: textParserAnswer, claim: TEXT_PARSERS_CLAIM, handler: ({ ctx, body }) => s.setActive(ctx, body.id, body.isActive) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: textParserDeletedAnswer, claim: TEXT_PARSERS_CLAIM, successMessage: 'textParsers.deleted', handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}
