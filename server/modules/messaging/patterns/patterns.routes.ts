import { idParamSchema, userRoute, type Controller, type SchemaType } from '../../../platform/http/router.js';
import type { PatternSendInput, PatternsService } from './patterns.service.js';
import { createPatternSchema, fastPatternSendSchema, patternsQuery, rejectPatternSchema, updatePatternSchema } from './patterns.schemas.js';
import { noAnswer } from '../../../shared/contracts/answer-schemas.js';
import { patternAnswer, patternChoicesAnswer, patternsPageAnswer } from '../../../shared/sends/patterns.answers.js';
import { calculationAnswer, createdSendAnswer } from '../../../shared/sends/sends.answers.js';

type FastPatternBody = SchemaType<typeof fastPatternSendSchema>;

/** The phonebook send's fields as compose takes them; the text (the pattern's) is filled by the service. */
function fromFastPattern(body: FastPatternBody): { patternId: number; input: PatternSendInput } {
  const { patternId, phonebookIds, fromIndex, number, filterField, filterValue, typeSend, gradualStepCount, gradualIntervalMinutes, ...rest } = body;
  const filter = filterField ? { field: filterField, value: filterValue ?? '' } : null;
  const gradual = typeSend === 'gradual' ? { stepCount: gradualStepCount ?? 0, intervalMinutes: gradualIntervalMinutes ?? 0 } : null;
  return { patternId, input: { ...rest, gradual, sources: [{ kind: 'phonebook', phonebookIds, fromIndex, number, filter }] } };
}

/** Saved patterns: any signed-in user for their own (sending needs Sending.Bulk); administrators also their slice's, and they decide. */
export function patternsController(s: PatternsService): Controller {
  return {
    name: 'Patterns',
    routes: [
      userRoute({ method: 'POST', action: 'Create', body: createPatternSchema, answer: patternAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', query: patternsQuery, answer: patternsPageAnswer, handler: ({ ctx, query }) => s.list(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }) }),
      userRoute({ method: 'GET', action: 'GetSelectList', answer: patternChoicesAnswer, claim: 'Sending.Bulk', handler: ({ ctx }) => s.selectList(ctx) }),
      userRoute({ method: 'POST', action: 'Update', body: updatePatternSchema, answer: patternAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', params: idParamSchema, answer: patternAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'Reject', body: rejectPatternSchema, answer: patternAnswer, handler: ({ ctx, body }) => s.decide(ctx, body.id, 'Reject', body.reason ?? null) }),
    ],
  };
}

/** The fast-pattern send and its preview, joined by name into `ScheduledMessages/...` (claim Sending.Bulk, like every phonebook send). */
export function fastPatternController(s: PatternsService): Controller {
  return {
    name: 'ScheduledMessages',
    routes: [
      userRoute({
        method: 'POST', action: 'CreateFastPatternScheduledMessageByPhonebook', body: fastPatternSendSchema, answer: createdSendAnswer, claim: 'Sending.Bulk',
        handler: async ({ ctx, body }) => { const { patternId, input } = fromFastPattern(body); return s.send(ctx, patternId, input, false); },
      }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculationsByFastPattern', body: fastPatternSendSchema, answer: calculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => { const { patternId, input } = fromFastPattern(body); return s.send(ctx, patternId, input, true); },
      }),
    ],
  };
}
