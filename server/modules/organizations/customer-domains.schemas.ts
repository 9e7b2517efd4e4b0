import { pagingQuerySchema } from '../../platform/http/router.js';
import { DASHBOARD_MODES, DESKTOPS, DOMAIN_IMAGE_TYPES, LOGIN_PAGE_MODES, LOGIN_THEMES } from '../../shared/organizations/customer-domains.answers.js';

// Host names, colours and links are judged by the service (customer-domains.service.ts): it
// lower-cases a host before judging it and answers one message per mistake, under the field.
const host = { type: 'string', maxLength: 300 } as const;
const nullableHost = { type: ['string', 'null'], maxLength: 300 } as const;
const colour = { type: 'string', maxLength: 20 } as const;
const link = { type: ['string', 'null'], maxLength: 500 } as const;

const domainProperties = {
  resellerDomain: host,
  resellerIdentityDomain: nullableHost,
  desktop: { enum: DESKTOPS },
  loginTheme: { enum: LOGIN_THEMES },
  dashboardMode: { enum: DASHBOARD_MODES },
  loginPageMode: { enum: LOGIN_PAGE_MODES },
  primaryColor: colour,
  secondaryColor: colour,
  resellerLink: link,
  enamad: link,
  isSignUpEnabled: { type: 'boolean' },
} as const;

export const createCustomerDomainSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['resellerDomain'],
  properties: {
    ...domainProperties,
    /** Whose domain; the caller's own organization when absent. */
    organizationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

export const updateCustomerDomainSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    ...domainProperties,
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

export const listCustomerDomainsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pagingQuerySchema,
    organizationId: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
} as const;

export const uploadDomainImageQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'imageType'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    imageType: { enum: DOMAIN_IMAGE_TYPES },
    fileName: { type: 'string', maxLength: 200 },
  },
} as const;

export const removeDomainImageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    key: { type: 'string', maxLength: 64 },
  },
} as const;

export const domainImageParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    key: { type: 'string', pattern: '^[0-9a-f-]{36}$' },
  },
} as const;
