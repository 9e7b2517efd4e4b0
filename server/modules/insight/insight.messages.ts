import type { MessageCatalogue } from '../../platform/i18n.js';

export const insightMessages: MessageCatalogue = {
  'insight.invalidDay': { fa: 'تاریخ را به شکل سال-ماه-روز میلادی (مانند 2026-11-20) بفرستید.', en: 'Send the date as a Gregorian YYYY-MM-DD day (for example 2026-11-20).' },
  'insight.endBeforeStart': { fa: 'تاریخ پایان نمی‌تواند پیش از تاریخ شروع باشد.', en: 'The end date cannot be before the start date.' },
  'insight.rangeTooLong': { fa: 'بازه گزارش حداکثر {{days}} روز است.', en: 'The report range is at most {{days}} days.' },
};
