import type { TextResource } from '../../shared/i18n/i18n';

export const blacklistTexts: TextResource = {
  ns: 'blacklist',
  fa: {
    title: 'لیست سیاه', addOne: 'افزودن شماره', addMany: 'افزودن گروهی', mobile: 'شماره موبایل', description: 'توضیحات (اختیاری)',
    mobiles: 'شماره‌ها (هر خط یک شماره)', count: '{{n}} شماره', add: 'افزودن', cancel: 'انصراف', delete: 'حذف', required: 'این فیلد الزامی است.',
    added: 'شماره به لیست سیاه افزوده شد.', addedMany: 'شماره‌ها به لیست سیاه افزوده شدند.', deleted: 'شماره از لیست سیاه حذف شد.',
    deleteTitle: 'حذف از لیست سیاه', deleteMessage: 'شماره {{mobile}} از لیست سیاه حذف شود؟', general: 'عمومی (همه سازمان‌ها)',
    columns: { mobile: 'شماره', description: 'توضیحات', scope: 'دامنه', createdAt: 'زمان ثبت', actions: 'عملیات' },
    own: 'سازمان', tooMany: 'حداکثر {{n}} شماره در هر بار.', optOutsLink: 'لغو اشتراک‌ها',
    optOuts: {
      menu: 'لغو اشتراک‌ها', title: 'شماره‌های لغو اشتراک', intro: 'این شماره‌ها با پیامک «لغو»، «۱۱» یا `STOP` به یکی از خطوط سازمان از دریافت پیام انصراف داده‌اند و دیگر از این سازمان پیامی دریافت نمی‌کنند.',
      empty: 'هنوز شماره‌ای لغو اشتراک نکرده است.', remove: 'برداشتن', removeTitle: 'برداشتن از لغو اشتراک',
      removeMessage: 'شماره {{mobile}} از فهرست لغو اشتراک برداشته شود؟ پس از آن دوباره برای این شماره پیام ارسال می‌شود.', removed: 'شماره از فهرست لغو اشتراک برداشته شد.',
      columns: { mobile: 'شماره', line: 'خط', text: 'متن پیام', createdAt: 'زمان', organization: 'سازمان', actions: 'عملیات' },
    },
  },
  en: {
    title: 'Blacklist', addOne: 'Add number', addMany: 'Add many', mobile: 'Mobile number', description: 'Description (optional)',
    mobiles: 'Numbers (one per line)', count: '{{n}} numbers', add: 'Add', cancel: 'Cancel', delete: 'Delete', required: 'This field is required.',
    added: 'The number was added to the blacklist.', addedMany: 'The numbers were added to the blacklist.', deleted: 'The number was removed from the blacklist.',
    deleteTitle: 'Remove from blacklist', deleteMessage: 'Remove {{mobile}} from the blacklist?', general: 'General (all organizations)',
    columns: { mobile: 'Number', description: 'Description', scope: 'Scope', createdAt: 'Created', actions: 'Actions' },
    own: 'Organization', tooMany: 'At most {{n}} numbers at a time.', optOutsLink: 'Opt-outs',
    optOuts: {
      menu: 'Opt-outs', title: 'Opted-out numbers', intro: 'These numbers texted «لغو», 11 or `STOP` to a line of the organization and no longer receive its messages.',
      empty: 'No number has opted out yet.', remove: 'Remove', removeTitle: 'Remove opt-out',
      removeMessage: 'Remove {{mobile}} from the opt-outs? Messages will be sent to it again.', removed: 'The number was removed from the opt-outs.',
      columns: { mobile: 'Number', line: 'Line', text: 'Message', createdAt: 'When', organization: 'Organization', actions: 'Actions' },
    },
  },
};
