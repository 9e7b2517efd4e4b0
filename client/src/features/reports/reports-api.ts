import { endpoint } from '../../shared/api/endpoint';
import type { ApiClient } from '../../shared/api/api-client';
import type { ReportAnswer } from '../../../../server/shared/insight/reports.answers';
import type { ReportGrouping } from '../../../../server/shared/insight/report-periods';

/** Shapes of `Reports/*`: the server's answer contracts (module insight, "Reports"). */
export type Report = ReportAnswer;
export type ReportPeriodRow = Report['periods'][number];
export type ReportTreeRow = NonNullable<Report['organizations']>[number];
export type ReportKind = 'user' | 'organization' | 'tree';

export type ReportFilter = {
  fromDate: string;
  toDate: string;
  grouping: ReportGrouping;
  organizationId?: number;
  userId?: number;
};

const ACTION: Record<ReportKind, string> = { user: 'UserReport', organization: 'OrganizationReport', tree: 'TreeReport' };

export const reportsApi = {
  get: (api: ApiClient, kind: ReportKind, filter: ReportFilter) => endpoint.get<Report, ReportFilter>(`/Reports/Get${ACTION[kind]}`)(api, filter),
  export: (api: ApiClient, kind: ReportKind, filter: ReportFilter) => api.get<Blob>(`/Reports/Export${ACTION[kind]}`, { responseType: 'blob', query: { ...filter } }),
};
