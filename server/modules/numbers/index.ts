export { numbersModule } from './numbers.module.js';
export { LinesService, type SendLine, type AgentForSend, type ResolveInput, type LimitInput, type InboundLine } from './lines.service.js';
export { API_SEND_FLAGS, SEND_TYPES, type ApiSendFlag, type SendType, tehranPeriods } from './line-fields.js';
export { AgentHealthService, republishSeconds, type AgentHealthPush, type AgentHealthAnswer } from './agent-health.service.js';
export { PrivateNumbersService } from './private-numbers.service.js';
export { SenderAgentsService, type BtsAgent } from './sender-agents.service.js';
