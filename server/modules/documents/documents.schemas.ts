import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
import { DOCUMENT_STATUSES, ORGANIZATION_DOCUMENT_TYPES, USER_DOCUMENT_TYPES } from '../../shared/documents/documents.answers.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
// No control characters: the name is shown in the review list.
const fileName = { type: 'string', maxLength: 200, format: NAME_FORMAT, pattern: '^[^\\u0001-\\u001f\\u007f]*$' } as const;

/** An organization's documents: the caller's own organization unless named. */
export const organizationDocumentsQuery = {
  type: 'object', additionalProperties: false, properties: { organizationId: id },
} as const;

/** The body of an upload is the image itself; what it is comes in the query. */
export const uploadOrganizationDocumentQuery = {
  type: 'object', additionalProperties: false, required: ['documentType'],
  properties: { organizationId: id, documentType: { type: 'string', enum: ORGANIZATION_DOCUMENT_TYPES }, fileName },
} as const;

/** A user's documents: the caller's own unless named (an administrator over that user). */
export const userDocumentsQuery = {
  type: 'object', additionalProperties: false, properties: { userId: id },
} as const;

/** Users upload their own documents only. */
export const uploadUserDocumentQuery = {
  type: 'object', additionalProperties: false, required: ['documentType'],
  properties: { documentType: { type: 'string', enum: USER_DOCUMENT_TYPES }, fileName },
} as const;

export const documentReviewQuery = {
  type: 'object', additionalProperties: false,
  properties: { pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize, documentStatus: { type: 'string', enum: DOCUMENT_STATUSES } },
} as const;

export const rejectDocumentSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id, description: { type: ['string', 'null'], maxLength: 1000 } },
} as const;
