import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { CreditsService } from '../billing/index.js';
import { PrivateNumbersService, type SendType } from '../numbers/index.js';
import { OutboxService, SendsRepository, SingleSendService } from '../messaging/index.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { WebhooksRepository } from './webhooks.repository.js';

export interface V1SendInput {
  to: string;
  text: string;
  line: number;
  sendId?: string | null;
}

/**
 * The REST API v1 over the panel's own services: the actor is the token's user, so the claims,
 * tenancy, prices, holds and failure codes are the panel's, only the shapes are the API's.
 */
@injectable()
export class ApiV1Service {
  constructor(
    @inject(CreditsService) private readonly credits: CreditsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(SingleSendService) private readonly single: SingleSendService,
    @inject(OutboxService) private readonly outbox: OutboxService,
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(WebhooksRepository) private readonly webhooks: WebhooksRepository,
  ) {}

  /**
   * What the token can spend now, and no more: the organization's spendable credit and, when the
   * user has an allowance inside it, that allowance. Ledger details (entries, other users) stay
   * behind the panel's Financial claims.
   */
  async credit(ctx: Actor) {
    const c = await this.credits.myCredit(ctx);
    const org = c.organization as { organizationId: number; credit: string; isPostpaid: boolean; creditLimit: string };
    return {
      organizationId: org.organizationId,
      credit: org.credit,
      isPostpaid: org.isPostpaid,
      creditLimit: org.creditLimit,
      userAllowance: c.user.hasAllowance ? c.user.credit : null,
    };
  }

  lines(ctx: Actor, sendType: SendType) {
    return this.numbers.myNumbers(ctx, sendType);
  }

  /** One message through the panel's fast send: same checks, price, hold and `sendId` idempotency. */
  async send(ctx: Actor, token: ApiTokenRow, input: V1SendInput) {
    if (!token.isCanSend) throw forbidden('developer.tokenCannotSend');
    if (!ctx.principal.claims.has('Sending.Single')) throw forbidden();
    try {
      // Marked an API send in its own transaction: status webhooks apply to these sends only (spec).
      return await this.single.send(ctx, { line: input.line, to: input.to, text: input.text, sendId: input.sendId }, {
        inTransaction: (tx, send) => this.webhooks.markApiSend(tx, { sendId: send.id, userId: ctx.principal.userId, clientSendId: send.clientSendId ?? null }),
      });
    } catch (err) {
      throw renamed(err);
    }
  }

  async message(ctx: Actor, id: number) {
    const send = await this.outbox.get(ctx, id);
    const receivers = await this.outbox.recipients(ctx, { id, pageIndex: 0, pageSize: 1 });
    return { ...send, receiver: receivers.items[0] ?? null };
  }

  async messageBySendId(ctx: Actor, sendId: string) {
    const row = await this.sends.findByClientSendId(undefined, ctx.principal.userId, sendId);
    if (!row) throw notFound('developer.sendNotFound');
    return this.message(ctx, row.id);
  }
}

/** The panel's field names in a failure, as the v1 body names them; the code and message stay the panel's. */
const V1_FIELDS: Record<string, string> = { senderNumberId: 'line', receivers: 'to', smsBody: 'text', sendId: 'sendId' };

function renamed(err: unknown): unknown {
  if (!(err instanceof AppError) || err.validationErrors.length === 0) return err;
  const issues = err.validationErrors.map((v) => ({ ...v, propertyName: V1_FIELDS[v.propertyName] ?? v.propertyName }));
  return new AppError(err.status, err.key, err.params, issues, err.data);
}
