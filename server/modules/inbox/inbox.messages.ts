import type { MessageCatalogue } from '../../platform/i18n.js';

export const inboxMessages: MessageCatalogue = {
  'inbox.markedAsRead': { fa: 'پیام‌ها خوانده‌شده علامت خوردند.', en: 'The messages were marked as read.' },
};
