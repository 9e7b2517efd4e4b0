export { inboundModule } from './inbound.module.js';
export { InboxService, INBOX_MESSAGE_EVENT, INBOUND_LISTENERS, publicInboxMessage, type InboundListener } from './inbox.service.js';
export type { InboxRow } from './inbox.repository.js';
export { INBOUND_STEPS, INBOUND_ACTION_HANDLERS, type InboundStep, type NewInboundAction, type InboundActionRow, type InboundActionHandler, type InboundActionOutcome } from './inbound-contracts.js';
export { REPLY_ACTION, type ReplyPayload } from './reply-action.handler.js';
