import type { MessageCatalogue } from '../../platform/i18n.js';

/** Messages of contact imports: refusals of a file or a mapping, and the reasons of rejected rows. */
export const contactImportMessages: MessageCatalogue = {
  'contacts.import.notFound': { fa: 'فایل دفترچه تلفن یافت نشد.', en: 'Phonebook file not found.' },
  'contacts.import.fileTooLarge': { fa: 'حجم فایل بیش از حد مجاز ({{max}} مگابایت) است.', en: 'The file is too large (at most {{max}} MB).' },
  'contacts.import.empty': { fa: 'فایل خالی است.', en: 'The file is empty.' },
  'contacts.import.noRows': { fa: 'فایل هیچ ردیفی ندارد.', en: 'The file has no rows.' },
  'contacts.import.notSpreadsheet': { fa: 'فایل باید اکسل (.xlsx) یا CSV باشد.', en: 'The file must be an Excel (.xlsx) or CSV file.' },
  'contacts.import.xlsNotSupported': { fa: 'فایل‌های قدیمی اکسل (.xls) پشتیبانی نمی‌شوند؛ فایل را با قالب .xlsx یا CSV ذخیره کنید.', en: 'Old Excel files (.xls) are not supported; save the file as .xlsx or CSV.' },
  'contacts.import.encrypted': { fa: 'فایل رمزدار است؛ رمز آن را بردارید و دوباره بارگذاری کنید.', en: 'The file is password-protected; remove the password and upload it again.' },
  'contacts.import.alreadyStarted': { fa: 'ورود این فایل قبلاً آغاز شده است.', en: 'The import of this file has already started.' },
  'contacts.import.running': { fa: 'ورود این فایل در حال انجام است و نمی‌توان آن را حذف کرد.', en: 'This file is being imported and cannot be deleted.' },
  'contacts.import.columnOutOfRange': { fa: 'این ستون در فایل وجود ندارد.', en: 'The file has no such column.' },
  'contacts.import.columnUsedTwice': { fa: 'هر ستون فقط به یک فیلد نسبت داده می‌شود.', en: 'A column can be mapped to one field only.' },
  'contacts.import.userGone': { fa: 'کاربری که فایل را بارگذاری کرده دیگر به این دفترچه دسترسی ندارد.', en: 'The user who uploaded the file no longer has access to this phonebook.' },
  'contacts.import.failed': { fa: 'ورود فایل با خطا متوقف شد؛ ردیف‌های واردشده باقی می‌مانند.', en: 'The import stopped with an error; the rows imported so far are kept.' },
  'contacts.import.reason.mobileMissing': { fa: 'موبایل خالی است.', en: 'The mobile is empty.' },
  'contacts.import.reason.mobileInvalid': { fa: 'شماره موبایل نامعتبر است.', en: 'Invalid mobile number.' },
  'contacts.import.reason.emailInvalid': { fa: 'ایمیل نامعتبر است.', en: 'Invalid email address.' },
  'contacts.import.reason.birthdateInvalid': { fa: 'تاریخ تولد نامعتبر است (سال/ماه/روز شمسی یا میلادی).', en: 'Invalid birthdate (year/month/day, solar or Gregorian).' },
  'contacts.import.reason.tooLong': { fa: '«{{labelFa}}» بیش از {{limit}} کاراکتر است.', en: '{{labelEn}} is longer than {{limit}} characters.' },
  'contacts.import.rejected.row': { fa: 'ردیف', en: 'Row' },
  'contacts.import.rejected.reason': { fa: 'دلیل', en: 'Reason' },
  'contacts.import.rejected.column': { fa: 'ستون {{n}}', en: 'Column {{n}}' },
};
