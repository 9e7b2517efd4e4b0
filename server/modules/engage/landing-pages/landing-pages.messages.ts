import type { MessageCatalogue } from '../../../platform/i18n.js';

export const landingPagesMessages: MessageCatalogue = {
  'landingPages.notFound': { fa: 'صفحه فرود یافت نشد.', en: 'Landing page not found.' },
  'landingPages.titleRequired': { fa: 'عنوان صفحه را وارد کنید.', en: 'Enter the page title.' },
  'landingPages.slugTaken': { fa: 'این نشانی کوتاه را صفحه دیگری از همین سازمان دارد؛ نشانی دیگری انتخاب کنید.', en: 'Another page of this organization already has this slug; choose another.' },
  'landingPages.addressTaken': { fa: 'این نام عمومی را سازمان دیگری گرفته است؛ نام دیگری انتخاب کنید.', en: 'Another organization already uses this public name; choose another.' },
  'landingPages.addressRequired': { fa: 'پیش از انتشار، نام عمومی سازمان را برای نشانی صفحه‌های فرود تعیین کنید.', en: 'Before publishing, choose the organization\'s public name for the landing page address.' },
  'landingPages.textRequired': { fa: 'متن این بخش را وارد کنید.', en: 'Enter the text of this block.' },
  'landingPages.labelRequired': { fa: 'عنوان دکمه را وارد کنید.', en: 'Enter the button label.' },
  'landingPages.urlInvalid': { fa: 'نشانی باید با http:// یا https:// شروع شود و نشانی وب درستی باشد.', en: 'The address must start with http:// or https:// and be a valid web address.' },
  'landingPages.formUnknown': { fa: 'این فرم در فرم‌های فرم‌ساز این سازمان نیست.', en: 'This form is not one of the organization\'s forms in the form builder.' },
  'landingPages.imageUnknown': { fa: 'این تصویر در تصاویر صفحه‌های فرود سازمان نیست؛ دوباره بارگذاری کنید.', en: 'This image is not among the organization\'s landing page images; upload it again.' },
  'landingPages.imageNotFound': { fa: 'تصویر یافت نشد.', en: 'Image not found.' },
  'landingPages.pageNotFound': { fa: 'صفحه یافت نشد.', en: 'Page not found.' },
};
