import { NAME_FORMAT } from '../../platform/http/validation.js';
import { pagingQuerySchema } from '../../platform/http/router.js';
import { MAX_OTP_PARAMETERS } from '../../shared/text/otp-format.js';
import { OTP_PRIORITIES, OTP_STATUSES } from './otp-formats.repository.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const title = {
  type: 'string', minLength: 1, maxLength: 100, format: NAME_FORMAT,
  title: 'Title / عنوان', description: 'A name for the panel\'s list. / نامی برای فهرست پنل.', examples: ['Login code'],
} as const;

// The syntax is checked by the service (its messages name the position); the schema only bounds the size.
const smsText = {
  type: 'string', minLength: 1, maxLength: 1000,
  title: 'Message text / متن پیامک',
  description: 'Placeholders {0}, {1}, … numbered from 0 without gaps; {{ and }} are literal braces. / متغیرها {0}، {1}، … از صفر و بی‌جاافتادگی؛ {{ و }} آکولاد معمولی‌اند.',
  examples: ['Your login code is {0}. It expires in {1} minutes.', 'کد ورود شما: {0}'],
} as const;

const priority = {
  enum: OTP_PRIORITIES,
  title: 'Priority (SendPriority; High when omitted at creation) / اولویت',
  description: 'Recorded with the format; every OTP send takes the single-send fast path. / با الگو ثبت می‌شود؛ همه ارسال‌های OTP از مسیر سریع ارسال تکی می‌روند.',
  examples: ['High'],
} as const;

export const createOtpFormatSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'smsText'],
  properties: { title, smsText, priority },
  examples: [{ title: 'Login code', smsText: 'Your login code is {0}.', priority: 'High' }],
} as const;

export const updateOtpFormatSchema = {
  type: 'object', additionalProperties: false, required: ['id'],
  properties: { id: { ...id, title: 'OTP format id / شناسه الگو' }, title, smsText, priority },
  description: 'A changed text goes back to waiting for confirmation unless an administrator changed it. / متن تغییرکرده دوباره منتظر تأیید می‌ماند مگر مدیر آن را تغییر داده باشد.',
  examples: [{ id: 7, smsText: 'Code: {0}' }, { id: 7, title: 'Sign-in code', priority: 'Highest' }],
} as const;

export const otpFormatsQuery = {
  type: 'object', additionalProperties: false,
  properties: {
    pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize,
    search: { ...pagingQuerySchema.search, title: 'Title or text contains / عنوان یا متن شامل' },
    status: { enum: OTP_STATUSES, title: 'Status (OtpStatus) / وضعیت', examples: ['WatingForConfirm'] },
  },
  examples: [{ pageIndex: 0, pageSize: 20, status: 'Confirmed' }],
} as const;

/** `POST /v1/messages/otp`: one message to one number from a confirmed OTP format. */
export const v1OtpSchema = {
  type: 'object', additionalProperties: false, required: ['to', 'formatId', 'parameters', 'line'],
  properties: {
    to: { type: 'string', maxLength: 40, title: 'Receiver mobile / شماره گیرنده', examples: ['09121234567'] },
    formatId: { ...id, title: 'Confirmed OTP format id / شناسه الگوی تأییدشده', examples: [7] },
    // The count is checked against the format by the service, whose message names both counts.
    parameters: {
      type: 'array', maxItems: MAX_OTP_PARAMETERS, items: { type: 'string', maxLength: 1000 },
      title: 'Placeholder values, {0} first / مقادیر متغیرها، از {0}',
      description: 'Exactly as many as the format\'s placeholders; each plain text of at most 100 characters. / دقیقاً به تعداد متغیرهای الگو؛ هر کدام متن ساده تا ۱۰۰ نویسه.',
      examples: [['4821', '2']],
    },
    line: { ...id, title: 'Line (private number id) / خط ارسال', examples: [12] },
    sendId: {
      type: ['string', 'null'], maxLength: 100,
      title: 'Client send id / شناسه ارسال مشتری',
      description: 'Idempotency key per user: a repeat answers the first send with repeated: true. / کلید یکتایی: تکرار همان ارسال اول را برمی‌گرداند.',
      examples: ['order-991-otp'],
    },
  },
  examples: [{ to: '09121234567', formatId: 7, parameters: ['4821', '2'], line: 12, sendId: 'order-991-otp' }],
} as const;
