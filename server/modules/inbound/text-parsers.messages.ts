import type { MessageCatalogue } from '../../platform/i18n.js';

export const textParsersMessages: MessageCatalogue = {
  'textParsers.notFound': { fa: 'تجزیه‌گر متن یافت نشد.', en: 'Text parser not found.' },
  'textParsers.saved': { fa: 'تجزیه‌گر متن ذخیره شد.', en: 'The text parser was saved.' },
  'textParsers.deleted': { fa: 'تجزیه‌گر متن حذف شد.', en: 'The text parser was deleted.' },
  'textParsers.lineNotUsable': { fa: 'این خط برای ارسال تکی در دسترس شما نیست؛ پاسخ‌های خودکار از همین خط فرستاده می‌شوند.', en: 'This line cannot carry your single sends; automatic replies are sent from it.' },
  'textParsers.lineNotOwned': { fa: 'پیام‌های دریافتی این خط متعلق به سازمان شما نیست.', en: 'The messages received on this line do not belong to your organization.' },
  'textParsers.senderPrefixInvalid': { fa: 'ابتدای شماره فرستنده باید فقط رقم باشد (مثلاً ۰۹۱۲).', en: 'The sender prefix must be digits only (for example 0912).' },
  'textParsers.rangeInvalid': { fa: 'بازه عددی را به شکل «کمینه-بیشینه» بنویسید، مثلاً 1-100.', en: 'Write the number range as "from-to", for example 1-100.' },
  'textParsers.templateRequired': { fa: 'دست‌کم یکی از قالب‌های پویا (مخاطب یافت شد / یافت نشد) را انتخاب کنید.', en: 'Choose at least one dynamic template (contact found / not found).' },
  'textParsers.templateNotUsable': { fa: 'این قالب پویا وجود ندارد یا در دسترس شما نیست.', en: 'This dynamic template does not exist or is not yours to use.' },
  'textParsers.phonebookNotUsable': { fa: 'این دفترچه تلفن وجود ندارد یا از سازمان شما نیست.', en: 'This phonebook does not exist or is not your organization\'s.' },
  'textParsers.forwardToOwnLine': { fa: 'این شماره یکی از خطوط سامانه است؛ ارسال به آن می‌تواند چرخه پاسخ خودکار بسازد.', en: 'This number is one of the system\'s lines; sending to it could start a loop of automatic replies.' },
  'textParsers.urlInvalid': { fa: 'آدرس باید با http یا https شروع شود.', en: 'The address must start with http or https.' },
  'textParsers.urlNotAllowed': { fa: 'این آدرس به شبکه داخلی اشاره می‌کند و مجاز نیست.', en: 'This address points into a private network and is not allowed.' },
  'textParsers.delayTooLong': { fa: 'تأخیر ارسال حداکثر {{max}} است.', en: 'The send delay may be at most {{max}}.' },
};
