import type { MessageCatalogue } from '../../platform/i18n.js';

export const documentsMessages: MessageCatalogue = {
  'documents.notFound': { fa: 'مدرک یافت نشد.', en: 'Document not found.' },
  'documents.ownerNotFound': { fa: 'سازمان یا کاربر یافت نشد.', en: 'Organization or user not found.' },
  'documents.forbidden': { fa: 'فقط مدیر سازمان مدارک سازمان را می‌بیند و بارگذاری می‌کند.', en: 'Only an administrator of the organization sees and uploads its documents.' },
  'documents.decideForbidden': { fa: 'فقط مدیری بالاتر از سازمانِ صاحب مدرک آن را تأیید یا رد می‌کند.', en: 'Only an administrator above the owner\'s organization accepts or rejects a document.' },
  'documents.notConfirmed': { fa: 'این مدرک تأیید نشده است.', en: 'This document is not accepted.' },
  'documents.tooLarge': { fa: 'حجم فایل بیش از {{max}} کیلوبایت است.', en: 'The file is larger than {{max}} KB.' },
};
