import type { TextResource } from '../../shared/i18n/i18n';

export const rfmTexts: TextResource = {
  ns: 'rfm',
  fa: {
    menu: 'امتیازدهی مشتریان',
    title: 'امتیازدهی مشتریان',
    subtitle: 'رتبه مشتریان بر پایه تازگی آخرین ارسال، تعداد روزهای دارای ارسال و اعتبار مصرفی در {{days}} روز گذشته.',
    run: 'آخرین محاسبه: {{day}} (بازه {{from}} تا {{to}})، {{count}} مشتری. محاسبه هر شب یک بار انجام می‌شود.',
    noRun: 'هنوز محاسبه‌ای انجام نشده است؛ نخستین محاسبه امشب انجام می‌شود.',
    filters: { name: 'نام مشتری', minTotalPoint: 'حداقل امتیاز کل', maxTotalPoint: 'حداکثر امتیاز کل', sends: 'ارسال', all: 'همه', withSends: 'دارای ارسال', withoutSends: 'بدون ارسال', sort: 'مرتب‌سازی', apply: 'اعمال فیلتر' },
    sort: { totalPoint: 'امتیاز کل', realUsedCredit: 'اعتبار مصرفی', realSentCount: 'پیامک‌های ارسال‌شده', sendSmsFrequency: 'روزهای دارای ارسال', recentSendSms: 'تازگی آخرین ارسال' },
    columns: {
      organizationName: 'مشتری', totalPoint: 'امتیاز کل', points: 'تازگی / تکرار / مبلغ', recentSendSms: 'روز از آخرین ارسال', sendSmsFrequency: 'روزهای دارای ارسال',
      totalUsedCredit: 'اعتبار مصرفی کل (ریال)', realUsedCredit: 'اعتبار مصرفی واقعی (ریال)', usedCreditPerEachFrequency: 'اعتبار هر روز ارسال (ریال)',
      sent: 'پیامک‌ها (ارسال‌شده / کل)', parts: 'بخش‌ها (ارسال‌شده / کل)',
    },
    never: 'بدون ارسال',
    empty: 'مشتری‌ای با این فیلترها نیست',
    export: 'خروجی اکسل',
    exported: 'فایل اکسل آماده شد.',
    strategy: {
      title: 'راهبرد امتیازدهی',
      hint: 'برای هر شاخص بازه‌هایی تعریف کنید؛ مقداری که در یک بازه باشد (دو سر بازه هم) امتیاز آن را می‌گیرد. پایان خالی یعنی بدون سقف. تغییر راهبرد در محاسبه شب بعد دیده می‌شود.',
      index: { recency: 'تازگی (روز از آخرین ارسال)', frequency: 'تکرار (روزهای دارای ارسال)', monetary: 'مبلغ (اعتبار مصرفی واقعی، ریال)' },
      range: 'بازه', start: 'از', end: 'تا', point: 'امتیاز', add: 'افزودن بازه', remove: 'حذف بازه', save: 'ذخیره راهبرد', saved: 'راهبرد ذخیره شد.', none: 'بازه‌ای تعریف نشده است؛ امتیاز این شاخص صفر است.',
    },
  },
  en: {
    menu: "Customers' RFM",
    title: "Customers' RFM ranking",
    subtitle: 'Customers ranked by how recently they sent, on how many days they sent and how much credit they used over the last {{days}} days.',
    run: 'Last computed: {{day}} (window {{from}} to {{to}}), {{count}} customers. Computed once every night.',
    noRun: 'Not computed yet; the first computation runs tonight.',
    filters: { name: 'Customer name', minTotalPoint: 'Minimum total point', maxTotalPoint: 'Maximum total point', sends: 'Sends', all: 'All', withSends: 'With sends', withoutSends: 'Without sends', sort: 'Sort by', apply: 'Apply filters' },
    sort: { totalPoint: 'Total point', realUsedCredit: 'Used credit', realSentCount: 'Messages sent', sendSmsFrequency: 'Days with a send', recentSendSms: 'Most recent send' },
    columns: {
      organizationName: 'Customer', totalPoint: 'Total point', points: 'Recency / frequency / monetary', recentSendSms: 'Days since the last send', sendSmsFrequency: 'Days with a send',
      totalUsedCredit: 'Total used credit (rials)', realUsedCredit: 'Real used credit (rials)', usedCreditPerEachFrequency: 'Credit per send day (rials)',
      sent: 'Messages (sent / all)', parts: 'Parts (sent / all)',
    },
    never: 'No send',
    empty: 'No customer matches these filters',
    export: 'Export to Excel',
    exported: 'The Excel file is ready.',
    strategy: {
      title: 'Point strategy',
      hint: 'Define ranges for each index; a value inside a range (both ends included) earns its points. An empty end means no upper bound. A changed strategy shows in the next night\'s computation.',
      index: { recency: 'Recency (days since the last send)', frequency: 'Frequency (days with a send)', monetary: 'Monetary (real used credit, rials)' },
      range: 'Range', start: 'From', end: 'To', point: 'Point', add: 'Add a range', remove: 'Remove the range', save: 'Save the strategy', saved: 'The strategy was saved.', none: 'No range defined; this index earns no points.',
    },
  },
};
