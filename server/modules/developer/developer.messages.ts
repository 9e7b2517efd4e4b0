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
};
