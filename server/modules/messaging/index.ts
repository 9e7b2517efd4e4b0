export { messagingModule } from './messaging.module.js';
export { DueSendsScheduler } from './dispatch/due-sends.worker.js';
// The scheduler's load of a send held from its pick's counts (benchmarks time it apart from the request).
export { SelectionLoader } from './dispatch/selection-loader.service.js';
export { BATCH_SIZE, type BatchJob } from './dispatch/dispatch-queues.service.js';
export { SettlementService } from './delivery/settlement.service.js';
export { PeriodicService } from './periodic/periodic.service.js';
export { ComposeService, type ComposeInput } from './compose/compose.service.js';
export { standingFailure, insideWindow, holdReference } from './send-rules.js';
export { SendsRepository, type SendRow } from './sends.repository.js';
export * from './statuses.js';
export { OutboxService } from './outbox/outbox.service.js';
export { RECEIVER_EVENT_LISTENERS, type ReceiverEvent, type ReceiverEventListener } from './receiver-events.js';
export { SingleSendService, type SingleSendInput } from './compose/single-send.service.js';
export type { StoreOptions, GroupHook } from './compose/compose.service.js';
export { OutboxSearchRepository, type ReceiverSearch } from './outbox/outbox-search.repository.js';
export { ExcelRequestsRepository } from './outbox/excel-requests.repository.js';
export { ExcelRequestsService } from './outbox/excel-requests.service.js';
export { exportDataStatusOf } from './outbox/export-data-status.js';
export { OutboxExporter } from './outbox/outbox-export.worker.js';
// The Tehran/Jalali day arithmetic lives in server/shared/dates; kept here for callers that still name messaging.
export { toJalali, jalaliMonthLength } from '../../shared/dates/jalali.js';
export { tehranDay, tehranTime } from '../../shared/dates/tehran-days.js';
export { RecipientSet } from './compose/recipient-set.js';
export { parseTemplate, compileTemplate, type TemplateContact } from './compose/dynamic-template.js';
// The recipient-source extension point: another module binds a provider under RECIPIENT_SOURCES in its register (messaging CONTEXT.md).
export { RECIPIENT_SOURCES, type RecipientSource, type RecipientSourceInput, type RecipientSourceInputs, type RecipientSourceContext, type GatheredRecipients, type RecipientSelection, type SqlSelect } from './compose/recipient-source-contract.js';
// Short links in sends (issue 28): engage binds the shortener; compose plans and saves through it.
export { LINK_SHORTENER, type LinkShortener, type LinkPlan, type ShortLinkMode } from './compose/link-shortener.js';
