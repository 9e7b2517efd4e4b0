import type { MessageCatalogue } from '../../platform/i18n.js';

export const insightMessages: MessageCatalogue = {
  'insight.invalidDay': { fa: 'تاریخ را به شکل سال-ماه-روز میلادی (مانند 2026-11-20) بفرستید.', en: 'Send the date as a Gregorian YYYY-MM-DD day (for example 2026-11-20).' },
  'insight.endBeforeStart': { fa: 'تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.', en: 'The end date cannot be before the start date.' },
  'insight.rangeTooLong': { fa: 'بازه گزارش حداکثر {{days}} روز است.', en: 'The report range is at most {{days}} days.' },
  'news.notFound': { fa: 'خبر یافت نشد.', en: 'News not found.' },
  'news.titleRequired': { fa: 'عنوان خبر را وارد کنید.', en: 'Enter the title of the news.' },
  'news.textRequired': { fa: 'متن خبر را وارد کنید.', en: 'Enter the text of the news.' },
  'news.endBeforeStart': { fa: 'تاریخ پایان نمایش باید بعد از تاریخ شروع آن باشد.', en: 'The end date must be after the start date.' },
  'news.invalidDomain': { fa: 'نام دامنه معتبر نیست (مانند panel.example.com).', en: 'The domain name is not valid (for example panel.example.com).' },
  'news.acknowledgeWhileImpersonating': { fa: 'تأیید مطالعه خبر فقط با ورود خود کاربر ثبت می‌شود، نه هنگام ورود به جای او.', en: 'Only the user themself can acknowledge a news, not someone impersonating them.' },
};
