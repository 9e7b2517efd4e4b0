import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { insightMessages } from './insight.messages.js';
import { InsightRepository } from './insight.repository.js';
import { RollupRepository } from './rollup.repository.js';
import { InsightService } from './insight.service.js';
import { dashboardController, outboxStatisticsController } from './insight.routes.js';
import { NewsRepository } from './news.repository.js';
import { NewsService } from './news.service.js';
import { newsController } from './news.routes.js';

export const insightModule: PeykModule = {
  name: 'insight',
  messages: insightMessages,
  register(container: Container) {
    for (const cls of [InsightRepository, RollupRepository, InsightService, NewsRepository, NewsService] as (new (...args: never[]) => unknown)[]) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [dashboardController(container.get(InsightService)), outboxStatisticsController(container.get(InsightService)), newsController(container.get(NewsService))],
  jobs(container) {
    const service = container.get(InsightService);
    // Readers add what is not folded yet, so the interval only bounds how long the log grows.
    return [{ name: 'insight.fold-rollup', schedule: '*/5 * * * * *', scope: 'global', run: async () => { await service.fold(); } }];
  },
};
