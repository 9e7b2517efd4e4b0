export { targetingModule } from './targeting.module.js';
export { NumberBankService } from './number-bank.service.js';
export { BANK_IMPORT_EVENT } from './number-bank.files.js';
export { SmartRequestsService, SMART_PROGRESS_EVENT } from './smart-requests.service.js';
export { RegionalSendService } from './regional-send.service.js';
