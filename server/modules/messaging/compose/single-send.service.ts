import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import { ComposeService, type StoreOptions } from './compose.service.js';

/** One message to one number: the REST API's and the SMPP server's send, and the panel's fast send. */
export interface SingleSendInput {
  /** The line (private number id) the message goes out from. */
  line: number;
  to: string;
  text: string;
  /** The client's idempotency key (per user): a repeat answers the first send and sends nothing. */
  sendId?: string | null;
  isFlash?: boolean;
}

/**
 * The one entry of single sends. Same checks, price, hold, limits and failure codes as any send;
 * `options.inTransaction` lets a caller store its own row (an SMPP message id) in the send's
 * transaction.
 */
@injectable()
export class SingleSendService {
  constructor(@inject(ComposeService) private readonly compose: ComposeService) {}

  send(ctx: Actor, input: SingleSendInput, options: StoreOptions = {}) {
    return this.compose.create(ctx, {
      senderNumberId: input.line, smsBody: input.text, sendType: 'Single', sendId: input.sendId ?? null, isFlashSms: input.isFlash === true,
      sources: [{ kind: 'manual', numbers: [input.to] }],
    }, options);
  }
}
