import type { MessageCatalogue } from '../../platform/i18n.js';

export const inboundMessages: MessageCatalogue = {
  'inbox.markedAsRead': { fa: 'پیام‌ها خوانده‌شده علامت خوردند.', en: 'The messages were marked as read.' },
  'inbox.markedAsUnread': { fa: 'پیام‌ها خوانده‌نشده علامت خوردند.', en: 'The messages were marked as unread.' },
  'inbox.optOutNotFound': { fa: 'شماره در فهرست لغو اشتراک یافت نشد.', en: 'Opted-out number not found.' },
  'inbox.optOutRemoved': { fa: 'شماره از فهرست لغو اشتراک برداشته شد.', en: 'The number was removed from the opt-out list.' },
  'inbox.dateRangeInvalid': { fa: 'تاریخ پایان باید بعد از تاریخ شروع باشد.', en: 'The end date must be after the start date.' },
  'inbox.exportNotReady': { fa: 'فایل اکسل هنوز آماده نیست.', en: 'The Excel file is not ready yet.' },
  'inbox.groupSaved': { fa: 'گروه صندوق دریافت ذخیره شد.', en: 'The inbox group was saved.' },
  'inbox.groupDeleted': { fa: 'گروه صندوق دریافت حذف شد؛ پیام‌هایش بدون گروه ماندند.', en: 'The inbox group was deleted; its messages stay, without a group.' },
  'inbox.groupNotFound': { fa: 'گروه صندوق دریافت یافت نشد.', en: 'Inbox group not found.' },
  'inbox.groupNameTaken': { fa: 'گروهی با این نام وجود دارد.', en: 'A group with this name already exists.' },
  'inbox.ruleSaved': { fa: 'قانون صندوق دریافت ذخیره شد.', en: 'The inbox rule was saved.' },
  'inbox.ruleDeleted': { fa: 'قانون صندوق دریافت حذف شد.', en: 'The inbox rule was deleted.' },
  'inbox.ruleNotFound': { fa: 'قانون صندوق دریافت یافت نشد.', en: 'Inbox rule not found.' },
  'inbox.ruleNeedsCondition': { fa: 'دست‌کم یکی از شرط‌ها (خط، فرستنده یا کلمه کلیدی) را وارد کنید.', en: 'Enter at least one condition (line, sender or keyword).' },
  'inbox.ruleNeedsAction': { fa: 'یک گروه یا دست‌کم یک مقصد هدایت (نشانی اینترنتی، ایمیل یا موبایل) انتخاب کنید.', en: 'Choose a group or at least one forward (URL, email or mobile).' },
  'inbox.ruleLineNotFound': { fa: 'این خط از آن سازمان شما نیست.', en: 'This line is not one of your organization\'s.' },
  'inbox.forwardUrlInvalid': { fa: 'نشانی باید با http یا https آغاز شود.', en: 'The address must start with http or https.' },
  'inbox.forwardUrlNotAllowed': { fa: 'این نشانی مجاز نیست (نشانی داخلی یا خصوصی).', en: 'This address is not allowed (an internal or private address).' },
  'inbox.forwardMobileInvalid': { fa: 'شماره موبایل معتبر نیست.', en: 'The mobile number is not valid.' },
  'inbox.forwardEmailNoAgent': { fa: 'هدایت به ایمیل به یک ارسال‌کننده از نوع ایمیل نیاز دارد که هنوز پیکربندی نشده است.', en: 'Email forwarding needs a sender agent of type Email, and none is configured.' },
};
