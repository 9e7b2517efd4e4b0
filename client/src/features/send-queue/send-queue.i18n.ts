import type { TextResource } from '../../shared/i18n/i18n';

export const sendQueueTexts: TextResource = {
  ns: 'sendQueue',
  fa: {
    title: 'صف تأیید ارسال',
    columns: { id: 'شناسه', organization: 'سازمان', user: 'کاربر', senderNumber: 'خط', text: 'متن', recipients: 'گیرندگان', total: 'هزینه', createdAt: 'زمان ثبت', sendAt: 'زمان ارسال', actions: 'عملیات' },
    confirm: 'تأیید', reject: 'رد', confirmTitle: 'تأیید ارسال', confirmMessage: 'ارسال #{{id}} به {{n}} گیرنده تأیید و در صف ارسال قرار گیرد؟',
    rejectTitle: 'رد ارسال', rejectMessage: 'ارسال #{{id}} رد شود؟ اعتبار رزروشده آزاد می‌شود.', reason: 'دلیل رد',
    confirmed: 'ارسال تأیید شد.', rejected: 'ارسال رد شد.',
    empty: 'ارسالی در انتظار تأیید شما نیست.', emptyHint: 'ارسال‌های سازمان‌های زیرمجموعه که به تأیید مدیر نیاز دارند اینجا می‌مانند تا تأیید یا رد کنید.',
  },
  en: {
    title: 'Send confirmation queue',
    columns: { id: 'Id', organization: 'Organization', user: 'User', senderNumber: 'Line', text: 'Text', recipients: 'Recipients', total: 'Price', createdAt: 'Created', sendAt: 'Send time', actions: 'Actions' },
    confirm: 'Confirm', reject: 'Reject', confirmTitle: 'Confirm send', confirmMessage: 'Confirm send #{{id}} to {{n}} recipients and queue it?',
    rejectTitle: 'Reject send', rejectMessage: 'Reject send #{{id}}? The held credit is released.', reason: 'Reason',
    confirmed: 'The send was confirmed.', rejected: 'The send was rejected.',
    empty: 'No send is waiting for your confirmation.', emptyHint: 'Sends of organizations below you that need an administrator\'s confirmation wait here until you confirm or reject them.',
  },
};
