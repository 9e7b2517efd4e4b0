import type { TextResource } from '../../shared/i18n/i18n';

export const blacklistTexts: TextResource = {
  ns: 'blacklist',
  fa: {
    title: 'لیست سیاه', addOne: 'افزودن شماره', addMany: 'افزودن گروهی', mobile: 'شماره موبایل', description: 'توضیحات (اختیاری)',
    mobiles: 'شماره‌ها (هر خط یک شماره)', count: '{{n}} شماره', add: 'افزودن', cancel: 'انصراف', delete: 'حذف', required: 'این فیلد الزامی است.',
    added: 'شماره به لیست سیاه افزوده شد.', addedMany: 'شماره‌ها به لیست سیاه افزوده شدند.', deleted: 'شماره از لیست سیاه حذف شد.',
    deleteTitle: 'حذف از لیست سیاه', deleteMessage: 'شماره {{mobile}} از لیست سیاه حذف شود؟', general: 'عمومی (همه سازمان‌ها)',
    columns: { mobile: 'شماره', description: 'توضیحات', scope: 'دامنه', createdAt: 'زمان ثبت', actions: 'عملیات' },
    own: 'سازمان', tooMany: 'حداکثر {{n}} شماره در هر بار.',
  },
  en: {
    title: 'Blacklist', addOne: 'Add number', addMany: 'Add many', mobile: 'Mobile number', description: 'Description (optional)',
    mobiles: 'Numbers (one per line)', count: '{{n}} numbers', add: 'Add', cancel: 'Cancel', delete: 'Delete', required: 'This field is required.',
    added: 'The number was added to the blacklist.', addedMany: 'The numbers were added to the blacklist.', deleted: 'The number was removed from the blacklist.',
    deleteTitle: 'Remove from blacklist', deleteMessage: 'Remove {{mobile}} from the blacklist?', general: 'General (all organizations)',
    columns: { mobile: 'Number', description: 'Description', scope: 'Scope', createdAt: 'Created', actions: 'Actions' },
    own: 'Organization', tooMany: 'At most {{n}} numbers at a time.',
  },
};
