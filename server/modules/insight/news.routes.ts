import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import type { NewsService } from './news.service.js';
import { createNewsSchema, latestNewsQuery, newsQuery, updateNewsSchema } from './news.schemas.js';
import {
  acknowledgeNewsAnswer, latestNewsAnswer, mustReadNewsAnswer, newsAnswer, newsDeletedAnswer, newsPageAnswer,
} from '../../shared/insight/news.answers.js';

const WRITE = 'News.Manage';

/** `News/*`: the writer's CRUD (News.Manage, the tenant's slice) and the reader's latest, must-read and acknowledge (every signed-in user). */
export function newsController(news: NewsService): Controller {
  return {
    name: 'News',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: newsQuery, answer: newsPageAnswer, claim: WRITE, handler: async ({ ctx, query }) => news.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: newsAnswer, claim: WRITE, handler: async ({ ctx, params }) => news.get(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Create', body: createNewsSchema, answer: newsAnswer, claim: WRITE, handler: async ({ ctx, body }) => news.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateNewsSchema, answer: newsAnswer, claim: WRITE, handler: async ({ ctx, body }) => news.update(ctx, body.id, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: newsDeletedAnswer, claim: WRITE, handler: async ({ ctx, params }) => news.delete(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetLatest', query: latestNewsQuery, answer: latestNewsAnswer, handler: async ({ ctx, query }) => news.latest(ctx, query, ctx.host ?? '') }),
      userRoute({ method: 'GET', action: 'GetMustRead', answer: mustReadNewsAnswer, handler: async ({ ctx }) => news.mustRead(ctx, ctx.host ?? '') }),
      userRoute({ method: 'POST', action: 'Acknowledge/:id', params: idParamSchema, answer: acknowledgeNewsAnswer, handler: async ({ ctx, params }) => news.acknowledge(ctx, params.id, ctx.host ?? '') }),
    ],
  };
}
