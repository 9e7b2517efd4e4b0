export { messagingModule } from './messaging.module.js';
export { Dispatcher, BATCH_SIZE, type BatchJob } from './dispatch/dispatch.worker.js';
export { SettlementService } from './delivery/settlement.service.js';
export { PeriodicService } from './periodic/periodic.service.js';
export { ComposeService, type ComposeInput } from './compose/compose.service.js';
export { standingFailure, insideWindow, holdReference } from './send-rules.js';
export { SendsRepository, type SendRow } from './sends.repository.js';
export * from './statuses.js';
export { OutboxService } from './outbox/outbox.service.js';
export { RECEIVER_EVENT_LISTENERS, type ReceiverEvent, type ReceiverEventListener } from './delivery/receiver-events.js';
export { SingleSendService, type SingleSendInput } from './compose/single-send.service.js';
export type { StoreOptions, GroupHook } from './compose/compose.service.js';
export { OutboxSearchRepository, type ReceiverSearch } from './outbox/outbox-search.repository.js';
export { ExcelRequestsRepository } from './outbox/excel-requests.repository.js';
export { OutboxExporter } from './outbox/outbox-export.worker.js';
// Occasion sends (occasions module): the Tehran/Jalali day arithmetic, the receiver set and the dynamic template.
export { toJalali, jalaliMonthLength, tehranDay, tehranTime } from './periodic/periodic-schedule.js';
export { RecipientSet } from './compose/recipient-set.js';
export { parseTemplate, compileTemplate, type TemplateContact } from './compose/dynamic-template.js';
