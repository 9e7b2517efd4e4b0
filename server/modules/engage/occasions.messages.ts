import type { MessageCatalogue } from '../../platform/i18n.js';

export const occasionsMessages: MessageCatalogue = {
  'occasions.notFound': { fa: 'ارسال مناسبتی یافت نشد.', en: 'Occasion send not found.' },
  'occasions.eventNotFound': { fa: 'رویداد تقویم یافت نشد.', en: 'Calendar event not found.' },
  'occasions.systemEventReadOnly': { fa: 'رویدادهای رسمی تقویم قابل ویرایش نیستند.', en: 'Official calendar events cannot be changed.' },
  'occasions.invalidDate': { fa: 'این تاریخ در تقویم شمسی وجود ندارد.', en: 'This date does not exist in the solar calendar.' },
  'occasions.titleRequired': { fa: 'عنوان را وارد کنید.', en: 'Enter a title.' },
  'occasions.templateRequired': { fa: 'متن پیام (قالب پویا) را وارد کنید.', en: 'Enter the message text (the dynamic template).' },
  'occasions.templateTitleRequired': { fa: 'عنوان قالب پویا را وارد کنید.', en: 'Enter the dynamic template title.' },
  'occasions.eventsRequired': { fa: 'دست‌کم یک رویداد تقویم یا رویداد سازمان انتخاب کنید.', en: 'Choose at least one calendar event or organization event.' },
  'occasions.eventUnknown': { fa: 'رویداد انتخاب‌شده وجود ندارد یا در دسترس شما نیست.', en: 'A chosen event does not exist or is not yours to use.' },
  'occasions.fieldRequired': { fa: 'فیلد تاریخ مخاطب (مثلاً تاریخ تولد) را انتخاب کنید.', en: 'Choose the contact date field (for example the birthdate).' },
  'occasions.fieldNotDate': { fa: 'فیلد «{{name}}» فیلد تاریخ دفترچه تلفن نیست؛ تاریخ تولد یا یک فیلد سفارشی از نوع تاریخ را انتخاب کنید.', en: 'The field "{{name}}" is not a date field of the phonebook; choose birthdate or a Datetime custom field.' },
  'occasions.lineNoOccasion': { fa: 'این خط برای ارسال مناسبتی باز نیست: قابلیت «ارسال مناسبتی» آن خاموش است. از مدیر سامانه بخواهید آن را روشن کند.', en: 'This line is not open to occasion sends: its "Occasion send" capability is off. Ask your administrator to switch it on.' },
  'occasions.lineNotUsable': { fa: 'این خط برای ارسال پویا در دسترس شما نیست.', en: 'This line cannot carry your dynamic sends.' },
  'occasions.unknownPlaceholder': { fa: 'این فیلدها در دفترچه تلفن وجود ندارند: {{fields}}', en: 'The phonebook has no such fields: {{fields}}' },
};
