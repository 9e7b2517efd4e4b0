import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const newsFields = {
  title: { type: 'string', maxLength: 200, format: NAME_FORMAT },
  text: { type: 'string', maxLength: 10_000 },
  displayForAllSubOrganizations: { type: 'boolean', default: false },
  customerDomainName: { type: ['string', 'null'], maxLength: 253, default: null },
  startDate: { type: 'string', format: 'date-time' },
  endDate: { type: 'string', format: 'date-time' },
  isRequiredToSeen: { type: 'boolean', default: false },
} as const;

const REQUIRED = ['title', 'text', 'startDate', 'endDate'] as const;

export const createNewsSchema = { type: 'object', additionalProperties: false, required: REQUIRED, properties: newsFields } as const;
export const updateNewsSchema = { type: 'object', additionalProperties: false, required: ['id', ...REQUIRED], properties: { id, ...newsFields } } as const;
export const newsQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;
export const latestNewsQuery = {
  type: 'object', additionalProperties: false,
  properties: { pageIndex: pagingQuerySchema.pageIndex, pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 5 } },
} as const;
