import type { TextResource } from '../../shared/i18n/i18n';

export const developerTexts: TextResource = {
  ns: 'developer',
  fa: {
    menu: { apiTokens: 'کلیدهای API', documentation: 'مستندات API' },
    title: 'کلیدهای API', create: 'کلید جدید', titleField: 'عنوان', ip: 'نشانی IP مجاز (اختیاری)', cancel: 'انصراف', save: 'ساخت کلید', close: 'بستن',
    isCanSend: 'اجازه ارسال پیامک', isIgnoreCheckIp: 'بدون بررسی IP', required: 'این فیلد الزامی است.',
    secretTitle: 'کلید API شما', secretWarning: 'این کلید فقط همین یک بار نمایش داده می‌شود. آن را اکنون کپی کنید و در جای امنی نگه دارید.',
    copy: 'کپی', copied: 'کلید کپی شد.', revoke: 'ابطال', rotate: 'کلید تازه', revoked: 'کلید باطل شد.',
    revokeTitle: 'ابطال کلید API', revokeMessage: 'کلید «{{title}}» باطل شود؟ برنامه‌هایی که از آن استفاده می‌کنند بی‌درنگ قطع می‌شوند.',
    rotateTitle: 'ساخت کلید تازه', rotateMessage: 'برای «{{title}}» کلید تازه ساخته شود؟ کلید فعلی بی‌درنگ از کار می‌افتد.',
    status: { Active: 'فعال', Revoked: 'باطل‌شده' }, yes: 'بله', no: 'خیر',
    columns: { title: 'عنوان', prefix: 'آغاز کلید', user: 'کاربر', ip: 'IP', isCanSend: 'ارسال', status: 'وضعیت', createdAt: 'زمان ساخت', actions: 'عملیات' },
  },
  en: {
    menu: { apiTokens: 'API tokens', documentation: 'API documentation' },
    title: 'API tokens', create: 'New token', titleField: 'Title', ip: 'Allowed IP address (optional)', cancel: 'Cancel', save: 'Create token', close: 'Close',
    isCanSend: 'May send messages', isIgnoreCheckIp: 'Do not check the IP', required: 'This field is required.',
    secretTitle: 'Your API token', secretWarning: 'This token is shown only this once. Copy it now and keep it somewhere safe.',
    copy: 'Copy', copied: 'The token was copied.', revoke: 'Revoke', rotate: 'Rotate', revoked: 'The token was revoked.',
    revokeTitle: 'Revoke API token', revokeMessage: 'Revoke "{{title}}"? Applications using it stop working at once.',
    rotateTitle: 'Rotate API token', rotateMessage: 'Make a new secret for "{{title}}"? The current one stops working at once.',
    status: { Active: 'Active', Revoked: 'Revoked' }, yes: 'Yes', no: 'No',
    columns: { title: 'Title', prefix: 'Token starts with', user: 'User', ip: 'IP', isCanSend: 'Send', status: 'Status', createdAt: 'Created', actions: 'Actions' },
  },
};
