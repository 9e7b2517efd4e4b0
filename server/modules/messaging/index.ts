export { messagingModule } from './messaging.module.js';
export { Dispatcher, BATCH_SIZE, type BatchJob } from './dispatch.worker.js';
export { SettlementService } from './settlement.service.js';
export { PeriodicService } from './periodic.service.js';
export { ComposeService, type ComposeInput } from './compose.service.js';
export { standingFailure, insideWindow, holdReference } from './send-rules.js';
export { SendsRepository, type SendRow } from './sends.repository.js';
export * from './statuses.js';
