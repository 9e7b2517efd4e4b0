import type { Organization } from './organizations-api';

/** The form's field lists (mirroring the server's schema) and its conversions to and from the answer. */
export type { Organization, OrganizationListItem, OrganizationType } from './organizations-api';

export const IDENTITY_TEXT = ['name', 'organName', 'nationalId', 'economicCode'] as const;
export const CEO_TEXT = ['ceoFullName', 'ceoMobile', 'ceoNationalCode'] as const;
export const WORKPLACE_TEXT = ['workplaceTitle', 'workplacePhone', 'workplaceZipCode', 'workplaceAddress'] as const;
export const LIMIT_INTS = ['maximumUser', 'maxOrganization', 'maxCustomFiled', 'maxPhonebook', 'maximumPhoneNumber', 'panelPrice'] as const;
/**
 * Other records the organization points at, chosen with pickers (never typed as ids). domainId is
 * not among them: it is set when the organization's first white-label domain is registered on the
 * domains page (organizations/domains), so the form leaves it as it is; and
 * groupPriceTitle is the tariff's display copy, set by assigning a tariff (Tariffs/AssignToOrganization).
 */
export const REFERENCE_INTS = ['adminUserId', 'blackSenderPrivateNumberId'] as const;
export const ALL_INTS = [...LIMIT_INTS, ...REFERENCE_INTS] as const;
export const TEXT_MAX: Record<string, number> = {
  name: 200, organName: 200, nationalId: 20, economicCode: 20, ceoFullName: 200, ceoMobile: 20, ceoNationalCode: 20,
  workplaceTitle: 200, workplacePhone: 20, workplaceZipCode: 20, workplaceAddress: 500,
};
export const SETTING_FLAGS = [
  'isActive', 'isActiveSend', 'isConfirmMessage', 'isActiveAllTime', 'isHaveBlackListDeliveryProcess', 'isAllowLink', 'isTax',
  'isAuthenticated', 'isPostpaid', 'isShowGeneralNumbers', 'isShowGeneralAccount', 'isCanSendExtraReceivers',
  'isCanSetMultipleMobileForUser', 'isCanSeePublicParentPhonebook', 'enableSystemDefaultTag', 'isRequireSubOrganizationAuthentication',
] as const;
export const IDENTITY_FLAGS = ['isRealPerson', 'isForeigner'] as const;
export const ALERT_FLAGS = [
  'isSendAlertToOrganizationAdmin', 'isSendAlertForCreateSmartSmsRequest', 'isSendOrganizationExpirationAlertMessage',
  'isSendAlertForCreateOnlinePayment', 'isSendAlertForCreatePayment', 'enableSmartSmsFailureAlert',
] as const;

/** Flags a new organization starts with switched on (the server's column defaults). */
const NEW_ORGANIZATION_FLAGS = new Set<string>(['isActive', 'isActiveSend', 'isShowGeneralNumbers', 'isShowGeneralAccount']);

export const ALL_TEXT = [...IDENTITY_TEXT, ...CEO_TEXT, ...WORKPLACE_TEXT] as const;
export const ALL_FLAGS = [...IDENTITY_FLAGS, ...SETTING_FLAGS, ...ALERT_FLAGS] as const;

export interface OrganizationForm {
  text: Record<string, string>;
  ints: Record<string, number | null>;
  flags: Record<string, boolean>;
  type: 'organization' | 'reseller';
  parentId: string;
  roleTemplateId: string;
  sendStartTime: string;
  sendEndTime: string;
  /** UTC ISO or null. */
  expireTime: string | null;
}

/** A stored instant as the UTC ISO string the picker and the API use; null when missing or invalid. */
export function normalizeIso(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function formFrom(org: Organization | null, parentId: number | null): OrganizationForm {
  const text: Record<string, string> = {};
  for (const f of ALL_TEXT) text[f] = org && typeof org[f] === 'string' ? (org[f] as string) : '';
  const ints: Record<string, number | null> = {};
  for (const f of ALL_INTS) ints[f] = org && org[f] !== null && org[f] !== undefined ? Number(org[f]) : null;
  const flags: Record<string, boolean> = {};
  for (const f of ALL_FLAGS) flags[f] = org ? !!org[f] : NEW_ORGANIZATION_FLAGS.has(f);
  return {
    text, ints, flags,
    type: org?.type === 'reseller' ? 'reseller' : 'organization',
    parentId: org?.parentId ? String(org.parentId) : parentId ? String(parentId) : '',
    roleTemplateId: org?.roleTemplateId ? String(org.roleTemplateId) : '',
    sendStartTime: typeof org?.sendStartTime === 'string' ? org.sendStartTime.slice(0, 5) : '',
    sendEndTime: typeof org?.sendEndTime === 'string' ? org.sendEndTime.slice(0, 5) : '',
    expireTime: normalizeIso(org?.expireTime),
  };
}

/** The request body: everything on create; on edit only what changed (plus id). */
export function bodyFrom(form: OrganizationForm, original: Organization | null): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  for (const f of ALL_TEXT) all[f] = form.text[f].trim() === '' ? null : form.text[f].trim();
  for (const f of ALL_INTS) all[f] = form.ints[f];
  for (const f of ALL_FLAGS) all[f] = form.flags[f];
  all.sendStartTime = form.sendStartTime || null;
  all.sendEndTime = form.sendEndTime || null;
  all.expireTime = form.expireTime;
  all.roleTemplateId = form.roleTemplateId ? Number(form.roleTemplateId) : null;
  if (form.parentId) all.parentId = Number(form.parentId);
  if (!original) return { ...all, type: form.type };
  const before = bodyFrom(formFrom(original, null), null);
  const changed: Record<string, unknown> = { id: original.id };
  for (const [k, v] of Object.entries(all)) if (k !== 'type' && JSON.stringify(v) !== JSON.stringify(before[k])) changed[k] = v;
  return changed;
}
