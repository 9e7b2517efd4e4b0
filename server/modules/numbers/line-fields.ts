/** Enumerations and field lists of sender agents and lines (the spec's names). */

// The enumerations the client lists too live in the shared contracts (server/shared/lines).
import { SEND_TYPES, type SendType } from '../../shared/lines/line-catalogue.js';
import { tehranDayOf } from '../../shared/dates/tehran-days.js';
export { API_SEND_FLAGS, type ApiSendFlag, LINE_FLAGS, NUMBER_TYPES, SENDER_AGENT_TYPES, SEND_TYPES, SEND_TYPE_FLAGS, TYPE_PRIVATE_NUMBERS, USE_FORMS, type SendType } from '../../shared/lines/line-catalogue.js';

/** Other writable line fields besides the flags, `organizationId` and the number fields. */
export const LINE_FIELDS = [
  'useForm', 'numberType', 'typePrivateNumber', 'smsSenderAgentId', 'priority', 'deliveryBase', 'deliveryLevel1', 'deliveryLevel2',
  'checkFilter', 'tryCount', 'expireTime', 'sendToBlackList', 'refundDeliveryStatusId', 'tag', 'hasSla', 'isActive',
  'number', 'mask', 'rangeStart', 'rangeEnd', 'isForSale',
] as const;

export const AGENT_FIELDS = [
  'title', 'pluginName', 'defaultNumber', 'type', 'startTime', 'endTime', 'sendSmsAlert', 'isSendActive', 'isReceiveActive',
  'isSendBulkActive', 'sendBulkIsAutomatic', 'checkMessageId', 'isSendSmartActive', 'isActiveAllTime', 'sendLink', 'receiveLink',
  'deliveryLink', 'domain', 'internalCredit', 'externalCredit', 'queueLength', 'routeActive', 'isP2p', 'isSmpp', 'isBts', 'udhLen',
  'receiveInboxType', 'maxPerSecond', 'isActive',
] as const;

export function isSendType(value: unknown): value is SendType {
  return typeof value === 'string' && (SEND_TYPES as readonly string[]).includes(value);
}

/**
 * The spec's private-number patterns read as: a first digit 1 to 9, then 2 to 11 digits 0 to 9
 * (3 to 12 digits in all), with no digit repeated more than 9 times in a row.
 */
export function isValidLineNumber(value: string): boolean {
  return /^[1-9][0-9]{2,11}$/.test(value) && !/(\d)\1{9}/.test(value);
}

export const MASK_PATTERN = /^[A-Za-z0-9]{3,11}$/;

/**
 * Option keys taken for secrets when the plugin's schema marks none `writeOnly` (a plugin written
 * before the mark): never answered, kept when an update sends '***'.
 */
export const SECRET_KEY = /secret|key|password|token|pass|credential/i;
export const MASKED = '***';

/** `secretKeys`: the schema's `writeOnly` properties; null/absent = fall back to key names. */
export function isSecretOption(key: string, secretKeys?: ReadonlySet<string> | null): boolean {
  return secretKeys ? secretKeys.has(key) : SECRET_KEY.test(key);
}

export function maskOptions(options: Record<string, unknown> | null | undefined, secretKeys?: ReadonlySet<string> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options ?? {})) out[k] = isSecretOption(k, secretKeys) && v !== null && v !== '' ? MASKED : v;
  return out;
}

/** A date's day and month periods in Tehran (the counters of the send limits). */
export function tehranPeriods(at: Date): { day: string; month: string } {
  const day = tehranDayOf(at);
  return { day: `d:${day}`, month: `m:${day.slice(0, 7)}` };
}
