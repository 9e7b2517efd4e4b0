export { messagingModule } from './messaging.module.js';
export { Dispatcher, BATCH_SIZE, type BatchJob } from './dispatch/dispatch.worker.js';
export { SettlementService } from './delivery/settlement.service.js';
export { PeriodicService } from './periodic/periodic.service.js';
export { ComposeService, type ComposeInput } from './compose/compose.service.js';
export { standingFailure, insideWindow, holdReference } from './send-rules.js';
export { SendsRepository, type SendRow } from './sends.repository.js';
export * from './statuses.js';
export { OutboxService } from './outbox/outbox.service.js';
