import type { MessageCatalogue } from '../../platform/i18n.js';

/** Messages of phonebook exports. */
export const contactExportMessages: MessageCatalogue = {
  'contacts.export.notFound': { fa: 'خروجی دفترچه تلفن یافت نشد.', en: 'Phonebook export not found.' },
  'contacts.export.notReady': { fa: 'فایل خروجی هنوز آماده نیست.', en: 'The export file is not ready yet.' },
  'contacts.export.userGone': { fa: 'درخواست‌کننده دیگر به مخاطبان این دفترچه دسترسی ندارد.', en: 'The requester no longer has access to the contacts of this phonebook.' },
  'contacts.export.failed': { fa: 'تهیه فایل خروجی با خطا متوقف شد؛ دوباره درخواست دهید.', en: 'The export stopped with an error; request it again.' },
};
