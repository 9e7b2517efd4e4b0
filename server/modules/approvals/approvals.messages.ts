import type { MessageCatalogue } from '../../platform/i18n.js';

export const approvalMessages: MessageCatalogue = {
  'approvals.notConfirmed': { fa: 'این مورد تأیید نشده است.', en: 'This item is not confirmed.' },
};
