/**
 * What each flag of the organization and user forms does, in one place (issue 29): `inEffect`
 * flags gate or change something and their hint says what; `notYet` flags are stored and shown
 * only, and their hint starts with "Not in effect yet" (the form never lets a stored-only flag pass
 * for a working one). The hints are `flagHints.<flag>` of the feature's texts; the browser test
 * (tests/browser/flag-hints.test.ts) reads this map. When a flag starts to work, change it here,
 * write its hint, and record the decision in the owning module's CONTEXT.md.
 */
export type FlagEffect = 'inEffect' | 'notYet';

export const ORGANIZATION_FLAG_EFFECTS = {
  isRealPerson: 'inEffect',
  isForeigner: 'inEffect',
  isActive: 'inEffect',
  isActiveSend: 'inEffect',
  isConfirmMessage: 'inEffect',
  isActiveAllTime: 'inEffect',
  isHaveBlackListDeliveryProcess: 'notYet',
  isAllowLink: 'inEffect',
  isTax: 'inEffect',
  isAuthenticated: 'inEffect',
  isPostpaid: 'inEffect',
  isShowGeneralNumbers: 'inEffect',
  isShowGeneralAccount: 'inEffect',
  isCanSendExtraReceivers: 'notYet',
  isCanSetMultipleMobileForUser: 'inEffect',
  isCanSeePublicParentPhonebook: 'inEffect',
  enableSystemDefaultTag: 'notYet',
  isRequireSubOrganizationAuthentication: 'inEffect',
  isSendAlertToOrganizationAdmin: 'inEffect',
  isSendAlertForCreateSmartSmsRequest: 'inEffect',
  isSendOrganizationExpirationAlertMessage: 'inEffect',
  isSendAlertForCreateOnlinePayment: 'inEffect',
  isSendAlertForCreatePayment: 'inEffect',
  enableSmartSmsFailureAlert: 'inEffect',
} as const satisfies Record<string, FlagEffect>;

export const USER_FLAG_EFFECTS = {
  isActive: 'inEffect',
  isActiveSend: 'inEffect',
  isAdmin: 'inEffect',
  isAuthenticatedMobile: 'notYet',
  isAuthenticated: 'inEffect',
  isSendSmsDescriptionRequired: 'inEffect',
  isCanSeeContactsOfPublicPhonebooks: 'inEffect',
  isCanSeeContactsOfPrivatePhonebooks: 'inEffect',
  isCanSendSmartWithoutConfirmation: 'inEffect',
  isCanSendVoice: 'inEffect',
  isForeigner: 'inEffect',
  isDefault: 'notYet',
  changePasswordRequired: 'inEffect',
} as const satisfies Record<string, FlagEffect>;

/** The hint of a flag: its own text, after the shared "not in effect yet" words when it does nothing yet. */
export function flagHint(t: (key: string) => string, effects: Readonly<Record<string, FlagEffect>>, name: string): string {
  const own = t(`flagHints.${name}`);
  return effects[name] === 'notYet' ? `${t('flagHints.notYet')} ${own}` : own;
}
