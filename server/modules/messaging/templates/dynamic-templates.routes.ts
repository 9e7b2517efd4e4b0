import { idParamSchema, userRoute, type Controller } from '../../../platform/http/router.js';
import type { DynamicTemplatesService } from './dynamic-templates.service.js';
import { createDynamicTemplateSchema, dynamicTemplatesQuery, updateDynamicTemplateSchema } from './dynamic-templates.schemas.js';
import { noAnswer } from '../../../shared/contracts/answer-schemas.js';
import { dynamicTemplateAnswer, dynamicTemplateChoicesAnswer, dynamicTemplatesPageAnswer } from '../../../shared/sends/dynamic-templates.answers.js';

/** Dynamic templates: any signed-in user for their own, administrators also their slice's (as saved patterns). */
export function dynamicTemplatesController(s: DynamicTemplatesService): Controller {
  return {
    name: 'DynamicTemplates',
    routes: [
      userRoute({ method: 'POST', action: 'Create', body: createDynamicTemplateSchema, answer: dynamicTemplateAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', query: dynamicTemplatesQuery, answer: dynamicTemplatesPageAnswer, handler: ({ ctx, query }) => s.list(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }) }),
      userRoute({ method: 'GET', action: 'GetSelectList', answer: dynamicTemplateChoicesAnswer, handler: ({ ctx }) => s.selectList(ctx) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: dynamicTemplateAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Update', body: updateDynamicTemplateSchema, answer: dynamicTemplateAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}
