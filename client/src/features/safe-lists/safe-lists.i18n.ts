import type { TextResource } from '../../shared/i18n/i18n';

export const safeListsTexts: TextResource = {
  ns: 'safeLists',
  fa: {
    menu: 'لیست سفید (عضویت پیامکی)',
    title: 'لیست سفید', create: 'درخواست لیست سفید', edit: 'ویرایش درخواست', save: 'ثبت درخواست', cancel: 'انصراف',
    intro: 'مشترکان با فرستادن کلمه عضویت به خط، به دفترچه تلفن اضافه می‌شوند و با کلمه خروج از آن خارج می‌شوند. کلمه‌های «لغو»، «۱۱» و `STOP` همیشه مشترک را از همه لیست‌ها خارج می‌کنند و پاسخی نمی‌گیرند. هر درخواست (و هر ویرایش آن) باید به تأیید مدیر سازمان بالاتر برسد؛ تا آن زمان لیست کاری نمی‌کند. پاسخ‌ها پیامک‌های قیمت‌دار از همان خط هستند.',
    fields: {
      line: 'خط', phonebook: 'دفترچه تلفن', enterSms: 'کلمه عضویت', exitSms: 'کلمه خروج', returnText: 'پاسخ عضویت', cancelText: 'پاسخ خروج',
      isSendCancelText: 'ارسال پاسخ خروج', dailyAddLimit: 'سقف عضویت روزانه', monthlyAddLimit: 'سقف عضویت ماهانه', repeatTextDay: 'فاصله تکرار پاسخ عضویت (روز)',
    },
    hints: {
      words: 'بزرگی و کوچکی حروف، ارقام فارسی و علامت‌های دور کلمه مهم نیستند.',
      limits: 'خالی یا صفر یعنی بی‌سقف. بیش از سقف: شماره اضافه نمی‌شود، پاسخی نمی‌گیرد و شمرده می‌شود. ماه، ماه شمسی است.',
      repeatTextDay: 'شماره‌ای که دوباره کلمه عضویت را بفرستد تا این چند روز دوباره پاسخ نمی‌گیرد؛ صفر یعنی هر بار.',
      line: 'خطی از سازمان خودتان که از آن ارسال تکی دارید.', phonebook: 'اعضا در این دفترچه تلفن نگه داشته می‌شوند.',
    },
    choose: 'انتخاب کنید', required: 'این فیلد الزامی است.', noLines: 'خطی برای ارسال تکی ندارید.', noPhonebooks: 'دفترچه تلفنی ندارید؛ اول یک دفترچه بسازید.',
    statuses: { WatingForConfirm: 'در انتظار تأیید', Confirmed: 'تأییدشده', Rejected: 'ردشده' },
    allStatuses: 'همه وضعیت‌ها', statusFilter: 'وضعیت',
    confirm: 'تأیید', reject: 'رد', delete: 'حذف', done: 'انجام شد.', deleted: 'لیست سفید حذف شد.',
    rejectTitle: 'رد درخواست لیست سفید', rejectReason: 'دلیل رد (اختیاری)', rejectMessage: 'درخواست لیست سفید «{{title}}» رد شود؟',
    rejectComment: 'دلیل رد: {{comment}}',
    deleteTitle: 'حذف لیست سفید', deleteMessage: 'لیست سفید «{{title}}» حذف شود؟ دفترچه تلفن و اعضای آن می‌مانند.',
    empty: 'هنوز لیست سفیدی ندارید.', emptyHint: 'یک درخواست ثبت کنید: خط، دفترچه تلفن و کلمه‌های عضویت و خروج را انتخاب کنید.',
    noLimit: 'بی‌سقف', deletedRef: '(حذف‌شده)',
    columns: {
      id: 'شناسه', words: 'کلمه‌ها', line: 'خط', phonebook: 'دفترچه تلفن', members: 'اعضا', limits: 'سقف روزانه / ماهانه', overLimit: 'ردشده به سبب سقف',
      status: 'وضعیت', user: 'کاربر', organization: 'سازمان', lastModified: 'آخرین تغییر', actions: 'عملیات',
    },
    wordsCell: 'عضویت: {{enter}} — خروج: {{exit}}',
  },
  en: {
    menu: 'Safe-lists (join by SMS)',
    title: 'Safe-lists', create: 'Request a safe-list', edit: 'Edit request', save: 'Send request', cancel: 'Cancel',
    intro: 'Subscribers text the join word to the line to be added to the phonebook, and the leave word to be removed. «لغو», «11» and `STOP` always remove them from every list and are never answered. Each request (and each edit of it) needs an administrator above your organization to confirm it; until then the list does nothing. Replies are priced messages from the same line.',
    fields: {
      line: 'Line', phonebook: 'Phonebook', enterSms: 'Join word', exitSms: 'Leave word', returnText: 'Join reply', cancelText: 'Leave reply',
      isSendCancelText: 'Send the leave reply', dailyAddLimit: 'Daily add limit', monthlyAddLimit: 'Monthly add limit', repeatTextDay: 'Days before the join reply repeats',
    },
    hints: {
      words: 'Case, Persian digits and punctuation around the word do not matter.',
      limits: 'Empty or 0: no limit. Over the limit a number is not added, gets no reply, and is counted. A month is a solar (Jalali) month.',
      repeatTextDay: 'A number that texts the join word again gets no reply for this many days; 0 answers every time.',
      line: 'A line of your own organization that you may send single messages from.', phonebook: 'Members are kept in this phonebook.',
    },
    choose: 'Choose', required: 'This field is required.', noLines: 'You have no line for single sends.', noPhonebooks: 'You have no phonebook; create one first.',
    statuses: { WatingForConfirm: 'Waiting for confirmation', Confirmed: 'Confirmed', Rejected: 'Rejected' },
    allStatuses: 'All statuses', statusFilter: 'Status',
    confirm: 'Confirm', reject: 'Reject', delete: 'Delete', done: 'Done.', deleted: 'Safe-list deleted.',
    rejectTitle: 'Reject safe-list request', rejectReason: 'Reason (optional)', rejectMessage: 'Reject the safe-list request "{{title}}"?',
    rejectComment: 'Reject reason: {{comment}}',
    deleteTitle: 'Delete safe-list', deleteMessage: 'Delete the safe-list "{{title}}"? The phonebook and its members stay.',
    empty: 'You have no safe-list yet.', emptyHint: 'Send a request: choose a line, a phonebook and the join and leave words.',
    noLimit: 'No limit', deletedRef: '(deleted)',
    columns: {
      id: 'ID', words: 'Words', line: 'Line', phonebook: 'Phonebook', members: 'Members', limits: 'Daily / monthly limit', overLimit: 'Refused over a limit',
      status: 'Status', user: 'User', organization: 'Organization', lastModified: 'Last modified', actions: 'Actions',
    },
    wordsCell: 'Join: {{enter}} — Leave: {{exit}}',
  },
};
