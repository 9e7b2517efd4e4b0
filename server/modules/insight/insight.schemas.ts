/** Tehran calendar days, `YYYY-MM-DD`; the service judges the day itself (a bad one answers on its field). */
const dayField = { type: 'string', maxLength: 10 } as const;

export const dailyStatisticsQuery = {
  type: 'object', additionalProperties: false,
  properties: { fromDate: dayField, toDate: dayField },
} as const;

export const dashboardQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    fromDate: dayField,
    toDate: dayField,
    /** An organization of the caller's slice (administrators); the active organization by default. */
    organizationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;
