/** Field lists shared by the schemas and the repository: one place names what an organization has. */
export const ORGANIZATION_TEXT_FIELDS = {
  name: 200, organName: 200, nationalId: 20, economicCode: 20, ceoFullName: 200, ceoMobile: 20,
  ceoNationalCode: 20, workplaceTitle: 200, workplacePhone: 20, workplaceZipCode: 20, workplaceAddress: 500,
  groupPriceTitle: 200,
} as const;

export const ORGANIZATION_INT_FIELDS = [
  'maximumUser', 'maxOrganization', 'maxCustomFiled', 'maxPhonebook', 'maximumPhoneNumber',
  'blackSenderPrivateNumberId', 'domainId', 'adminUserId',
] as const;

export const ORGANIZATION_FLAGS = [
  'isRealPerson', 'isForeigner', 'isActiveSend', 'isConfirmMessage', 'isActiveAllTime',
  'isHaveBlackListDeliveryProcess', 'isAllowLink', 'isTax', 'isAuthenticated', 'isPostpaid', 'isShowGeneralNumbers',
  'isShowGeneralAccount', 'isCanSendExtraReceivers', 'isCanSetMultipleMobileForUser', 'isCanSeePublicParentPhonebook',
  'enableSystemDefaultTag', 'isSendAlertToOrganizationAdmin', 'isSendAlertForCreateSmartSmsRequest',
  'isSendOrganizationExpirationAlertMessage', 'isSendAlertForCreateOnlinePayment', 'isSendAlertForCreatePayment',
  'enableSmartSmsFailureAlert', 'isRequireSubOrganizationAuthentication',
] as const;

export type OrganizationType = 'system' | 'reseller' | 'organization';

export interface OrganizationRow {
  id: number;
  parentId: number | null;
  resellerId: number | null;
  path: string;
  depth: number;
  type: OrganizationType;
  name: string;
  isActive: boolean;
  isArchived: boolean;
  expireTime: Date | null;
  roleTemplateId: number | null;
  deletedAt: Date | null;
  [field: string]: unknown;
}

/**
 * Whether an organization above asks the last of `chain` (root first) to be authenticated before
 * it sends (`isRequireSubOrganizationAuthentication`, off by default): any ancestor's flag holds
 * the whole subtree below it, so an organization in the middle cannot loosen what one above it
 * asked for; an organization's own flag holds only those below it. The send hold
 * (messaging/send-rules.ts) and the documents page read it.
 */
export function authenticationRequired(chain: readonly OrganizationRow[]): boolean {
  return chain.slice(0, -1).some((o) => o.isRequireSubOrganizationAuthentication === true);
}
