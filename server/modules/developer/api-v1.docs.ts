import type { ApiExample, ControllerDocs } from '../../platform/http/router.js';

/*
 * The API document's words for REST API v1: summaries, descriptions and examples in English and
 * Persian. Kept beside the routes rather than in them so a route line stays one line; attached with
 * `withDocs` in developer.module.ts (an entry naming no route throws at start).
 * Answers are real answers of a test server, trimmed to their telling fields.
 */

const ok = (data: unknown, message?: string) => ({ isSucceed: true, data, ...(message ? { message } : {}) });
const failed = (message: string, fields: [string, string][] = [], data?: unknown) => ({
  isSucceed: false, message, ...(data ? { data } : {}), validationErrors: fields.map(([propertyName, m]) => ({ propertyName, message: m })),
});
const both = (fa: unknown, en: unknown): Record<string, ApiExample> => ({
  fa: { summary: 'فارسی (culture=fa-IR)', value: fa },
  en: { summary: 'English (culture=en-US)', value: en },
});

const SUCCESS = { fa: 'عملیات موفق', en: 'Successful operation' };
const BAD_KEY = both(failed('کلید API نامعتبر یا باطل شده است.'), failed('The API key is invalid or has been revoked.'));
const CANNOT_SEND = both(failed('این کلید API اجازه ارسال پیامک ندارد.'), failed('This API key is not allowed to send messages.'));
const NOT_FOUND = both(failed('پیام ارسالی یافت نشد.', [], { failureCode: 'ScheduledMessageNotFound' }), failed('The scheduled message was not found.', [], { failureCode: 'ScheduledMessageNotFound' }));
const EMPTY_TEXT = both(failed('متن پیامک را وارد کنید.', [['text', 'متن پیامک را وارد کنید.']]), failed('Enter the SMS text.', [['text', 'Enter the SMS text.']]));

/** A send as the outbox shows it (the panel's `OutBox/Get` fields, the telling ones). */
const send = (smsText: string, extra: Record<string, unknown> = {}) => ({
  id: 1024, organizationId: 6, userId: 5, privateNumberId: 2, senderNumber: '30001234', sendType: 'Api', smsText,
  smsEncoding: /[^\x20-\x7e]/.test(smsText) ? 'Persian' : 'English', smsParts: 1, recipientCount: 1, totalPrice: '120',
  queueStatus: 'Ready', status: 'WatingForSend', failureCode: 'None', sendId: 'order-1001', createdAt: '2026-11-25T06:25:14.137Z', ...extra,
});
const receiver = {
  seq: 0, toNumber: '989121234567', operator: 'mci', sendStatus: 'Sent', deliveryStatus: 'SentAndReceivedbyPhone',
  attempts: 1, refunded: false, sendDateTime: '2026-11-25T06:25:14.177Z', statusDateTime: '2026-11-25T06:25:16.229Z',
};
const TEXT = { fa: 'سلام، کد تأیید شما ۱۲۳۴ است.', en: 'Hello, your verification code is 1234.' };

export const apiV1Docs: ControllerDocs = {
  security: {
    name: 'apiKey',
    scheme: {
      type: 'apiKey', in: 'header', name: 'x-api-key',
      description: 'An API token made in the panel (Setting → API tokens); it acts as its user in their own organization. / کلید API ساخته‌شده در پنل (تنظیمات ← کلیدهای API)؛ به جای کاربر خود و در سازمان او عمل می‌کند.',
    },
  },
  routes: {
    'GET credit': {
      summary: { en: 'Credit', fa: 'اعتبار' },
      description: {
        en: 'What the key can spend now: the organization\'s spendable credit (balance minus holds), whether it is postpaid and its credit limit, and the user\'s own allowance when they have one. Amounts are strings of rials.',
        fa: 'اعتباری که کلید اکنون می‌تواند خرج کند: اعتبار قابل مصرف سازمان (موجودی منهای مبالغ رزروشده)، پس‌پرداخت بودن و سقف اعتبار، و سهمیهٔ کاربر اگر داشته باشد. مبالغ رشته‌هایی به ریال‌اند.',
      },
      responseExamples: {
        200: { default: { summary: 'Credit / اعتبار', value: ok({ organizationId: 6, credit: '1000000', isPostpaid: false, creditLimit: '0', userAllowance: null }) } },
        401: BAD_KEY,
      },
    },
    'GET lines': {
      summary: { en: 'Lines you can send from', fa: 'خط‌های قابل ارسال' },
      description: {
        en: 'The lines the key\'s user may send from, for a send type (`Api` by default: the sends of this API are of type Api). A line\'s `id` is the `line` of the send calls.',
        fa: 'خط‌هایی که کاربر کلید می‌تواند با آن‌ها ارسال کند، برای یک نوع ارسال (پیش‌فرض `Api`: ارسال‌های این وب‌سرویس از نوع `Api` هستند). شناسهٔ خط (`id`) همان `line` در فراخوانی‌های ارسال است.',
      },
      parameterExamples: { sendType: 'Api' },
      responseExamples: {
        200: { default: { summary: 'Lines / خط‌ها', value: ok([{ id: 2, number: '30001234', mask: null, useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', isPublic: true, isCanSendFlashSms: false, expireTime: null, agentType: 'SMS' }]) } },
        401: BAD_KEY,
      },
    },
    'POST messages/send': {
      summary: { en: 'Send one message', fa: 'ارسال یک پیامک' },
      description: {
        en: 'One text to one mobile number from one of your lines, as the panel\'s fast send: same checks, price and hold. The answer is the stored send; "submitted" is not "delivered" — read the receiver\'s `deliveryStatus` later (`GET /v1/messages/{id}`) or take a status webhook. With `sendId` (your own id, unique per user) a repeated call answers the first send with `repeated: true` and sends nothing. The send is of type `Api`; the line must be open to single API sends (its `isSendApiSingle`).',
        fa: 'یک متن به یک شمارهٔ موبایل از یکی از خط‌های شما، مانند ارسال سریع پنل: همان بررسی‌ها، قیمت و رزرو اعتبار. پاسخ، ارسالِ ثبت‌شده است؛ «ثبت شد» به معنای «تحویل شد» نیست — وضعیت تحویل را بعداً از `GET /v1/messages/{id}` بخوانید یا از وب‌هوک وضعیت بگیرید. با `sendId` (شناسهٔ خودتان، یکتا برای هر کاربر) تکرار درخواست همان ارسال اول را با `repeated: true` برمی‌گرداند و چیزی نمی‌فرستد. این ارسال از نوع `Api` است و خط باید برای ارسال API تکی باز باشد (`isSendApiSingle`).',
      },
      requestExamples: {
        fa: { summary: 'Persian text / متن فارسی', value: { to: '09121234567', text: TEXT.fa, line: 2, sendId: 'order-1001' } },
        en: { summary: 'English text / متن انگلیسی', value: { to: '09121234567', text: TEXT.en, line: 2, sendId: 'order-1002' } },
      },
      responseExamples: {
        200: both(ok({ ...send(TEXT.fa), repeated: false }, SUCCESS.fa), ok({ ...send(TEXT.en, { sendId: 'order-1002' }), repeated: false }, SUCCESS.en)),
        400: EMPTY_TEXT,
        401: BAD_KEY,
        403: CANNOT_SEND,
      },
    },
    'POST messages/send-many': {
      summary: { en: 'Send one text to many numbers', fa: 'ارسال یک متن به چند شماره' },
      description: {
        en: 'A bulk send: one text to up to 100,000 numbers. Wrong, repeated and blacklisted numbers are counted in the answer (`wrongNumberCount`, `duplicateCount`, `blackListCount`), not refused one by one. `sendId` makes a repeat answer the first send. The send is of type `Api`; the line must be open to API sends to many receivers (its `isSendApiP2P`).',
        fa: 'ارسال انبوه: یک متن به حداکثر ۱۰۰٬۰۰۰ شماره. شماره‌های نادرست، تکراری و در لیست سیاه در پاسخ شمرده می‌شوند (`wrongNumberCount`، `duplicateCount`، `blackListCount`) و تک‌تک رد نمی‌شوند. با `sendId` تکرار درخواست همان ارسال اول را برمی‌گرداند. این ارسال از نوع `Api` است و خط باید برای ارسال API به چند گیرنده باز باشد (`isSendApiP2P`).',
      },
      requestExamples: {
        fa: { summary: 'Persian text / متن فارسی', value: { to: ['09121234567', '09351234567'], text: 'تخفیف ۲۰ درصدی امروز تا ساعت ۲۲.', line: 2, sendId: 'campaign-7' } },
        en: { summary: 'English text / متن انگلیسی', value: { to: ['09121234567', '09351234567'], text: '20% off today until 10 pm.', line: 2, sendId: 'campaign-8' } },
      },
      responseExamples: {
        200: both(
          ok({ ...send('تخفیف ۲۰ درصدی امروز تا ساعت ۲۲.', { sendType: 'Api', recipientCount: 2, totalPrice: '240', sendId: 'campaign-7' }), repeated: false }, SUCCESS.fa),
          ok({ ...send('20% off today until 10 pm.', { sendType: 'Api', recipientCount: 2, totalPrice: '240', sendId: 'campaign-8' }), repeated: false }, SUCCESS.en),
        ),
        400: EMPTY_TEXT,
        401: BAD_KEY,
        403: CANNOT_SEND,
      },
    },
    'POST messages/send-pairs': {
      summary: { en: 'Send a text per number', fa: 'ارسال متن جداگانه برای هر شماره' },
      description: {
        en: 'Up to 100 pairs of number and text; each pair is its own single send and is answered on its own (`items[i].isSucceed`), so one refused pair does not stop the others. With `sendId`, pair i is kept under `{sendId}:{i}`: a repeated call sends nothing twice. Each is of type `Api`; the line must be open to API sends to many receivers (its `isSendApiP2P`).',
        fa: 'حداکثر ۱۰۰ جفت شماره و متن؛ هر جفت یک ارسال جداگانه است و پاسخ خودش را دارد (`items[i].isSucceed`)، پس رد شدن یک جفت بقیه را متوقف نمی‌کند. با `sendId` جفت `i` با `{sendId}:{i}` نگه داشته می‌شود و تکرار درخواست چیزی را دوباره نمی‌فرستد. هر کدام از نوع `Api` است و خط باید برای ارسال API به چند گیرنده باز باشد (`isSendApiP2P`).',
      },
      requestExamples: {
        fa: { summary: 'Persian texts / متن‌های فارسی', value: { messages: [{ to: '09121234567', text: 'علی عزیز، سفارش ۷۷ ارسال شد.' }, { to: '09351234567', text: 'سارا عزیز، سفارش ۷۸ ارسال شد.' }], line: 2, sendId: 'orders-77-78' } },
        en: { summary: 'English texts / متن‌های انگلیسی', value: { messages: [{ to: '09121234567', text: 'Dear Ali, order 77 has shipped.' }, { to: '09351234567', text: 'Dear Sara, order 78 has shipped.' }], line: 2, sendId: 'orders-77-78-en' } },
      },
      responseExamples: {
        200: both(
          ok({ items: [{ index: 0, isSucceed: true, send: { ...send('علی عزیز، سفارش ۷۷ ارسال شد.', { sendId: 'orders-77-78:0' }), repeated: false } }, { index: 1, isSucceed: false, status: 400, message: 'لیست شماره موبایل‌ها خالی است.', failureCode: 'RecipientNotExist', validationErrors: [{ propertyName: 'to', message: 'لیست شماره موبایل‌ها خالی است.' }] }], sentCount: 1, failedCount: 1 }, SUCCESS.fa),
          ok({ items: [{ index: 0, isSucceed: true, send: { ...send('Dear Ali, order 77 has shipped.', { sendId: 'orders-77-78-en:0' }), repeated: false } }, { index: 1, isSucceed: false, status: 400, message: 'Mobile numbers list is empty', failureCode: 'RecipientNotExist', validationErrors: [{ propertyName: 'to', message: 'Mobile numbers list is empty' }] }], sentCount: 1, failedCount: 1 }, SUCCESS.en),
        ),
        401: BAD_KEY,
        403: CANNOT_SEND,
      },
    },
    'GET messages/:id/receivers': {
      summary: { en: 'Receivers of a send', fa: 'گیرندگان یک ارسال' },
      description: {
        en: 'The receivers of one of your sends with their send and delivery statuses, paged (`pageIndex` from 0, `pageSize` up to 1,000), optionally only one `deliveryStatus`.',
        fa: 'گیرندگان یکی از ارسال‌های شما با وضعیت ارسال و تحویل، صفحه‌به‌صفحه (`pageIndex` از ۰، `pageSize` تا ۱٬۰۰۰)، و در صورت نیاز فقط یک `deliveryStatus`.',
      },
      parameterExamples: { id: 1024, pageIndex: 0, pageSize: 100 },
      responseExamples: {
        200: { default: { summary: 'Receivers / گیرندگان', value: ok({ items: [receiver], totalCount: 1 }) } },
        404: NOT_FOUND,
      },
    },
    'GET inbound': {
      summary: { en: 'Received messages since a cursor', fa: 'پیامک‌های دریافتی پس از یک نشانگر' },
      description: {
        en: 'Messages received on your lines after the cursor `after` (0 at first), oldest first, at most `limit`. Keep the answer\'s `cursor` and pass it as `after` next time: nothing is skipped or given twice.',
        fa: 'پیامک‌های دریافت‌شده روی خط‌های شما پس از نشانگر `after` (بار اول ۰)، از قدیمی به جدید، حداکثر `limit` مورد. `cursor` پاسخ را نگه دارید و دفعهٔ بعد به‌عنوان `after` بفرستید: چیزی جا نمی‌افتد و دوبار نمی‌آید.',
      },
      parameterExamples: { after: 0, limit: 100 },
      responseExamples: {
        200: { default: { summary: 'Received messages / پیامک‌های دریافتی', value: ok({ items: [{ id: 88, organizationId: 6, privateNumberId: 2, receiverNumber: '30001234', senderMobile: '989121234567', encoding: 'Persian', smsParts: 1, smsText: 'لغو ۱۱', isRead: false, dateTimeReceive: '2026-11-25T06:30:02.000Z', createdAt: '2026-11-25T06:30:02.120Z' }], cursor: 88 }) } },
        401: BAD_KEY,
      },
    },
    'GET messages/by-send-id/:sendId': {
      summary: { en: 'A send by your send id', fa: 'یک ارسال با شناسهٔ ارسال شما' },
      description: {
        en: 'The send stored under your `sendId`, with its first receiver: how to learn what became of a call whose answer you never got.',
        fa: 'ارسالی که با `sendId` شما ثبت شده، همراه نخستین گیرنده‌اش: راه فهمیدن نتیجهٔ درخواستی که پاسخش به شما نرسید.',
      },
      parameterExamples: { sendId: 'order-1001' },
      responseExamples: {
        200: { default: { summary: 'A send / یک ارسال', value: ok({ ...send(TEXT.fa, { status: 'Sent', queueStatus: 'Completed' }), receiver }) } },
        404: both(failed('ارسالی با این شناسه یافت نشد.'), failed('No send with this send id was found.')),
      },
    },
    'GET messages/:id': {
      summary: { en: 'A send and its status', fa: 'یک ارسال و وضعیت آن' },
      description: {
        en: 'One of your sends by its `id` (from the send call), with its first receiver and that receiver\'s `deliveryStatus`.',
        fa: 'یکی از ارسال‌های شما با شناسهٔ آن (`id` از پاسخ ارسال)، همراه نخستین گیرنده و `deliveryStatus` آن.',
      },
      parameterExamples: { id: 1024 },
      responseExamples: {
        200: { default: { summary: 'A send / یک ارسال', value: ok({ ...send(TEXT.fa, { status: 'Sent', queueStatus: 'Completed' }), receiver }) } },
        404: NOT_FOUND,
      },
    },
  },
};

/** The OTP send lives in its own `v1` controller (otp-formats.routes.ts); same key scheme. */
export const otpV1Docs: ControllerDocs = {
  security: apiV1Docs.security,
  routes: {
    'POST messages/otp': {
      summary: { en: 'Send an OTP from a format', fa: 'ارسال رمز یک‌بارمصرف با الگو' },
      description: {
        en: 'Fills a confirmed OTP format of your organization (placeholders `{0}`, `{1}`, … numbered from 0; `{{` and `}}` are literal braces) with `parameters` — exactly as many as the format defines — and sends it to one number through the single-send fast path (it never waits behind bulk sends). Same checks, price, hold, `sendId` idempotency and answer as `POST /v1/messages/send`. The line must be open to OTP sends (its `isSendOtp`); the format\'s `priority` puts the send ahead of the line\'s lower-priority sends waiting with it.',
        fa: 'یک الگوی رمز یک‌بارمصرفِ تأییدشدهٔ سازمان شما (متغیرهای `{0}`، `{1}`، … از صفر؛ `{{` و `}}` آکولاد واقعی‌اند) را با `parameters` — دقیقاً به تعداد متغیرهای الگو — پر می‌کند و از مسیر سریع ارسال تکی به یک شماره می‌فرستد (پشت ارسال‌های انبوه نمی‌ماند). بررسی‌ها، قیمت، رزرو اعتبار، یکتایی با `sendId` و پاسخ همانند `POST /v1/messages/send` است. خط باید برای ارسال رمز یک‌بارمصرف باز باشد (`isSendOtp`)؛ `priority` الگو این ارسال را جلوتر از ارسال‌های کم‌اولویت‌ترِ منتظرِ همان خط می‌فرستد.',
      },
      requestExamples: {
        fa: { summary: 'Persian format / الگوی فارسی', value: { to: '09121234567', formatId: 7, parameters: ['۴۸۲۱', '۲'], line: 2, sendId: 'login-2001' } },
        en: { summary: 'English format / الگوی انگلیسی', value: { to: '09121234567', formatId: 8, parameters: ['4821', '2'], line: 2, sendId: 'login-2002' } },
      },
      responseExamples: {
        200: both(ok({ ...send('کد ورود شما ۴۸۲۱ است؛ ۲ دقیقه اعتبار دارد.', { sendId: 'login-2001' }), repeated: false }, SUCCESS.fa), ok({ ...send('Your login code is 4821; valid for 2 minutes.', { sendId: 'login-2002' }), repeated: false }, SUCCESS.en)),
        400: both(
          failed('این الگو ۲ پارامتر می‌خواهد اما ۱ پارامتر فرستاده شد.', [['parameters', 'این الگو ۲ پارامتر می‌خواهد اما ۱ پارامتر فرستاده شد.']]),
          failed('This format needs 2 parameters but 1 were sent.', [['parameters', 'This format needs 2 parameters but 1 were sent.']]),
        ),
        401: BAD_KEY,
        403: CANNOT_SEND,
      },
    },
  },
};
