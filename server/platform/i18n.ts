import { fieldLabels } from './field-labels.js';

export type Culture = 'fa' | 'en-US';

export type MessageCatalogue = Record<string, { fa: string; en: string }>;

/** Messages of the platform itself; modules add theirs through their module definition. */
export const platformMessages: MessageCatalogue = {
  'status.400': { fa: 'درخواست نامعتبر / درخواست شما با مشکل مواجه شده است.', en: 'Invalid request / Your request has encountered a problem.' },
  'status.401': { fa: 'عدم دسترسی / برای ادامه فرایند ابتدا باید وارد شوید.', en: 'Inaccessibility / To continue the process, you need to log in first.' },
  'status.403': { fa: 'کاربر گرامی، شما به این بخش دسترسی ندارید.', en: 'Dear user, you do not have permission to access this section.' },
  'status.404': { fa: 'موردی یافت نشد.', en: 'The requested item was not found.' },
  'status.405': { fa: 'خطا در ارسال', en: 'Sending error' },
  'status.413': { fa: 'حجم درخواست بیش از حد مجاز است.', en: 'The request body is too large.' },
  'status.429': { fa: 'تعداد درخواست‌ها بیش از حد مجاز است؛ کمی بعد دوباره تلاش کنید.', en: 'Too many requests; please try again shortly.' },
  'status.500': { fa: 'خطای سرور / در ارتباط با سرور مشکلی پیش آمد.', en: 'Server error / There was a problem communicating with the server.' },
  'request.malformedJson': { fa: 'بدنه درخواست JSON معتبر نیست.', en: 'The request body is not valid JSON.' },
  'request.tooDeep': { fa: 'ساختار بدنه درخواست بیش از حد مجاز تو در تو است (حداکثر {{limit}} سطح).', en: 'The request body is nested deeper than allowed (at most {{limit}} levels).' },
  'request.tooManyItems': { fa: 'یکی از فهرست‌های بدنه درخواست بیش از {{limit}} مورد دارد؛ فهرست‌های بزرگ شماره را به صورت متن یا فایل بفرستید.', en: 'A list in the request body has more than {{limit}} items; send large number lists as text or as an uploaded file.' },
  'request.nulCharacter': { fa: 'مقدار «{{field}}» نویسه نامعتبر (NUL) دارد.', en: 'The value of "{{field}}" contains an invalid (NUL) character.' },
  'request.aborted': { fa: 'ارسال بدنه درخواست ناتمام ماند.', en: 'The request body was not sent completely.' },
  'upload.tooLarge': { fa: 'حجم فایل بیش از {{max}} مگابایت است.', en: 'The file is larger than {{max}} MB.' },
  'upload.notImage': { fa: 'فایل، تصویر PNG یا JPEG معتبری نیست.', en: 'The file is not a valid PNG or JPEG image.' },
  'upload.imageTooLarge': { fa: 'ابعاد تصویر ({{width}}×{{height}}) بیش از حد مجاز ({{maxWidth}}×{{maxHeight}}، حداکثر {{maxPixels}} پیکسل) است.', en: 'The image ({{width}}×{{height}}) is larger than allowed ({{maxWidth}}×{{maxHeight}}, at most {{maxPixels}} pixels).' },
  'request.unsupportedMediaType': { fa: 'بدنه درخواست باید JSON باشد.', en: 'The request body must be JSON.' },
  'request.noRoute': { fa: 'چنین سرویسی وجود ندارد.', en: 'No such service.' },
  'request.methodNotAllowed': { fa: 'خطا در ارسال: این روش برای این سرویس مجاز نیست.', en: 'Sending error: this method is not allowed for this service.' },
  'operation.success': { fa: 'عملیات موفق', en: 'Successful operation' },
  'operation.failed': { fa: 'عملیات ناموفق', en: 'Failed operation' },
  'search.minLength': { fa: 'عبارت جستجو باید حداقل ۳ کاراکتر باشد.', en: 'Search needs at least 3 characters.' },
  'validation.required': { fa: 'وارد کردن {{field}} الزامی است.', en: 'The {{field}} field is required.' },
  'validation.minLength': { fa: '{{field}} باید حداقل {{limit}} کاراکتر باشد.', en: '{{field}} must be at least {{limit}} characters.' },
  'validation.maxLength': { fa: '{{field}} باید حداکثر {{limit}} کاراکتر باشد.', en: '{{field}} must be at most {{limit}} characters.' },
  'validation.minimum': { fa: '{{field}} نباید کمتر از {{limit}} باشد.', en: '{{field}} must not be below {{limit}}.' },
  'validation.maximum': { fa: '{{field}} نباید بیشتر از {{limit}} باشد.', en: '{{field}} must not be above {{limit}}.' },
  'validation.type': { fa: 'نوع {{field}} نادرست است (باید {{type}} باشد).', en: '{{field}} has the wrong type (expected {{type}}).' },
  'validation.typeName.integer': { fa: 'عدد صحیح', en: 'a whole number' },
  'validation.typeName.number': { fa: 'عدد', en: 'a number' },
  'validation.typeName.string': { fa: 'متن', en: 'text' },
  'validation.typeName.boolean': { fa: 'بله یا خیر', en: 'true or false' },
  'validation.typeName.array': { fa: 'فهرست', en: 'a list' },
  'validation.typeName.object': { fa: 'شیء', en: 'an object' },
  'validation.typeName.null': { fa: 'خالی', en: 'empty' },
  'validation.enum': { fa: 'مقدار {{field}} مجاز نیست.', en: '{{field}} has a value that is not allowed.' },
  'validation.pattern': { fa: 'قالب {{field}} نادرست است.', en: '{{field}} has an invalid format.' },
  'validation.unknownField': { fa: 'فیلد {{field}} شناخته شده نیست.', en: 'The field {{field}} is not recognised.' },
  'validation.mobile': { fa: 'شماره موبایل نامعتبر است.', en: 'Invalid mobile number.' },
  'validation.email': { fa: 'آدرس ایمیل نامعتبر است.', en: 'Invalid email address.' },
  'validation.dateTime': { fa: '{{field}} تاریخ معتبری نیست.', en: '{{field}} is not a valid date.' },
  'validation.bidiControl': { fa: '{{field}} نویسه‌های پنهانِ تغییر جهت متن (مانند U+202E) دارد؛ آن‌ها را حذف کنید.', en: 'The {{field}} field contains hidden text-direction characters (such as U+202E); remove them.' },
  'validation.time': { fa: '{{field}} باید ساعت و دقیقه باشد (مانند ۰۸:۳۰).', en: '{{field}} must be a time as HH:mm.' },
  'validation.minItems': { fa: 'حداقل {{limit}} مورد برای {{field}} لازم است.', en: '{{field}} needs at least {{limit}} items.' },
  'validation.maxItems': { fa: 'حداکثر {{limit}} مورد برای {{field}} مجاز است.', en: '{{field}} allows at most {{limit}} items.' },
  'validation.invalid': { fa: '{{field}} نامعتبر است.', en: '{{field}} is invalid.' },
  'validation.body': { fa: 'بدنه درخواست', en: 'request body' },
  'confirmation.required': { fa: 'برای ادامه، عدد تأیید {{number}} را وارد کنید.', en: 'To continue, type the confirmation number {{number}}.' },
  'confirmation.wrong': { fa: 'عدد تأیید نادرست یا منقضی است؛ عدد جدید {{number}} را وارد کنید.', en: 'The confirmation number is wrong or expired; type the new number {{number}}.' },
};

export function parseCulture(value: unknown): Culture {
  if (typeof value === 'string' && value.toLowerCase().startsWith('en')) return 'en-US';
  return 'fa';
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Latin digits as Persian ones (other characters as they are). */
export function persianDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]);
}

/**
 * A string parameter the product wrote (a time of day such as a send window's `08:00`, a date),
 * not one the user typed: written in Persian digits in a Persian message. Plain strings are shown
 * exactly as given (see paramText).
 */
export interface DigitsParam { readonly digits: string }
export const inDigits = (text: string): DigitsParam => ({ digits: text });

/** A parameter that is itself a message of the catalogue (the name of a JSON type). */
export interface MessageParam { readonly message: string; readonly params?: Record<string, unknown> }
export const messageParam = (message: string, params?: Record<string, unknown>): MessageParam => ({ message, params });

/**
 * The `{{field}}` parameter: a request property name as the caller sent it (`title`,
 * `bulkRecipients[3].mobile`), read as its label in the message's language (field-labels.ts): the
 * last named part's label, with the row of the nearest list index (counted from 1). A name with no
 * label stays as it is; tests/api/field-labels.test.ts keeps every route schema's names labelled.
 */
export function fieldText(culture: Culture, path: string): string {
  const parts = path.match(/\[\d+\]|[^.[\]]+/g) ?? [];
  const names = parts.filter((p) => !p.startsWith('['));
  const last = names[names.length - 1];
  const label = last !== undefined && Object.hasOwn(fieldLabels, last) ? fieldLabels[last] : undefined;
  if (!label) return path;
  const text = culture === 'fa' ? label.fa : label.en;
  const index = [...parts].reverse().find((p) => p.startsWith('['));
  if (!index) return text;
  const row = Number(index.slice(1, -1)) + 1;
  return culture === 'fa' ? `${text} (ردیف ${persianDigits(String(row))})` : `${text} (row ${row})`;
}

export class Translator {
  private readonly catalogue: MessageCatalogue = { ...platformMessages };

  add(messages: MessageCatalogue): void {
    for (const [key, value] of Object.entries(messages)) {
      if (this.catalogue[key]) throw new Error(`message key registered twice: ${key}`);
      this.catalogue[key] = value;
    }
  }

  has(key: string): boolean { return key in this.catalogue; }

  t(culture: Culture, key: string, params: Record<string, unknown> = {}): string {
    const entry = this.catalogue[key];
    if (!entry) return key;
    const text = culture === 'fa' ? entry.fa : entry.en;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = params[name];
      if (name === 'field' && typeof value === 'string') return fieldText(culture, value);
      return this.paramText(culture, value);
    });
  }

  /**
   * A parameter as the message's language writes it: a number (a limit, a count) or a DigitsParam
   * in Persian digits in a Persian message, a MessageParam translated. Strings stay as given: they
   * may be what the user typed (a mobile number, a placeholder such as `{0}`) and are shown back
   * exactly.
   */
  private paramText(culture: Culture, value: unknown): string {
    if (value === undefined || value === null) return '';
    if (typeof value === 'number' || typeof value === 'bigint') return culture === 'fa' ? persianDigits(String(value)) : String(value);
    if (typeof value === 'object') {
      const v = value as Partial<DigitsParam & MessageParam>;
      if (typeof v.digits === 'string') return culture === 'fa' ? persianDigits(v.digits) : v.digits;
      if (typeof v.message === 'string') return this.t(culture, v.message, v.params);
    }
    return String(value);
  }
}
