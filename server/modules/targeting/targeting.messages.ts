import type { MessageCatalogue } from '../../platform/i18n.js';

export const targetingMessages: MessageCatalogue = {
  'targeting.adminOnly': { fa: 'بانک شماره فقط در دسترس مدیر سامانه است.', en: 'Only a system administrator can use the number bank.' },
  'targeting.mobileInvalid': { fa: 'شماره موبایل معتبر نیست؛ یک شماره کامل وارد کنید (مانند 09121234567).', en: 'The mobile number is not valid; enter a whole number (for example 09121234567).' },
  'targeting.zoneNotFound': { fa: 'منطقه یافت نشد.', en: 'Zone not found.' },
  'targeting.import.notFound': { fa: 'ورود فایل یافت نشد.', en: 'Import not found.' },
  'targeting.import.fileTooLarge': { fa: 'حجم فایل حداکثر {{max}} مگابایت است.', en: 'The file can be at most {{max}} MB.' },
  'targeting.import.empty': { fa: 'فایل خالی است.', en: 'The file is empty.' },
  'targeting.import.noRows': { fa: 'فایل هیچ سطری ندارد.', en: 'The file has no rows.' },
  'targeting.import.noMobileColumn': { fa: 'سطر اول فایل باید عنوان ستون‌ها باشد و ستون موبایل (mobile) داشته باشد.', en: 'The first row must hold the column titles, with a mobile column.' },
  'targeting.import.failed': { fa: 'ورود فایل با خطا متوقف شد؛ سطرهای ثبت‌شده باقی می‌مانند.', en: 'The import stopped on an error; the rows already stored stay.' },
  'targeting.import.userGone': { fa: 'کاربری که فایل را وارد کرده دیگر مدیر سامانه نیست.', en: 'The user who started the import is no longer a system administrator.' },
  'targeting.row.mobileRequired': { fa: 'شماره موبایل خالی است.', en: 'The mobile number is empty.' },
  'targeting.row.mobileInvalid': { fa: 'شماره موبایل ایرانی معتبر نیست.', en: 'Not a valid Iranian mobile number.' },
  'targeting.row.genderInvalid': { fa: 'جنسیت باید یکی از All، Man یا Woman (همه، مرد، زن) باشد.', en: 'The gender must be All, Man or Woman.' },
  'targeting.row.simInvalid': { fa: 'نوع سیم‌کارت باید یکی از All، Credits یا Permanent (همه، اعتباری، دائمی) باشد.', en: 'The SIM type must be All, Credits or Permanent.' },
  'targeting.row.operatorInvalid': { fa: 'اپراتور باید یکی از MCI، Irancell، Rightel یا Other باشد.', en: 'The operator must be MCI, Irancell, Rightel or Other.' },
  'targeting.row.flagInvalid': { fa: 'مقدار باید true یا false (بله یا خیر) باشد.', en: 'The value must be true or false.' },
  'targeting.row.zipInvalid': { fa: 'کد پستی باید ۱۰ رقم باشد.', en: 'The postal code must have 10 digits.' },
  'targeting.row.tooLong': { fa: 'نام حداکثر ۱۰۰ نویسه است.', en: 'A name is at most 100 characters.' },
  'targeting.row.stateRequired': { fa: 'استان خالی است.', en: 'The province (state) is empty.' },
  'targeting.row.areaWithoutCity': { fa: 'منطقه بدون شهر آمده است.', en: 'An area is given without its city.' },
};
