import type { MessageCatalogue } from '../../platform/i18n.js';

export const developerMessages: MessageCatalogue = {
  'developer.tokenInvalid': { fa: 'کلید API نامعتبر یا باطل شده است.', en: 'The API key is invalid or has been revoked.' },
  'developer.tokenUserRefused': { fa: 'کاربر یا سازمان این کلید API فعال نیست یا منقضی شده است.', en: 'The user or organization of this API key is inactive or expired.' },
  'developer.ipNotAllowed': { fa: 'این کلید API از این نشانی IP قابل استفاده نیست.', en: 'This API key may not be used from this IP address.' },
  'developer.tokenCannotSend': { fa: 'این کلید API اجازه ارسال پیامک ندارد.', en: 'This API key is not allowed to send messages.' },
  'developer.tokenNotFound': { fa: 'کلید API یافت نشد.', en: 'API key not found.' },
  'developer.sendNotFound': { fa: 'ارسالی با این شناسه یافت نشد.', en: 'No send with this send id was found.' },
  'developer.smppAccountNotFound': { fa: 'حساب SMPP یافت نشد.', en: 'SMPP account not found.' },
  'developer.smppSystemIdTaken': { fa: 'این شناسه سیستم (system_id) قبلاً استفاده شده است.', en: 'This system_id is already in use.' },
  'developer.smppUserNotFound': { fa: 'کاربر یافت نشد یا در دسترس شما نیست.', en: 'The user was not found or is outside your reach.' },
  'developer.smppLineNotUsable': { fa: 'این خط برای ارسال تکی این کاربر قابل استفاده نیست.', en: 'This line cannot be used by this user for single sends.' },
};
