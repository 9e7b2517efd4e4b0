import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import type { Translator } from '../../platform/i18n.js';
import { pollDeletedAnswer, pollDetailAnswer, pollDrawAnswer, pollResultsAnswer, pollsPageAnswer } from '../../shared/inbound/polls.answers.js';
import { POLLS_CLAIM, type PollsService } from './polls.service.js';
import { createPollSchema, drawSchema, pollsQuery, updatePollSchema } from './polls.schemas.js';
import { participantsXlsx } from './polls.export.js';

/** Polls and competitions (the spec names no routes for them: these follow its `Controller/Action` shape). */
export function pollsController(s: PollsService, translator: Translator): Controller {
  return {
    name: 'Polls',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: pollsQuery, answer: pollsPageAnswer, claim: POLLS_CLAIM, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: pollDetailAnswer, claim: POLLS_CLAIM, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'Results/:id', params: idParamSchema, answer: pollResultsAnswer, claim: POLLS_CLAIM, handler: ({ ctx, params }) => s.results(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createPollSchema, answer: pollDetailAnswer, claim: POLLS_CLAIM, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updatePollSchema, answer: pollDetailAnswer, claim: POLLS_CLAIM, handler: ({ ctx, body }) => s.update(ctx, body.id, body) }),
      userRoute({ method: 'POST', action: 'Draw', body: drawSchema, answer: pollDrawAnswer, claim: POLLS_CLAIM, successMessage: 'polls.drawn', handler: ({ ctx, body }) => s.draw(ctx, body.id) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: pollDeletedAnswer, claim: POLLS_CLAIM, successMessage: 'polls.deleted', handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      // Answers the workbook itself (bytes, not the JSON envelope): no `answer:`.
      userRoute({
        method: 'GET', action: 'ExportParticipants/:id', params: idParamSchema, claim: POLLS_CLAIM,
        handler: async ({ ctx, params }) => participantsXlsx((await s.participants(ctx, params.id)).rows, translator, ctx.culture),
      }),
    ],
  };
}
