import { inject, injectable } from 'inversify';
import type { InboundListener } from '../../inbound/index.js';
import { SmppSignal } from './smpp-signal.js';

/**
 * New inbound messages in this process wake the SMPP server's inbound feed (a hint; it polls too).
 * Through the signal, not the server: the server reads the inbox, whose service holds this listener.
 */
@injectable()
export class SmppInboundListener implements InboundListener {
  constructor(@inject(SmppSignal) private readonly signal: SmppSignal) {}

  onInbound(): void {
    this.signal.inboundStored();
  }
}
