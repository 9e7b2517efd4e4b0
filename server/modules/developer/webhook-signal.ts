import { injectable } from 'inversify';
import { WakeSignal } from '../../platform/workers/wake-signal.js';

/**
 * In-process wake-up of the delivery worker: new deliveries committed, an inbound message stored.
 * Only a hint: the worker also polls, so a wake-up lost (another process inserted) costs a delay.
 */
@injectable()
export class WebhookSignal extends WakeSignal {}
