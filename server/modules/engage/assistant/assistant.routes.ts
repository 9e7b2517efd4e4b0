import { idParamSchema, userRoute, type Controller } from '../../../platform/http/router.js';
import type { AssistantAdminService } from './assistant-admin.service.js';
import type { AssistantService } from './assistant.service.js';
import type { HelpPagesService } from './help-pages.service.js';
import {
  askAnswer, assistantDeletedAnswer, botAnswer, botsPageAnswer, faqAnswer, faqsPageAnswer, helpContentsAnswer, helpPageAnswer, helpSearchAnswer,
} from '../../../shared/engage/assistant.answers.js';
import {
  askSchema, botsQuery, createBotSchema, createFaqSchema, faqsQuery, helpListQuery, helpSearchQuery, helpSlugParams, updateBotSchema, updateFaqSchema,
} from './assistant.schemas.js';

/** The spec's Configuration section. */
const MANAGE = 'Configuration.Manage';

/** `Assistant/Ask`: every signed-in user (rate limited per user by the service). */
export function assistantController(assistant: AssistantService): Controller {
  return {
    name: 'Assistant',
    routes: [
      userRoute({ method: 'POST', action: 'Ask', body: askSchema, answer: askAnswer, successMessage: '', handler: async ({ ctx, body }) => assistant.ask(ctx, body) }),
    ],
  };
}

/** The spec's Bot (botId, fuzzy and semantic match): the default bot and organizations' own. */
export function assistantBotsController(admin: AssistantAdminService): Controller {
  return {
    name: 'AssistantBots',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: botsQuery, answer: botsPageAnswer, claim: MANAGE, handler: async ({ ctx, query }) => admin.listBots(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: botAnswer, claim: MANAGE, handler: async ({ ctx, params }) => admin.getBot(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createBotSchema, answer: botAnswer, claim: MANAGE, handler: async ({ ctx, body }) => admin.createBot(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateBotSchema, answer: botAnswer, claim: MANAGE, handler: async ({ ctx, body }) => admin.updateBot(ctx, body.botId, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: assistantDeletedAnswer, claim: MANAGE, handler: async ({ ctx, params }) => admin.deleteBot(ctx, params.id) }),
    ],
  };
}

/** FAQ entries of a bot: question, answer, language, keywords, active. */
export function assistantFaqsController(admin: AssistantAdminService): Controller {
  return {
    name: 'AssistantFaqs',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: faqsQuery, answer: faqsPageAnswer, claim: MANAGE, handler: async ({ ctx, query }) => admin.listFaqs(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: faqAnswer, claim: MANAGE, handler: async ({ ctx, params }) => admin.getFaq(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createFaqSchema, answer: faqAnswer, claim: MANAGE, handler: async ({ ctx, body }) => admin.createFaq(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateFaqSchema, answer: faqAnswer, claim: MANAGE, handler: async ({ ctx, body }) => admin.updateFaq(ctx, body.id, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: assistantDeletedAnswer, claim: MANAGE, handler: async ({ ctx, params }) => admin.deleteFaq(ctx, params.id) }),
    ],
  };
}

/** The product's help pages for the documentation viewer (every signed-in user). */
export function helpPagesController(help: HelpPagesService): Controller {
  const lang = (ctxCulture: string, language?: 'fa' | 'en') => language ?? (ctxCulture === 'fa' ? 'fa' : 'en');
  return {
    name: 'HelpPages',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: helpListQuery, answer: helpContentsAnswer, handler: async ({ ctx, query }) => help.list(lang(ctx.culture, query.language)) }),
      userRoute({ method: 'GET', action: 'Get/:slug', params: helpSlugParams, query: helpListQuery, answer: helpPageAnswer, handler: async ({ ctx, params, query }) => help.get(lang(ctx.culture, query.language), params.slug) }),
      userRoute({ method: 'GET', action: 'Search', query: helpSearchQuery, answer: helpSearchAnswer, handler: async ({ ctx, query }) => help.search(lang(ctx.culture, query.language), query.search) }),
    ],
  };
}
