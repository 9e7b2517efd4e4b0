import { userRoute, type Controller } from '../../platform/http/router.js';
import type { Translator } from '../../platform/i18n.js';
import type { ReportsService } from './reports.service.js';
import { organizationReportQuery, treeReportQuery, userReportQuery } from './reports.schemas.js';
import { reportAnswer } from '../../shared/insight/reports.answers.js';
import { reportXlsx } from './reports.export.js';

/** User and organization reports: every organization may hold it; the tree is a reseller's. */
const CLAIM = 'SmsReports.Reports';
const TREE_CLAIM = 'SmsReports.TreeReport';

/** `Reports/*`: a user's, an organization's and a tree's figures per day or Jalali month, each with its .xlsx. */
export function reportsController(reports: ReportsService, translator: Translator): Controller {
  return {
    name: 'Reports',
    routes: [
      userRoute({ method: 'GET', action: 'GetUserReport', claim: CLAIM, query: userReportQuery, answer: reportAnswer, handler: ({ ctx, query }) => reports.userReport(ctx, query) }),
      userRoute({ method: 'GET', action: 'GetOrganizationReport', claim: CLAIM, query: organizationReportQuery, answer: reportAnswer, handler: ({ ctx, query }) => reports.organizationReport(ctx, query) }),
      userRoute({ method: 'GET', action: 'GetTreeReport', claim: TREE_CLAIM, query: treeReportQuery, answer: reportAnswer, handler: ({ ctx, query }) => reports.treeReport(ctx, query) }),
      // .xlsx files, not JSON: no answer contract.
      userRoute({ method: 'GET', action: 'ExportUserReport', claim: CLAIM, query: userReportQuery, handler: async ({ ctx, query }) => reportXlsx('user', await reports.userReport(ctx, query), translator, ctx.culture) }),
      userRoute({ method: 'GET', action: 'ExportOrganizationReport', claim: CLAIM, query: organizationReportQuery, handler: async ({ ctx, query }) => reportXlsx('organization', await reports.organizationReport(ctx, query), translator, ctx.culture) }),
      userRoute({ method: 'GET', action: 'ExportTreeReport', claim: TREE_CLAIM, query: treeReportQuery, handler: async ({ ctx, query }) => reportXlsx('tree', await reports.treeReport(ctx, query), translator, ctx.culture) }),
    ],
  };
}
