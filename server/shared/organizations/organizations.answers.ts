import { flag, instant, integer, integers, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Organizations/*` answers (server module organizations; the client's organizations feature
 * reads these types). The field names are the spec's, misspellings included (`maxCustomFiled`).
 */

const organizationType = { type: 'string', enum: ['system', 'reseller', 'organization'] } as const;

/** The columns `GetAll` lists: enough for the tree, the switcher and the pickers. */
const listProperties = {
  id: integer,
  parentId: nullableInteger,
  resellerId: nullableInteger,
  /** The materialized path `/1/4/9/`. */
  path: text,
  depth: integer,
  type: organizationType,
  name: text,
  organName: nullableText,
  isActive: flag,
  isArchived: flag,
  expireTime: nullableInstant,
  isPostpaid: flag,
  isRealPerson: flag,
  nationalId: nullableText,
  ceoFullName: nullableText,
  roleTemplateId: nullableInteger,
  createdAt: instant,
} as const;

const listRequired = [
  'id', 'parentId', 'resellerId', 'path', 'depth', 'type', 'name', 'organName', 'isActive', 'isArchived', 'expireTime', 'isPostpaid',
  'isRealPerson', 'nationalId', 'ceoFullName', 'roleTemplateId', 'createdAt',
] as const;

/** A `GetAll` row; `hasChildren` lets the tree offer to expand it. */
export const organizationListItemAnswer = {
  type: 'object',
  required: [...listRequired, 'hasChildren'],
  properties: { ...listProperties, hasChildren: flag },
} as const;

export const organizationsPageAnswer = pageOf(organizationListItemAnswer);

const settingFlags = [
  'isForeigner', 'isActiveSend', 'isConfirmMessage', 'isActiveAllTime', 'isHaveBlackListDeliveryProcess', 'isAllowLink', 'isTax',
  'isAuthenticated', 'isShowGeneralNumbers', 'isShowGeneralAccount', 'isCanSendExtraReceivers', 'isCanSetMultipleMobileForUser',
  'isCanSeePublicParentPhonebook', 'enableSystemDefaultTag', 'isSendAlertToOrganizationAdmin', 'isSendAlertForCreateSmartSmsRequest',
  'isSendOrganizationExpirationAlertMessage', 'isSendAlertForCreateOnlinePayment', 'isSendAlertForCreatePayment', 'enableSmartSmsFailureAlert',
  'isRequireSubOrganizationAuthentication',
] as const;

const detailTexts = ['economicCode', 'ceoMobile', 'ceoNationalCode', 'workplaceTitle', 'workplacePhone', 'workplaceZipCode', 'workplaceAddress', 'groupPriceTitle'] as const;
const detailInts = [
  'maximumUser', 'maxOrganization', 'maxCustomFiled', 'maxPhonebook', 'maximumPhoneNumber', 'blackSenderPrivateNumberId', 'domainId', 'adminUserId',
] as const;

function eachOf<const K extends readonly string[], S>(keys: K, schema: S) {
  // fromEntries types its keys as any string: these are exactly the list's names.
  return Object.fromEntries(keys.map((k) => [k, schema])) as { [P in K[number]]: S };
}

/** The whole organization, as `Get/:id`, `Create`, `Update` and the state changes answer it. */
export const organizationAnswer = {
  type: 'object',
  required: [
    ...listRequired, ...settingFlags, ...detailTexts, ...detailInts, 'panelPrice', 'sendStartTime', 'sendEndTime', 'archivedAt', 'createdBy', 'updatedAt',
  ],
  properties: {
    ...listProperties,
    ...eachOf(settingFlags, flag),
    ...eachOf(detailTexts, nullableText),
    ...eachOf(detailInts, nullableInteger),
    /** Integer rials (a number: the panel's price stays far below 2^53). */
    panelPrice: nullableInteger,
    /** `HH:mm`; both null: no send window. */
    sendStartTime: nullableText,
    sendEndTime: nullableText,
    archivedAt: nullableInstant,
    createdBy: nullableInteger,
    updatedAt: instant,
  },
} as const;

/** `Delete/:id`: every organization the delete removed (with children: the whole subtree). */
export const organizationsDeletedAnswer = {
  type: 'object', required: ['deletedOrganizationIds'], properties: { deletedOrganizationIds: integers },
} as const;

export type OrganizationType = AnswerOf<typeof organizationType>;
export type OrganizationListItemAnswer = AnswerOf<typeof organizationListItemAnswer>;
export type OrganizationsPage = AnswerOf<typeof organizationsPageAnswer>;
export type OrganizationAnswer = AnswerOf<typeof organizationAnswer>;
export type OrganizationsDeleted = AnswerOf<typeof organizationsDeletedAnswer>;
