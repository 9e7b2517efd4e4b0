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
