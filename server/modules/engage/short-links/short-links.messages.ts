import type { MessageCatalogue } from '../../../platform/i18n.js';

export const shortLinksMessages: MessageCatalogue = {
  'engage.shortLinks.notFound': { fa: 'لینک کوتاه یافت نشد.', en: 'Short link not found.' },
  'engage.shortLinks.mainUrlRequired': { fa: 'نشانی اصلی را وارد کنید.', en: 'Enter the main address.' },
  'engage.shortLinks.mainUrlInvalid': { fa: 'نشانی اصلی باید یک نشانی کامل http یا https باشد (مثلاً https://example.com/page).', en: 'The main address must be a full http or https address (for example https://example.com/page).' },
  'engage.shortLinks.mainUrlTooLong': { fa: 'نشانی اصلی حداکثر {{max}} نویسه است.', en: 'The main address is at most {{max}} characters.' },
  'engage.shortLinks.noBase': { fa: 'نشانی لینک‌های کوتاه تنظیم نشده است؛ از مدیر سامانه بخواهید PEYK_SHORT_LINK_BASE یا PEYK_PUBLIC_ORIGIN را تنظیم کند.', en: 'The short link address is not configured; ask your administrator to set PEYK_SHORT_LINK_BASE or PEYK_PUBLIC_ORIGIN.' },
  'engage.shortLinks.noLinkInText': { fa: 'متن پیام لینکی برای کوتاه‌کردن ندارد.', en: 'The message text has no link to shorten.' },
  'engage.shortLinks.sendLinkKept': { fa: 'لینک‌های یک ارسال در پیام‌های فرستاده‌شده هستند و حذف نمی‌شوند.', en: 'A send\'s links are in messages already sent and cannot be deleted.' },
};
