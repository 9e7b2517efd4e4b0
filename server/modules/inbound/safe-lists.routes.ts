import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { safeListAnswer, safeListPageAnswer } from '../../shared/inbound/safe-lists.answers.js';
import { createSafeListSchema, rejectSafeListSchema, safeListsQuery, updateSafeListSchema } from './safe-lists.schemas.js';
import { SAFE_LISTS_CLAIM, type SafeListsService } from './safe-lists.service.js';

/** Safe-list (whitemessage) requests: the owner and the managers of the slice list and edit; administrators above decide. */
export function safeListsController(s: SafeListsService): Controller {
  const claim = SAFE_LISTS_CLAIM;
  return {
    name: 'SafeLists',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim, body: createSafeListSchema, answer: safeListAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', claim, query: safeListsQuery, answer: safeListPageAnswer, handler: ({ ctx, query }) => s.list(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }) }),
      userRoute({ method: 'POST', action: 'Update', claim, body: updateSafeListSchema, answer: safeListAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', claim, params: idParamSchema, answer: safeListAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'Reject', claim, body: rejectSafeListSchema, answer: safeListAnswer, handler: ({ ctx, body }) => s.decide(ctx, body.id, 'Reject', body.rejectComment ?? null) }),
      userRoute({ method: 'POST', action: 'UndoConfirm/:id', claim, params: idParamSchema, answer: safeListAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'UndoConfirm') }),
    ],
  };
}
