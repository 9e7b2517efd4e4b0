import type { TextResource } from '../../shared/i18n/i18n';

export const DASHBOARD_CHARTS_NS = 'dashboardCharts';

/** The dashboard charts' texts (fa, en); the rest of the home screen's are the account namespace's. */
export const dashboardChartsTexts: TextResource = {
  ns: DASHBOARD_CHARTS_NS,
  fa: {
    title: 'آمار ارسال',
    day: 'روز',
    range: { from: 'از تاریخ', to: 'تا تاریخ', apply: 'نمایش', lastTen: 'ده روز اخیر', bothDates: 'هر دو تاریخ را انتخاب کنید.', endBeforeStart: 'تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.', tooLong: 'بازه حداکثر {{days}} روز است.' },
    scope: { user: 'فقط ارسال‌های خود شما', organization: 'ارسال‌های {{name}} و زیرمجموعه‌ها' },
    loading: 'در حال بارگذاری آمار…',
    empty: 'در این بازه ارسالی نیست.',
    failed: 'آمار بارگذاری نشد.',
    // Delivered and the chart's series are named by the shared outcome vocabulary (sending/delivery-outcomes.i18n.ts).
    totals: { sends: 'ارسال‌ها', messages: 'پیامک‌ها', parts: 'بخش‌ها', sent: 'ارسال‌شده به اپراتور', creditUsed: 'اعتبار مصرف‌شده' },
    daily: { title: 'پیامک‌های روزانه', byStatus: 'بر اساس وضعیت تحویل', byType: 'بر اساس نوع ارسال', messages: 'پیامک', parts: 'بخش', view: 'نمایش نمودار روزانه', unit: 'واحد شمارش' },
    allVsSent: { title: 'همه در برابر ارسال شده', all: 'همه' },
    credit: { title: 'اعتبار مصرف‌شده روزانه (ریال)', charged: 'کسر برای ارسال', givenBack: 'برگشت اعتبار', used: 'مصرف خالص' },
    operators: { title: 'سهم اپراتورها' },
    sendTypes: { title: 'درصد ارسال‌شده بر اساس نوع ارسال' },
    lines: { title: 'خطوط پرکار', line: 'خط', messages: 'پیامک', parts: 'بخش', none: 'در این بازه از هیچ خطی ارسال نشده است.' },
    operatorNames: { mci: 'همراه اول', irancell: 'ایرانسل', rightel: 'رایتل', other: 'سایر', international: 'بین‌الملل' },
    sendTypeNames: { Bulk: 'انبوه', Single: 'تکی', Dynamic: 'پویا', P2P: 'نظیر به نظیر', PhoneBook: 'دفترچه تلفن', Api: 'وب‌سرویس' },
    percentOf: '{{value}} ({{percent}}٪)',
  },
  en: {
    title: 'Sending statistics',
    day: 'Day',
    range: { from: 'From', to: 'To', apply: 'Show', lastTen: 'Last ten days', bothDates: 'Choose both dates.', endBeforeStart: 'The end date cannot be before the start date.', tooLong: 'The range is at most {{days}} days.' },
    scope: { user: 'Only your own sends', organization: 'Sends of {{name}} and its sub-organizations' },
    loading: 'Loading statistics…',
    empty: 'No sends in this range.',
    failed: 'The statistics could not be loaded.',
    totals: { sends: 'Sends', messages: 'Messages', parts: 'Parts', sent: 'Sent to the operator', creditUsed: 'Credit used' },
    daily: { title: 'Messages per day', byStatus: 'By delivery status', byType: 'By send type', messages: 'Messages', parts: 'Parts', view: 'Daily chart view', unit: 'Count' },
    allVsSent: { title: 'All versus sent', all: 'All' },
    credit: { title: 'Credit used per day (rials)', charged: 'Charged for sending', givenBack: 'Refunded', used: 'Net used' },
    operators: { title: 'Operator split' },
    sendTypes: { title: 'Percent sent by send type' },
    lines: { title: 'Busiest lines', line: 'Line', messages: 'Messages', parts: 'Parts', none: 'No line sent anything in this range.' },
    operatorNames: { mci: 'MCI', irancell: 'Irancell', rightel: 'Rightel', other: 'Other', international: 'International' },
    sendTypeNames: { Bulk: 'Bulk', Single: 'Single', Dynamic: 'Dynamic', P2P: 'P2P', PhoneBook: 'Phonebook', Api: 'API' },
    percentOf: '{{value}} ({{percent}}%)',
  },
};
