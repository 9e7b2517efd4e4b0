export { inboxModule } from './inbox.module.js';
export { InboxService, INBOX_MESSAGE_EVENT, INBOUND_LISTENERS, publicInboxMessage, type InboundListener } from './inbox.service.js';
export type { InboxRow } from './inbox.repository.js';
