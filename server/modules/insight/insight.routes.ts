import { userRoute, type Controller } from '../../platform/http/router.js';
import type { InsightService } from './insight.service.js';
import { dailyStatisticsQuery, dashboardQuery } from './insight.schemas.js';
import { dailyStatisticsAnswer, dashboardAnswer } from '../../shared/insight/insight.answers.js';

/** `Dashboard/GetInformationsForDashboard`: the home screen's figures (a 403 is silent in the client). */
export function dashboardController(service: InsightService): Controller {
  return {
    name: 'Dashboard',
    routes: [
      userRoute({
        method: 'GET', action: 'GetInformationsForDashboard', claim: 'Dashboard.View', query: dashboardQuery, answer: dashboardAnswer,
        handler: ({ ctx, query }) => service.dashboard(ctx, query),
      }),
    ],
  };
}

/**
 * The outbox's daily statistics. The OutBox controller's other actions are messaging's; this one
 * reads the rollup, so it lives here under the same controller name (the spec's path).
 */
export function outboxStatisticsController(service: InsightService): Controller {
  return {
    name: 'OutBox',
    routes: [
      userRoute({
        method: 'GET', action: 'GetDailyStatistics', claim: 'SmsReports.Outbox', query: dailyStatisticsQuery, answer: dailyStatisticsAnswer,
        handler: ({ ctx, query }) => service.dailyStatistics(ctx, query),
      }),
    ],
  };
}
