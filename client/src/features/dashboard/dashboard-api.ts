import { endpoint } from '../../shared/api/endpoint';
import type { DashboardAnswer, DashboardDayAnswer } from '../../../../server/shared/insight/insight.answers';

/** `Dashboard/GetInformationsForDashboard` (server/modules/insight): a 403 is silent in the error catalogue. */
export const DASHBOARD_PATH = '/Dashboard/GetInformationsForDashboard';

/** The dashboard's figures: the server's answer contract (rials as decimal strings, days as Tehran days `YYYY-MM-DD`). */
export type DashboardInfo = DashboardAnswer;
export type DashboardDay = DashboardDayAnswer;

type DayRange = { fromDate: string; toDate: string };

export const dashboardApi = {
  info: endpoint.get<DashboardInfo, DayRange>(DASHBOARD_PATH),
};

/** The dashboard feature's SWR keys: the values the default fetcher read before (paths, the figures' with its query). */
export const dashboardKeys = {
  info: (range: DayRange) => `${DASHBOARD_PATH}?fromDate=${range.fromDate}&toDate=${range.toDate}`,
  firstRunChecklist: () => '/FirstRun/GetChecklist',
};
