import { pagingQuerySchema, userRoute, type Controller } from '../../platform/http/router.js';
import { CHANNELS } from '../../platform/actor.js';
import { auditsPageAnswer } from '../../shared/audit/audit.answers.js';
import type { AuditService } from './audit.service.js';

export function auditController(service: AuditService): Controller {
  return {
    name: 'Audits',
    routes: [
      userRoute({
        method: 'GET', action: 'GetAll', claim: 'Audits.View',
        query: {
          type: 'object', additionalProperties: false,
          properties: {
            ...pagingQuerySchema,
            className: { type: 'string', maxLength: 60 },
            operationType: { type: 'string', maxLength: 60 },
            userId: { type: 'integer', minimum: 1, maximum: 2147483647 },
            referenceId: { type: 'string', maxLength: 64 },
            channel: { type: 'string', enum: [...CHANNELS] },
          },
        },
        answer: auditsPageAnswer,
        handler: ({ ctx, query }) => service.list(ctx, query),
      }),
    ],
  };
}
