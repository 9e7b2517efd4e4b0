import type { TextResource } from '../../shared/i18n/i18n';

/**
 * The one vocabulary of delivery outcomes (issue 23 item 6): every screen that names what became of
 * receivers — the outbox list and detail, the dashboard charts, the resend dialog — takes its word
 * from here, so one outcome never reads two ways. The keys are the dashboard's buckets
 * (server/shared/insight/delivery-buckets.ts, also the export's Outcome column) plus the send
 * counters' pending, sent and total. Exact delivery statuses (sending:deliveryStatuses) use the
 * same stems ("تحویل‌شده به گوشی" is a kind of "تحویل‌شده").
 */
export const deliveryOutcomeTexts: TextResource = {
  ns: 'outcomes',
  fa: {
    delivered: 'تحویل‌شده', notDelivered: 'تحویل‌نشده', awaitingReport: 'در انتظار گزارش', noReport: 'بی‌گزارش',
    failed: 'ناموفق', canceled: 'لغو شده', blackList: 'لیست سیاه', waiting: 'در صف ارسال',
    pending: 'در جریان', sent: 'ارسال شده', total: 'کل',
  },
  en: {
    delivered: 'Delivered', notDelivered: 'Not delivered', awaitingReport: 'Awaiting report', noReport: 'No report',
    failed: 'Failed', canceled: 'Cancelled', blackList: 'Blacklist', waiting: 'Waiting to send',
    pending: 'In progress', sent: 'Sent', total: 'Total',
  },
};
