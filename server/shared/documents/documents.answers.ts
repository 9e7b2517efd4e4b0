import { flag, instant, integer, listOf, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * Identity documents (KYC; server module documents, client feature documents): the spec's
 * OrganizationDocuments and UserDocuments with documentStatus and description.
 */
export const ORGANIZATION_DOCUMENT_TYPES = ['BusinessLicense', 'CeoBirthCertificate', 'CeoNationalCard', 'FoundedAnnounce', 'LatestChangesAnnounce', 'OptionalField1', 'OptionalField2'] as const;
export const USER_DOCUMENT_TYPES = ['BirthCertificate', 'NationalCard', 'OptionalField1', 'OptionalField2'] as const;
export const DOCUMENT_STATUSES = ['NotCheckedYet', 'Accepted', 'NotAccepted'] as const;
/** The spec's limits: an organization's document file 200 KB, a (user's) image 1 MB. */
export const ORGANIZATION_DOCUMENT_MAX_BYTES = 200 * 1024;
export const USER_DOCUMENT_MAX_BYTES = 1024 * 1024;

export type OrganizationDocumentType = (typeof ORGANIZATION_DOCUMENT_TYPES)[number];
export type UserDocumentType = (typeof USER_DOCUMENT_TYPES)[number];
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

const documentProperties = {
  id: integer,
  organizationId: integer,
  /** Null: the organization's own document. */
  userId: nullableInteger,
  documentType: text,
  documentStatus: { type: 'string', enum: DOCUMENT_STATUSES },
  /** The administrator's word with the decision (why not accepted); null until one is given. */
  description: nullableText,
  fileName: nullableText,
  contentType: text,
  size: integer,
  uploadedByUserId: integer,
  decidedByUserId: nullableInteger,
  decidedAt: nullableInstant,
  createdAt: instant,
  lastModified: instant,
} as const;

const documentRequired = [
  'id', 'organizationId', 'userId', 'documentType', 'documentStatus', 'description', 'fileName', 'contentType', 'size',
  'uploadedByUserId', 'decidedByUserId', 'decidedAt', 'createdAt', 'lastModified',
] as const;

/** One document as an upload and every decision answer it. */
export const documentAnswer = { type: 'object', required: documentRequired, properties: documentProperties } as const;
/** An owner's uploaded documents (types never uploaded are absent). */
export const documentListAnswer = listOf(documentAnswer);
/** The administrator's review list: who the document belongs to, too. */
export const documentReviewPageAnswer = pageOf({
  type: 'object',
  required: [...documentRequired, 'organizationName', 'userName', 'ownerIsAuthenticated'],
  /** `ownerIsAuthenticated`: the owner's `isAuthenticated` now (the organization's for its own documents, else the user's). */
  properties: { ...documentProperties, organizationName: text, userName: nullableText, ownerIsAuthenticated: flag },
} as const);

/**
 * An organization's authentication as its documents page shows it: `isAuthenticated` now, and
 * `isRequiredToSend` — an organization above holds back its sends until it is authenticated.
 */
export const organizationAuthenticationAnswer = {
  type: 'object', required: ['isAuthenticated', 'isRequiredToSend'], properties: { isAuthenticated: flag, isRequiredToSend: flag },
} as const;

export type DocumentView = AnswerOf<typeof documentAnswer>;
export type OrganizationAuthentication = AnswerOf<typeof organizationAuthenticationAnswer>;
export type DocumentReviewPage = AnswerOf<typeof documentReviewPageAnswer>;
