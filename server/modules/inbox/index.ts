export { inboxModule } from './inbox.module.js';
export { InboxService, INBOX_MESSAGE_EVENT } from './inbox.service.js';
