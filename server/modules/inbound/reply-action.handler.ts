import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import { AppError } from '../../platform/http/errors.js';
import type { Translator } from '../../platform/i18n.js';
import { ActorFactory } from '../identity/index.js';
import { ComposeService, SingleSendService } from '../messaging/index.js';
import type { InboundActionHandler, InboundActionOutcome, InboundActionRow } from './inbound-contracts.js';

/** The payload of a `reply` action: one text from a line to one number, as the given user. */
export interface ReplyPayload {
  userId: number;
  organizationId: number;
  privateNumberId: number;
  to: string;
  text: string;
  /** UTC instant: a delayed reply is a scheduled send that waits in the outbox like any other. */
  sendDateTime?: string | null;
  /** Shown on the send (the outbox's description): which parser, poll or list answered. */
  description?: string | null;
}

export const REPLY_ACTION = 'reply';

/**
 * Every automatic answer to an inbound message (parsers, polls, the safe-list, forwarding to a
 * mobile) is a priced send through messaging's one compose entry, as the user who owns the rule:
 * the same line flags, credit, blacklist and opt-outs as their own panel send. The action's id is
 * the send's idempotency key, so a repeat after a crash answers the first send and sends nothing.
 */
@injectable()
export class ReplyActionHandler implements InboundActionHandler {
  readonly kind = REPLY_ACTION;

  constructor(
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(SingleSendService) private readonly single: SingleSendService,
    @inject(TYPES.Translator) private readonly translator: Translator,
  ) {}

  async run(action: InboundActionRow): Promise<InboundActionOutcome> {
    const p = action.payload as unknown as ReplyPayload;
    const built = await this.actors.forUser(p.userId, p.organizationId, 'system', { requestId: `inbound-action:${action.id}`, userAgent: 'inbound-actions' });
    if ('missing' in built) return { done: false, permanent: true, error: built.missing === 'user' ? 'the rule\'s user is gone' : 'the rule\'s organization is out of reach' };
    const sendId = `inbound-action:${action.id}`;
    try {
      // A reply now takes the single-send path (the API's and the SMPP server's): the same judging
      // and pricing, stored with the other answers of the moment in one transaction, so a burst of
      // answers costs a few statements each instead of a transaction each. A delayed reply is a
      // scheduled send, which only the full compose entry makes.
      const send = p.sendDateTime
        ? await this.compose.create(built.actor, {
          senderNumberId: p.privateNumberId,
          smsBody: p.text,
          sendType: 'Single',
          sources: [{ kind: 'manual', numbers: [p.to] }],
          sendId,
          description: p.description ?? null,
          sendDateTime: p.sendDateTime,
          sendDirect: false,
        })
        : await this.single.send(built.actor, { line: p.privateNumberId, to: p.to, text: p.text, sendId, description: p.description ?? null });
      return { done: true, result: { scheduledMessageId: Number((send as Record<string, unknown>).id), repeated: send.repeated } };
    } catch (err) {
      // A refusal (no credit, line not allowed, number blacklisted or opted out) is the same on a
      // retry: recorded in the reader's words and not tried again.
      if (err instanceof AppError && err.status < 500) {
        const failureCode = (err.data as { failureCode?: string } | undefined)?.failureCode;
        return { done: false, permanent: true, error: `${failureCode ? `${failureCode}: ` : ''}${this.translator.t('en-US', err.key, err.params)}` };
      }
      throw err;
    }
  }
}
