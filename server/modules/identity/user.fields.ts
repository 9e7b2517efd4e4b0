/** The user's writable field lists, shared by the schemas and the service (like organization.fields.ts). */
export const USER_TEXT_FIELDS = {
  nationalCode: 20, foreignerCode: 30, identityNumber: 30, firstName: 100, lastName: 100, fatherName: 100, email: 254,
  zipCode: 20, phone: 20, mobile: 20, faxNumber: 20, address: 500, descriptions: 1000,
} as const;

export const USER_FLAGS = [
  'isActive', 'isActiveSend', 'isAdmin', 'isAuthenticatedMobile', 'isAuthenticated', 'isSendSmsDescriptionRequired',
  'isCanSeeContactsOfPublicPhonebooks', 'isCanSeeContactsOfPrivatePhonebooks', 'isCanSendSmartWithoutConfirmation',
  'isCanSendVoice', 'isForeigner', 'isDefault', 'changePasswordRequired',
] as const;
