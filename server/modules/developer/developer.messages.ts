import type { MessageCatalogue } from '../../platform/i18n.js';

export const developerMessages: MessageCatalogue = {
  'developer.tokenInvalid': { fa: 'کلید API نامعتبر یا باطل شده است.', en: 'The API key is invalid or has been revoked.' },
  'developer.tokenUserRefused': { fa: 'کاربر یا سازمان این کلید API فعال نیست یا منقضی شده است.', en: 'The user or organization of this API key is inactive or expired.' },
  'developer.ipNotAllowed': { fa: 'این کلید API از این نشانی IP قابل استفاده نیست.', en: 'This API key may not be used from this IP address.' },
  'developer.tokenCannotSend': { fa: 'این کلید API اجازه ارسال پیامک ندارد.', en: 'This API key is not allowed to send messages.' },
  'developer.tokenNotFound': { fa: 'کلید API یافت نشد.', en: 'API key not found.' },
  'developer.webhookUrlInvalid': { fa: 'آدرس وب‌هوک باید با http یا https شروع شود.', en: 'Webhook address must start with http or https.' },
  'developer.webhookNotFound': { fa: 'وب‌هوک یافت نشد.', en: 'Webhook not found.' },
  'developer.webhookDisabled': { fa: 'این وب‌هوک غیرفعال است.', en: 'This webhook is disabled.' },
  'developer.deliveryNotFound': { fa: 'ارسال وب‌هوک یافت نشد.', en: 'Webhook delivery not found.' },
  'developer.deliveryPending': { fa: 'این ارسال هنوز در صف است و دوباره ارسال نمی‌شود.', en: 'This delivery is still pending; it is not sent again.' },
  'developer.sendNotFound': { fa: 'ارسالی با این شناسه یافت نشد.', en: 'No send with this send id was found.' },
  'developer.ipRangeEnd': { fa: 'انتهای بازه IP باید از رقم آخر IP بزرگ‌تر باشد.', en: 'The IP range end must be greater than the last IP digit.' },
  'developer.ipMax': { fa: 'حداکثر {{limit}} IP قابل انتخاب است.', en: 'At most {{limit}} IPs can be selected.' },
  'developer.ipInvalid': { fa: 'یک نشانی IPv4، یک بازه مانند 192.168.1.10-20 یا یک نشانی IPv6 وارد کنید.', en: 'Enter an IPv4 address, a range such as 192.168.1.10-20, or an IPv6 address.' },
  'developer.ipDuplicate': { fa: 'این IP پیش‌تر در فهرست هست.', en: 'This IP is already in the list.' },
  'developer.safeIpNotFound': { fa: 'IP امن یافت نشد.', en: 'Safe IP not found.' },
  'developer.safeIpDecideForbidden': { fa: 'تأیید یا رد IP امن فقط با مدیر است.', en: 'Only an administrator can confirm or reject safe IPs.' },
  'developer.safeIpNotConfirmed': { fa: 'این IP تأیید نشده است که تأییدش لغو شود.', en: 'This IP is not confirmed, so there is no confirmation to undo.' },
  'developer.ruleNotFound': { fa: 'قانون یافت نشد.', en: 'Rule not found.' },
  'developer.rateLimited': { fa: 'درخواست‌های این کلید API بیش از حد مجاز است؛ {{seconds}} ثانیه دیگر دوباره تلاش کنید.', en: 'Too many requests with this API key; try again in {{seconds}} seconds.' },
};
