import { NAME_FORMAT } from '../../platform/http/validation.js';
import { SHORT_LINK_MODES } from '../../shared/engage/short-links.js';
import { DELIVERY_STATUSES } from '../../shared/sends/send-statuses.js';
import { SEND_TYPES } from '../numbers/index.js';

const flag = { type: 'boolean' } as const;

export const createTokenSchema = {
  type: 'object', additionalProperties: false, required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 100, format: NAME_FORMAT },
    // An IPv4 or IPv6 address as the server sees the caller (no ranges in this slice).
    ip: { type: ['string', 'null'], maxLength: 45, pattern: '^[0-9A-Fa-f:.]*$' },
    isCanSend: flag, isIgnoreCheckIp: flag,
    // Smart requests are panel-only for now (targeting CONTEXT.md): these two are stored and open no API path.
    isCanSendSmart: { ...flag, description: 'Stored only: smart requests are sent from the panel for now; no API call reads this. / فعلا فقط ذخیره می‌شود: درخواست هوشمند فعلا فقط از پنل ثبت می‌شود.' },
    canUseSmartClass: { ...flag, description: 'Stored only: no API call reads this yet. / فعلا فقط ذخیره می‌شود.' },
  },
} as const;

/** Field descriptions of the API document (both languages; "English / فارسی" as the document's other texts). */
const V1_FIELD = {
  to: 'Mobile number, e.g. 0912…, 912… or 98912…. / شمارهٔ موبایل گیرنده.',
  toMany: 'Mobile numbers (up to 100,000). / شماره‌های موبایل گیرندگان (حداکثر ۱۰۰٬۰۰۰).',
  text: 'Message text; its length sets the parts and the price. / متن پیامک؛ طول آن تعداد بخش‌ها و قیمت را تعیین می‌کند.',
  line: 'Id of one of your lines (`GET /v1/lines`). / شناسهٔ یکی از خط‌های شما (`GET /v1/lines`).',
  sendId: 'Your own id for this send, unique per user: a repeat answers the first send. / شناسهٔ خودتان برای این ارسال، یکتا برای هر کاربر: تکرار، همان ارسال اول را برمی‌گرداند.',
  shortLinkMode: 'The text\'s links: None (as written), PerSend (one short link for the send), PerReceiver (a personal short link per receiver: who clicked is known). Parts and price are those of the shortened text. / لینک‌های متن، به ترتیب مقادیر مجاز: بدون تغییر، یک لینک کوتاه برای ارسال، لینک کوتاه شخصی برای هر گیرنده (معلوم می‌شود چه کسی کلیک کرده است). تعداد بخش‌ها و قیمت از متن کوتاه‌شده است.',
} as const;

export const v1LinesQuery = {
  type: 'object', additionalProperties: false,
  // Api by default: the v1 sends are of type Api (issue 30 part 3).
  properties: { sendType: { enum: SEND_TYPES, default: 'Api' } },
} as const;

export const v1SendSchema = {
  type: 'object', additionalProperties: false, required: ['to', 'text', 'line'],
  properties: {
    // Lengths as the panel's fast send: an empty or wrong value gets the panel's failure code, not a schema error.
    to: { type: 'string', maxLength: 40, description: V1_FIELD.to, examples: ['09121234567'] },
    text: { type: 'string', maxLength: 5000, description: V1_FIELD.text, examples: ['Hello, your verification code is 1234.'] },
    line: { type: 'integer', minimum: 1, maximum: 2147483647, description: V1_FIELD.line, examples: [2] },
    sendId: { type: ['string', 'null'], maxLength: 100, description: V1_FIELD.sendId, examples: ['order-1001'] },
    shortLinkMode: { type: 'string', enum: SHORT_LINK_MODES, default: 'None', description: V1_FIELD.shortLinkMode, examples: ['PerReceiver'] },
  },
} as const;

export const v1SendIdParams = {
  type: 'object', additionalProperties: false, required: ['sendId'],
  properties: { sendId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** One text to many numbers: a Bulk send (the panel's pasted list: invalid numbers are counted, not refused). */
export const v1SendManySchema = {
  type: 'object', additionalProperties: false, required: ['to', 'text', 'line'],
  properties: {
    to: { type: 'array', minItems: 1, maxItems: 100_000, items: { type: 'string', maxLength: 40 }, description: V1_FIELD.toMany, examples: [['09121234567', '09351234567']] },
    text: { type: 'string', maxLength: 5000, description: V1_FIELD.text, examples: ['20% off today until 10 pm.'] },
    line: { type: 'integer', minimum: 1, maximum: 2147483647, description: V1_FIELD.line, examples: [2] },
    sendId: { type: ['string', 'null'], maxLength: 100, description: V1_FIELD.sendId, examples: ['campaign-7'] },
    shortLinkMode: { type: 'string', enum: SHORT_LINK_MODES, default: 'None', description: V1_FIELD.shortLinkMode, examples: ['PerReceiver'] },
  },
} as const;

/** A text per number (P2P): each pair is its own single send, answered one by one. */
export const v1SendPairsSchema = {
  type: 'object', additionalProperties: false, required: ['messages', 'line'],
  properties: {
    messages: {
      type: 'array', minItems: 1, maxItems: 100,
      items: {
        type: 'object', additionalProperties: false, required: ['to', 'text'],
        properties: { to: { type: 'string', maxLength: 40, description: V1_FIELD.to }, text: { type: 'string', maxLength: 5000, description: V1_FIELD.text } },
      },
      description: 'Pairs of number and text (up to 100). / جفت‌های شماره و متن (حداکثر ۱۰۰).',
    },
    line: { type: 'integer', minimum: 1, maximum: 2147483647, description: V1_FIELD.line },
    // Pair i is stored under `${sendId}:${i}`, so a repeated call sends nothing twice.
    sendId: { type: ['string', 'null'], maxLength: 90, description: 'Your id for the call; pair i is kept as `{sendId}:{i}`. / شناسهٔ شما برای این درخواست؛ جفت `i` با `{sendId}:{i}` نگه داشته می‌شود.' },
  },
} as const;

export const v1ReceiversQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    pageIndex: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    deliveryStatus: { enum: DELIVERY_STATUSES },
  },
} as const;

export const v1InboundQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    after: { type: 'integer', minimum: 0, maximum: 9_007_199_254_740_991, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  },
} as const;
