import type { MessageCatalogue } from '../../platform/i18n.js';

export const inboundMessages: MessageCatalogue = {
  'inbox.markedAsRead': { fa: 'پیام‌ها خوانده‌شده علامت خوردند.', en: 'The messages were marked as read.' },
  'inbox.optOutNotFound': { fa: 'شماره در فهرست لغو اشتراک یافت نشد.', en: 'Opted-out number not found.' },
  'inbox.optOutRemoved': { fa: 'شماره از فهرست لغو اشتراک برداشته شد.', en: 'The number was removed from the opt-out list.' },
};
