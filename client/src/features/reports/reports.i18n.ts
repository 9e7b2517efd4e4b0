import type { TextResource } from '../../shared/i18n/i18n';

export const REPORTS_NS = 'reports';

export const reportsTexts: TextResource = {
  ns: REPORTS_NS,
  fa: {
    menu: { user: 'گزارش کاربر', organization: 'گزارش سازمان', tree: 'گزارش درخت سازمان‌ها' },
    title: { user: 'گزارش کاربر', organization: 'گزارش سازمان', tree: 'گزارش درخت سازمان‌ها' },
    subtitle: {
      user: 'ارسال‌های یک کاربر در هر روز یا ماه.',
      organization: 'ارسال‌های سازمان و زیرسازمان‌هایش در هر روز یا ماه، با اعتبار مصرفی حساب سازمان.',
      tree: 'سازمان و همه زیرسازمان‌هایش: یک ردیف برای هر زیرسازمان مستقیم (با زیرمجموعه‌اش) و روند در هر روز یا ماه.',
    },
    tabs: 'نوع گزارش',
    filters: {
      from: 'از تاریخ', to: 'تا تاریخ', grouping: 'گروه‌بندی', day: 'روزانه', month: 'ماهانه (شمسی)', apply: 'نمایش',
      organization: 'سازمان', user: 'کاربر', organizationPlaceholder: 'سازمان جاری', userPlaceholder: 'خودم',
      bothDates: 'تاریخ شروع و پایان را انتخاب کنید.', endBeforeStart: 'تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.', tooLong: 'بازه گزارش حداکثر {{days}} روز است.',
    },
    subject: { user: 'کاربر:', organization: 'سازمان:', tree: 'درخت سازمان:' },
    totals: {
      sends: 'ارسال‌ها', messages: 'پیامک‌ها', parts: 'بخش‌ها', sent: 'ارسال‌شده به اپراتور', delivered: 'رسیده', failed: 'ناموفق', pending: 'در انتظار',
      used: 'اعتبار مصرفی', givenBack: 'برگشتی',
    },
    charts: {
      series: 'روند ارسال', byStatus: 'وضعیت‌ها', messages: 'پیامک‌ها', delivered: 'رسیده', failed: 'ناموفق', pending: 'در انتظار', other: 'سایر',
      credit: 'اعتبار مصرفی و برگشتی', charged: 'هزینه ارسال', givenBack: 'برگشتی', operators: 'سهم اپراتورها', statuses: 'سهم وضعیت‌ها',
    },
    table: {
      periods: 'جدول دوره‌ها', organizations: 'زیرسازمان‌ها', period: 'دوره', organization: 'سازمان', ownSends: 'ارسال‌های خود سازمان',
      credit: 'اعتبار مصرفی (ریال)', noCredit: '—',
    },
    creditHint: 'اعتبار مصرفی از دفتر حساب خوانده می‌شود: هزینه ارسال منهای برگشتی‌ها. بدون دسترسی مشاهده اعتبار نمایش داده نمی‌شود.',
    treeCreditHint: 'اعتبار هر ردیف از حساب خود آن زیرسازمان است (به نرخ خودش)؛ جمع بالا حساب سازمان اصلی است.',
    loading: 'در حال بارگذاری گزارش…',
    failed: 'گزارش دریافت نشد.',
    empty: 'در این بازه ارسالی نیست',
    adminsOnly: 'این گزارش ویژه مدیران سازمان است؛ ارسال‌های خودتان در گزارش کاربر است.',
    export: 'خروجی اکسل',
    exported: 'فایل اکسل دریافت شد.',
  },
  en: {
    menu: { user: 'User report', organization: 'Organization report', tree: 'Organization tree report' },
    title: { user: 'User report', organization: 'Organization report', tree: 'Organization tree report' },
    subtitle: {
      user: "A user's sends per day or month.",
      organization: "The organization's and its sub-organizations' sends per day or month, with the credit its own account used.",
      tree: 'The organization and everything below it: one row per direct sub-organization (with its subtree) and the trend per day or month.',
    },
    tabs: 'Report',
    filters: {
      from: 'From', to: 'To', grouping: 'Grouping', day: 'Daily', month: 'Monthly (Jalali)', apply: 'Show',
      organization: 'Organization', user: 'User', organizationPlaceholder: 'Current organization', userPlaceholder: 'Myself',
      bothDates: 'Choose both the start and the end date.', endBeforeStart: 'The end date cannot be before the start date.', tooLong: 'The report range is at most {{days}} days.',
    },
    subject: { user: 'User:', organization: 'Organization:', tree: 'Organization tree:' },
    totals: {
      sends: 'Sends', messages: 'Messages', parts: 'Parts', sent: 'Sent to the operator', delivered: 'Delivered', failed: 'Failed', pending: 'Pending',
      used: 'Credit used', givenBack: 'Refunded',
    },
    charts: {
      series: 'Sends over time', byStatus: 'Statuses', messages: 'Messages', delivered: 'Delivered', failed: 'Failed', pending: 'Pending', other: 'Other',
      credit: 'Credit used and refunded', charged: 'Charged', givenBack: 'Refunded', operators: 'Operators', statuses: 'Statuses',
    },
    table: {
      periods: 'Periods', organizations: 'Sub-organizations', period: 'Period', organization: 'Organization', ownSends: 'own sends',
      credit: 'Credit used (rials)', noCredit: '—',
    },
    creditHint: "Credit used is read from the ledger: what sends were charged minus refunds. It is not shown without the right to view credit.",
    treeCreditHint: "Each row's credit is that sub-organization's own account (at its own rates); the total above is the main organization's account.",
    loading: 'Loading the report…',
    failed: 'The report could not be loaded.',
    empty: 'No sends in this range',
    adminsOnly: "This report is for the organization's administrators; your own sends are in the user report.",
    export: 'Export to Excel',
    exported: 'The Excel file was downloaded.',
  },
};
