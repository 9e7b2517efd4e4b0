import type { TextResource } from '../../shared/i18n/i18n';

export const developerTexts: TextResource = {
  ns: 'developer',
  fa: {
    menu: { apiTokens: 'کلیدهای API', documentation: 'مستندات API', smppAccounts: 'حساب‌های SMPP' },
    smpp: {
      title: 'حساب‌های SMPP', create: 'حساب SMPP جدید', edit: 'ویرایش حساب SMPP', editShort: 'ویرایش', delete: 'حذف', save: 'ذخیره',
      hint: 'اپراتورها و سامانه‌های دیگر با این حساب‌ها به سرور SMPP پیک متصل می‌شوند؛ هر پیام ارسالی مانند ارسال تکی همان کاربر محاسبه و از اعتبار او کسر می‌شود.',
      systemId: 'شناسه سیستم (system_id)', password: 'گذرواژه (حداکثر ۸ نویسه)', newPassword: 'گذرواژه تازه (خالی: بدون تغییر)', userId: 'شناسه کاربر',
      maxBinds: 'حداکثر اتصال همزمان', windowSize: 'پنجره (پیام در انتظار پاسخ)', throughput: 'سرعت (پیام در ثانیه)', defaultLineId: 'شناسه خط پیش‌فرض (اختیاری)',
      apiTokenId: 'شناسه کلید API (اختیاری)', allowedIps: 'نشانی‌های IP مجاز (خالی: همه)', anyIp: 'همه', active: 'فعال', limits: 'اتصال / پنجره / سرعت',
      liveBinds: 'اتصال‌های فعلی', saved: 'حساب SMPP ذخیره شد.', deleted: 'حساب SMPP حذف شد.',
      deleteTitle: 'حذف حساب SMPP', deleteMessage: 'حساب «{{systemId}}» حذف شود؟ اتصال‌های باز آن بی‌درنگ بسته می‌شوند.',
      status: { Active: 'فعال', Disabled: 'غیرفعال' },
    },

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
    menu: { apiTokens: 'API tokens', documentation: 'API documentation', smppAccounts: 'SMPP accounts' },
    smpp: {
      title: 'SMPP accounts', create: 'New SMPP account', edit: 'Edit SMPP account', editShort: 'Edit', delete: 'Delete', save: 'Save',
      hint: 'Carriers and other systems bind to Peyk\'s SMPP server with these accounts; every message they submit is priced and charged as a single send of the account\'s user.',
      systemId: 'System ID (system_id)', password: 'Password (at most 8 characters)', newPassword: 'New password (empty: unchanged)', userId: 'User ID',
      maxBinds: 'Maximum binds', windowSize: 'Window (messages awaiting an answer)', throughput: 'Throughput (messages per second)', defaultLineId: 'Default line ID (optional)',
      apiTokenId: 'API token ID (optional)', allowedIps: 'Allowed IP addresses (empty: any)', anyIp: 'Any', active: 'Active', limits: 'Binds / window / rate',
      liveBinds: 'Binds now', saved: 'The SMPP account was saved.', deleted: 'The SMPP account was deleted.',
      deleteTitle: 'Delete SMPP account', deleteMessage: 'Delete the account "{{systemId}}"? Its open binds are closed at once.',
      status: { Active: 'Active', Disabled: 'Disabled' },
    },

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
