import type { TextResource } from '../../shared/i18n/i18n';

export const outboxTexts: TextResource = {
  ns: 'outbox',
  fa: {
    title: 'صندوق ارسال', detailTitle: 'جزئیات ارسال #{{id}}', back: 'بازگشت به صندوق ارسال',
    status: 'وضعیت', queueStatus: 'وضعیت صف', fromDate: 'از تاریخ', toDate: 'تا تاریخ', apply: 'اعمال فیلتر', clear: 'حذف فیلتر',
    rangeTooLong: 'بازه جستجو باید کمتر از ۹۰ روز باشد.', bothDates: 'تاریخ شروع و پایان را با هم وارد کنید.', rangeOrder: 'تاریخ پایان باید بعد از تاریخ شروع باشد.',
    columns: {
      id: 'شناسه', createdAt: 'زمان ثبت', senderNumber: 'خط', text: 'متن', recipients: 'گیرندگان', status: 'وضعیت', queueStatus: 'وضعیت صف',
      progress: 'پیشرفت', price: 'هزینه', user: 'کاربر', organization: 'سازمان', sendAt: 'زمان ارسال',
    },
    show: 'مشاهده',
    fields: {
      senderNumber: 'خط ارسال', sendType: 'نوع ارسال', subType: 'شیوه ارسال', text: 'متن پیامک', parts: 'تعداد بخش', encoding: 'کدگذاری', flash: 'فلش', user: 'ارسال‌کننده',
      dateTimeSend: 'زمان ارسال', dateTimeStart: 'شروع ارسال', dateTimeEnd: 'پایان ارسال', failureCode: 'علت خطا', createdAt: 'زمان ثبت',
      wrong: 'شماره نادرست', duplicate: 'تکراری', blackList: 'لیست سیاه', price: 'هزینه ارسال', levy: 'عوارض', vat: 'مالیات بر ارزش افزوده', total: 'جمع کل',
    },
    counters: {
      recipientCount: 'کل گیرندگان', pendingCount: 'در انتظار', sentCount: 'ارسال شده', deliveredCount: 'رسیده', notDeliveredCount: 'نرسیده',
      failedCount: 'ناموفق', canceledCount: 'لغو شده',
    },
    progress: 'پیشرفت ارسال', live: 'به‌روزرسانی زنده', perDeliveryStatus: 'به تفکیک وضعیت تحویل',
    receivers: 'گیرندگان', deliveryStatus: 'وضعیت تحویل', toNumber: 'شماره گیرنده',
    receiverColumns: {
      seq: 'ردیف', toNumber: 'گیرنده', operator: 'اپراتور', description: 'توضیحات', sendStatus: 'وضعیت ارسال', deliveryStatus: 'وضعیت تحویل',
      providerId: 'شناسه درگاه', attempts: 'تلاش', refunded: 'برگشت اعتبار', statusDateTime: 'زمان وضعیت', report: 'گزارش',
    },
    rawReport: 'گزارش خام', rawReportTitle: 'گزارش خام تحویل — {{number}}', noReport: 'گزارشی دریافت نشده است.',
    cancel: 'لغو ارسال', cancelTitle: 'لغو ارسال', cancelMessage: 'گیرندگانی که هنوز ارسال نشده‌اند لغو می‌شوند و اعتبار آن‌ها برمی‌گردد. ادامه می‌دهید؟',
    canceled: 'درخواست لغو ثبت شد.', notFound: 'ارسال یافت نشد.', yes: 'بله', no: 'خیر', percent: '{{n}}٪', findNumber: 'جستجو',
  },
  en: {
    title: 'Outbox', detailTitle: 'Send #{{id}}', back: 'Back to the outbox',
    status: 'Status', queueStatus: 'Queue status', fromDate: 'From date', toDate: 'To date', apply: 'Apply filter', clear: 'Clear filter',
    rangeTooLong: 'The search range must be under 90 days.', bothDates: 'Enter both the start and the end date.', rangeOrder: 'The end date must be after the start date.',
    columns: {
      id: 'Id', createdAt: 'Created', senderNumber: 'Line', text: 'Text', recipients: 'Recipients', status: 'Status', queueStatus: 'Queue status',
      progress: 'Progress', price: 'Price', user: 'User', organization: 'Organization', sendAt: 'Send time',
    },
    show: 'View',
    fields: {
      senderNumber: 'Sender line', sendType: 'Send type', subType: 'Sending mode', text: 'SMS text', parts: 'Parts', encoding: 'Encoding', flash: 'Flash', user: 'Sender',
      dateTimeSend: 'Send time', dateTimeStart: 'Started', dateTimeEnd: 'Finished', failureCode: 'Failure', createdAt: 'Created',
      wrong: 'Wrong numbers', duplicate: 'Duplicates', blackList: 'Blacklisted', price: 'Send price', levy: 'Levy', vat: 'VAT', total: 'Total',
    },
    counters: {
      recipientCount: 'Recipients', pendingCount: 'Pending', sentCount: 'Sent', deliveredCount: 'Delivered', notDeliveredCount: 'Not delivered',
      failedCount: 'Failed', canceledCount: 'Cancelled',
    },
    progress: 'Send progress', live: 'Live updates', perDeliveryStatus: 'Per delivery status',
    receivers: 'Recipients', deliveryStatus: 'Delivery status', toNumber: 'Recipient number',
    receiverColumns: {
      seq: 'Row', toNumber: 'Recipient', operator: 'Operator', description: 'Description', sendStatus: 'Send status', deliveryStatus: 'Delivery status',
      providerId: 'Provider id', attempts: 'Attempts', refunded: 'Refunded', statusDateTime: 'Status time', report: 'Report',
    },
    rawReport: 'Raw report', rawReportTitle: 'Raw delivery report — {{number}}', noReport: 'No report has been received.',
    cancel: 'Cancel send', cancelTitle: 'Cancel send', cancelMessage: 'Recipients not sent yet will be cancelled and their credit given back. Continue?',
    canceled: 'The cancellation was registered.', notFound: 'The send was not found.', yes: 'Yes', no: 'No', percent: '{{n}}%', findNumber: 'Find',
  },
};
