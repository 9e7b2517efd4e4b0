import type { MessageCatalogue } from '../../platform/i18n.js';

export const inboundMessages: MessageCatalogue = {
  'inbox.markedAsRead': { fa: 'پیام‌ها خوانده‌شده علامت خوردند.', en: 'The messages were marked as read.' },
  'inbox.optOutNotFound': { fa: 'شماره در فهرست لغو اشتراک یافت نشد.', en: 'Opted-out number not found.' },
  'inbox.optOutRemoved': { fa: 'شماره از فهرست لغو اشتراک برداشته شد.', en: 'The number was removed from the opt-out list.' },
  'inbound.safeListNotFound': { fa: 'لیست سفید یافت نشد.', en: 'Safe-list not found.' },
  'inbound.safeListDecideForbidden': { fa: 'تأیید یا رد لیست سفید فقط با مدیر سازمان بالاتر است.', en: 'Only an administrator above the organization can confirm or reject its safe-list.' },
  'inbound.safeListNotConfirmed': { fa: 'لیست سفید تأیید نشده است.', en: 'The safe-list is not confirmed.' },
  'inbound.safeListOptOutWord': { fa: 'کلمه‌های لغو (لغو، 11، STOP) همیشه عضو را از همه لیست‌ها خارج می‌کنند؛ کلمه دیگری انتخاب کنید.', en: 'The opt-out words (لغو, 11, STOP) always leave every list; choose another word.' },
  'inbound.safeListSameWords': { fa: 'کلمه خروج باید با کلمه عضویت فرق داشته باشد.', en: 'The leave word must differ from the join word.' },
  'inbound.safeListCancelTextRequired': { fa: 'متن پاسخ خروج را وارد کنید یا ارسال آن را خاموش کنید.', en: 'Enter the leave reply, or turn off sending it.' },
  'inbound.safeListDailyAboveMonthly': { fa: 'سقف روزانه عضویت نمی‌تواند از سقف ماهانه بیشتر باشد.', en: 'The daily add limit cannot be more than the monthly one.' },
  'inbound.safeListLineNotOwn': { fa: 'خطی از سازمان خودتان انتخاب کنید: پیام‌های خط اشتراکی به مالک آن می‌رسد.', en: 'Choose a line of your own organization: texts to a shared line belong to its owner.' },
  'inbound.safeListLineNotUsable': { fa: 'این خط قابل استفاده نیست: خطی انتخاب کنید که از آن ارسال تکی دارید.', en: 'This line cannot be used: choose a line you may send single messages from.' },
  'inbound.safeListWordTaken': { fa: 'کلمه «{{word}}» در لیست سفید دیگری روی همین خط به کار رفته است.', en: 'The word "{{word}}" is already used by another safe-list on this line.' },
  'inbound.safeListPhonebookNotUsable': { fa: 'دفترچه تلفنی از سازمان خودتان انتخاب کنید که اجازه تغییر آن را دارید.', en: 'Choose a phonebook of your organization that you may change.' },
  'inbound.safeListPhonebookTaken': { fa: 'این دفترچه تلفن متعلق به لیست سفید دیگری است.', en: 'This phonebook already belongs to another safe-list.' },
};
