import { REPORT_GROUPINGS } from '../../shared/insight/report-periods.js';

/** Tehran calendar days, `YYYY-MM-DD`; the service judges the day itself (a bad one answers on its field). */
const dayField = { type: 'string', maxLength: 10 } as const;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const common = { fromDate: dayField, toDate: dayField, grouping: { type: 'string', enum: REPORT_GROUPINGS } } as const;

export const userReportQuery = {
  type: 'object', additionalProperties: false,
  /** userId: a user of the caller's slice (administrators); the caller by default. */
  properties: { ...common, userId: id },
} as const;

export const organizationReportQuery = {
  type: 'object', additionalProperties: false,
  /** organizationId: an organization of the caller's slice; the active organization by default. */
  properties: { ...common, organizationId: id },
} as const;

export const treeReportQuery = organizationReportQuery;
