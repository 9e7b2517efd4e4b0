import type { TextResource } from '../../shared/i18n/i18n';

/**
 * The regional send's own texts. What every send form shares (the line and text fields, operator
 * names, the preview's counts and price, "the send was registered") is read from the `sending`
 * namespace, never repeated here.
 */
export const regionalTexts: TextResource = {
  ns: 'regional',
  fa: {
    title: 'ارسال منطقه‌ای',
    subtitle: 'ارسال به شماره‌های بانک شماره بر اساس منطقه، اپراتور، جنسیت، صنف و کد پستی؛ شماره‌ها هرگز نمایش داده نمی‌شوند.',
    chooseLine: 'یک خط انتخاب کنید',
    provinces: 'استان‌ها', provincesHint: 'حداقل یک استان را انتخاب کنید؛ با انتخاب شهرها، فقط همان شهرها فیلتر می‌شوند.',
    cities: 'شهرهای {{name}}', noZones: 'هنوز منطقه‌ای در بانک شماره نیست.',
    simType: 'نوع سیم‌کارت', sim: { All: 'همه', Credits: 'اعتباری', Permanent: 'دائمی' },
    operators: 'اپراتورها',
    gender: 'جنسیت', genders: { All: 'همه', Man: 'مرد', Woman: 'زن' },
    guild: 'صنف (گروه شغلی)', zip: 'پیشوند کد پستی',
    amount: 'تعداد گیرندگان', byCount: 'تعداد', byPercentage: 'درصد', percentage: 'درصد از موجود',
    grayList: 'ساعت عدم تکرار شماره', grayListHint: 'شماره‌هایی که در این مدت با ارسال منطقه‌ای این سازمان گرفته شده‌اند دوباره انتخاب نمی‌شوند (۰ = بدون محدودیت).',
    available: 'شماره‌های موجود', counting: 'در حال شمارش…',
    send: 'ارسال',
    provinceRequired: 'حداقل یک استان را انتخاب کنید.', simRequired: 'حداقل یک نوع سیم‌کارت را انتخاب کنید.', lineRequired: 'یک خط انتخاب کنید.',
  },
  en: {
    title: 'Regional send',
    subtitle: 'Send to numbers of the number bank by region, operator, gender, guild and postal code; the numbers are never shown.',
    chooseLine: 'Choose a line',
    provinces: 'Provinces', provincesHint: 'Select at least a state; picking cities narrows to those cities.',
    cities: 'Cities of {{name}}', noZones: 'The number bank has no zones yet.',
    simType: 'SIM type', sim: { All: 'All', Credits: 'Prepaid (credit)', Permanent: 'Postpaid (permanent)' },
    operators: 'Operators',
    gender: 'Gender', genders: { All: 'All', Man: 'Man', Woman: 'Woman' },
    guild: 'Guild (job group)', zip: 'Postal code prefix',
    amount: 'Number of receivers', byCount: 'Count', byPercentage: 'Percentage', percentage: 'Percentage of available',
    grayList: 'Hours before a number is picked again', grayListHint: 'Numbers this organization\'s regional sends took within these hours are not picked again (0 = no limit).',
    available: 'Available numbers', counting: 'Counting…',
    send: 'Send',
    provinceRequired: 'Select at least a state.', simRequired: 'Select at least a SIM type.', lineRequired: 'Choose a line.',
  },
};
