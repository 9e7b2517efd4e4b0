import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
import { BANK_OPERATORS, GENDER_TYPES, SIM_TYPES } from './number-bank.rows.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** The body of an import is the file itself (xlsx or CSV, judged from its bytes); its name comes in the query. */
export const importBankQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    fileName: { type: 'string', maxLength: 200, format: NAME_FORMAT, pattern: '^[^\\u0001-\\u001f\\u007f]*$', title: 'The uploaded file\'s name (display only) / نام فایل' },
  },
} as const;

export const bankImportsQuery = {
  type: 'object', additionalProperties: false,
  properties: { pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize },
} as const;

export const bankNumbersQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    pageIndex: pagingQuerySchema.pageIndex,
    pageSize: pagingQuerySchema.pageSize,
    mobile: { type: 'string', maxLength: 20, title: 'One mobile number, any form / شماره موبایل' },
    zoneId: { ...id, title: 'A zone (province, city or area) / منطقه' },
  },
} as const;

const name = { type: 'string', minLength: 1, maxLength: 100, format: NAME_FORMAT } as const;

/** The customer's filters; every part optional (none = the whole bank). Counts only come back. */
export const bankCountSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    zoneIds: { type: 'array', maxItems: 500, uniqueItems: true, items: id, title: 'Zones (provinces, cities, areas) / مناطق' },
    zipCodePrefix: { type: 'string', pattern: '^[0-9]{1,10}$', title: 'Postal code prefix / پیشوند کد پستی' },
    guildName: { ...name, title: 'Guild (job group) / صنف' },
    subGuildName: { ...name, title: 'Sub-guild / زیرصنف' },
    mobileOperators: { type: 'array', maxItems: 4, uniqueItems: true, items: { enum: BANK_OPERATORS }, title: 'Operators / اپراتورها' },
    genderType: { enum: GENDER_TYPES, default: 'All', title: 'Gender / جنسیت' },
    simType: { enum: SIM_TYPES, default: 'All', title: 'SIM type / نوع سیم‌کارت' },
  },
  examples: [{ zoneIds: [2], mobileOperators: ['MCI'], genderType: 'Woman', simType: 'All' }],
} as const;

export const zonesQuery = {
  type: 'object', additionalProperties: false,
  properties: { parentId: { ...id, title: 'The zone whose sub-zones are listed (none: the country) / منطقه بالاتر' } },
} as const;

/**
 * A regional send (`ScheduledMessages/CreateRegionalScheduledMessage`, preview
 * `GetRegionalScheduledMessageCalculations`): the ordinary send fields of `Create`, and the bank's
 * filters with a `count` or a `percentage` of the available numbers. zoneIds and simType are
 * judged by the service so each answers the spec's own message.
 */
export const regionalSendSchema = {
  type: 'object', additionalProperties: false, required: ['senderNumberId', 'smsBody'],
  properties: {
    senderNumberId: { ...id, title: 'Sender line / خط ارسال' },
    smsBody: { type: 'string', maxLength: 5000, title: 'Message text / متن پیامک' },
    isFlashSms: { type: 'boolean', default: false },
    sendDirect: { type: 'boolean', default: true },
    sendDateTime: { type: ['string', 'null'], format: 'date-time' },
    sendId: { type: ['string', 'null'], maxLength: 100 },
    description: { type: ['string', 'null'], maxLength: 500 },
    zoneIds: { type: 'array', maxItems: 500, uniqueItems: true, items: id, title: 'Zones (provinces, cities, areas) / مناطق' },
    simType: { enum: SIM_TYPES, title: 'SIM type / نوع سیم‌کارت' },
    zipCodePrefix: { type: 'string', pattern: '^[0-9]{1,10}$', title: 'Postal code prefix / پیشوند کد پستی' },
    guildName: { ...name, title: 'Guild (job group) / صنف' },
    subGuildName: { ...name, title: 'Sub-guild / زیرصنف' },
    mobileOperators: { type: 'array', maxItems: 4, uniqueItems: true, items: { enum: BANK_OPERATORS }, title: 'Operators / اپراتورها' },
    genderType: { enum: GENDER_TYPES, default: 'All', title: 'Gender / جنسیت' },
    count: { type: ['integer', 'null'], minimum: 1, maximum: 100_000_000, title: 'Number of receivers / تعداد گیرندگان' },
    percentage: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 100, title: 'Percentage of the available numbers / درصد از شماره‌های موجود' },
    grayListExpireHour: { type: ['integer', 'null'], minimum: 0, maximum: 8760, title: 'Hours a picked number is not picked again / ساعت عدم تکرار شماره' },
  },
  examples: [{ senderNumberId: 1, smsBody: 'Hello', zoneIds: [2], simType: 'All', mobileOperators: ['MCI'], genderType: 'Woman', count: 1000 }],
} as const;
