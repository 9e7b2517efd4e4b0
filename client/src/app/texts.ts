import type { TextResource } from '../shared/i18n/i18n';
import { uiTexts } from '../shared/ui/ui.i18n';
import { commonTexts } from './app.i18n';
import { layoutTexts } from './layout/layout.i18n';
import { accountTexts } from '../features/account/account.i18n';
import { adminCommonTexts } from '../features/admin-common/admin-common.i18n';
import { organizationsTexts } from '../features/organizations/organizations.i18n';
import { usersTexts } from '../features/users/users.i18n';
import { rolesTexts } from '../features/roles/roles.i18n';
import { impersonationTexts } from '../features/impersonation/impersonation.i18n';
import { auditsTexts } from '../features/audits/audits.i18n';
import { financialTexts } from '../features/financial/financial.i18n';
import { sendingTexts } from '../features/sending/sending.i18n';
import { outboxTexts } from '../features/outbox/outbox.i18n';
import { inboxTexts } from '../features/inbox/inbox.i18n';
import { sendQueueTexts } from '../features/send-queue/send-queue.i18n';
import { linesTexts } from '../features/lines/lines.i18n';
import { blacklistTexts } from '../features/blacklist/blacklist.i18n';

/** Every namespace of texts the app ships (both languages). */
export const allTexts: TextResource[] = [
  commonTexts, uiTexts, layoutTexts, accountTexts, adminCommonTexts, organizationsTexts, usersTexts, rolesTexts, impersonationTexts, auditsTexts, financialTexts,
  sendingTexts, outboxTexts, inboxTexts, sendQueueTexts, linesTexts, blacklistTexts,
];
