import type { TextResource } from '../../shared/i18n/i18n';

export const auditsTexts: TextResource = {
  ns: 'audits',
  fa: {
    title: 'ممیزی',
    filters: { className: 'نوع موجودیت', operationType: 'نوع عملیات', apply: 'اعمال فیلتر', clear: 'حذف فیلتر' },
    columns: { at: 'زمان', user: 'کاربر', operationType: 'عملیات', className: 'موجودیت', referenceId: 'شناسه', ip: 'IP', details: 'جزئیات' },
    oldData: 'داده قبلی', newData: 'داده جدید', show: 'نمایش', impersonatedBy: 'توسط کاربر {{id}} (ورود به جای کاربر)',
  },
  en: {
    title: 'Audit trail',
    filters: { className: 'Entity type', operationType: 'Operation', apply: 'Apply filters', clear: 'Clear filters' },
    columns: { at: 'Time', user: 'User', operationType: 'Operation', className: 'Entity', referenceId: 'Reference', ip: 'IP', details: 'Details' },
    oldData: 'Old data', newData: 'New data', show: 'Show', impersonatedBy: 'by user {{id}} (impersonating)',
  },
};
