import type { TextResource } from '../../shared/i18n/i18n';

export const inboxTexts: TextResource = {
  ns: 'inbox',
  fa: {
    title: 'صندوق دریافت', unreadCount: '{{n}} پیام خوانده‌نشده',
    show: { label: 'نمایش', all: 'همه', unread: 'خوانده‌نشده‌ها' },
    columns: { select: 'انتخاب', receivedAt: 'زمان دریافت', senderMobile: 'فرستنده', line: 'خط', text: 'متن', status: 'وضعیت', organization: 'سازمان', parts: 'تعداد بخش' },
    selectRow: 'انتخاب پیام {{id}}', selectPage: 'انتخاب همه این صفحه', clearSelection: 'لغو انتخاب',
    markSelected: 'علامت خوانده‌شده برای انتخاب‌شده‌ها ({{n}})', marked: '{{n}} پیام خوانده‌شده علامت خورد.',
    read: 'خوانده‌شده', unread: 'خوانده‌نشده', empty: 'پیامی دریافت نشده است.', emptyHint: 'پیامک‌هایی که به خطوط شما فرستاده می‌شوند، مثل پاسخ گیرندگان، همین‌جا و بدون بارگذاری دوباره می‌رسند.', emptyUnread: 'پیام خوانده‌نشده‌ای نیست.',
    live: 'پیام‌های تازه بدون بارگذاری دوباره نمایش داده می‌شوند.',
    detailTitle: 'پیام دریافتی از {{from}}', close: 'بستن', unknownLine: 'خط نامشخص',
    encodings: { gsm7: 'لاتین (GSM)', ucs2: 'یونیکد (فارسی)' }, encoding: 'کدگذاری',
  },
  en: {
    title: 'Inbox', unreadCount: '{{n}} unread',
    show: { label: 'Show', all: 'All', unread: 'Unread' },
    columns: { select: 'Select', receivedAt: 'Received', senderMobile: 'From', line: 'Line', text: 'Text', status: 'Status', organization: 'Organization', parts: 'Parts' },
    selectRow: 'Select message {{id}}', selectPage: 'Select this page', clearSelection: 'Clear selection',
    markSelected: 'Mark selected as read ({{n}})', marked: '{{n}} messages marked as read.',
    read: 'Read', unread: 'Unread', empty: 'No messages have been received.', emptyHint: 'Messages sent to your lines, such as recipients\' replies, arrive here without reloading.', emptyUnread: 'No unread messages.',
    live: 'New messages appear without reloading.',
    detailTitle: 'Message from {{from}}', close: 'Close', unknownLine: 'Unknown line',
    encodings: { gsm7: 'Latin (GSM)', ucs2: 'Unicode (Persian)' }, encoding: 'Encoding',
  },
};
