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
import { RfmRepository } from './rfm.repository.js';
import { RfmService } from './rfm.service.js';
import { rfmController } from './rfm.routes.js';
import { ReportsService } from './reports.service.js';
import { reportsController } from './reports.routes.js';
import { TYPES } from '../../platform/tokens.js';

export const insightModule: PeykModule = {
  name: 'insight',
  messages: insightMessages,
  register(container: Container) {
    for (const cls of [InsightRepository, RollupRepository, InsightService, NewsRepository, NewsService, RfmRepository, RfmService, ReportsService] as (new (...args: never[]) => unknown)[]) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [dashboardController(container.get(InsightService)), outboxStatisticsController(container.get(InsightService)), newsController(container.get(NewsService)), rfmController(container.get(RfmService), container.get(TYPES.Translator)), reportsController(container.get(ReportsService), container.get(TYPES.Translator))],
  jobs(container) {
    const service = container.get(InsightService);
    // Readers add what is not folded yet, so the interval only bounds how long the log grows.
    const rfm = container.get(RfmService);
    return [
      { name: 'insight.fold-rollup', schedule: '*/5 * * * * *', scope: 'global', run: async () => { await service.fold(); } },
      // Hourly, computing each reseller once per Tehran day: the first run after midnight does the
      // night's work whatever the server's time zone, and a missed night is made up by the next run.
      { name: 'insight.rfm-nightly', schedule: '0 7 * * * *', scope: 'global', run: (now, signal) => rfm.runDue(now, signal) },
    ];
  },
};
