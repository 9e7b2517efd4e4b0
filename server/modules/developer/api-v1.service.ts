import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/actor.js';
import { TYPES } from '../../platform/tokens.js';
import type { Translator } from '../../platform/i18n.js';
import { AppError, appErrorBody, forbidden, notFound } from '../../platform/http/errors.js';
import { CreditsService } from '../billing/index.js';
import { PrivateNumbersService, type SendType } from '../numbers/index.js';
import { ComposeService, OutboxService, SingleSendService, type GroupHook, type ShortLinkMode } from '../messaging/index.js';
import { InboxService } from '../inbound/index.js';
import type { SendPriority } from '../../shared/sends/send-priorities.js';
import type { ApiTokenRow } from './api-tokens.repository.js';
import { WebhooksRepository } from './webhooks.repository.js';

export interface V1SendInput {
  to: string;
  text: string;
  line: number;
  sendId?: string | null;
  /** Issue 28: the text's links as written, one short link per send, or personal per receiver. */
  shortLinkMode?: ShortLinkMode;
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
    @inject(WebhooksRepository) private readonly webhooks: WebhooksRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(InboxService) private readonly inbox: InboxService,
    @inject(TYPES.Translator) private readonly translator: Translator,
  ) {}

  /** Marks sends as made through the API in their own transaction (one statement per group): status webhooks apply to these only (spec). */
  private readonly apiSends: GroupHook = {
    key: 'developer.api-sends',
    run: (tx, sends) => this.webhooks.markApiSends(tx, sends.map((s) => ({ sendId: s.id, userId: s.userId, clientSendId: s.clientSendId ?? null }))),
  };

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

  /**
   * One message through the panel's fast send: same checks, price, hold and `sendId` idempotency.
   * SendType Api (issue 30 part 3): the line needs `isSendApiSingle`, or for an OTP (`otp` given by
   * `OtpFormatsService.send`) `isSendOtp`, whose format's priority the send then carries.
   */
  async send(ctx: Actor, token: ApiTokenRow, input: V1SendInput, otp?: { priority: SendPriority }) {
    if (!token.isCanSend) throw forbidden('developer.tokenCannotSend');
    if (!ctx.principal.claims.has('Sending.Single')) throw forbidden();
    try {
      // Marked an API send in its own transaction: status webhooks apply to these sends only (spec).
      return await this.single.send(ctx, {
        line: input.line, to: input.to, text: input.text, sendId: input.sendId, shortLinks: input.shortLinkMode,
        sendType: 'Api', apiFlag: otp ? 'isSendOtp' : 'isSendApiSingle', ...(otp ? { priority: otp.priority } : {}),
      }, { groupHook: this.apiSends });
    } catch (err) {
      throw renamed(err);
    }
  }

  /**
   * One text to many numbers: the panel's bulk path (claim Sending.Bulk), `sendId` idempotent; a
   * send of type Api whose line needs `isSendApiP2P` (the API's many-receiver flag).
   */
  async sendMany(ctx: Actor, token: ApiTokenRow, input: { to: string[]; text: string; line: number; sendId?: string | null; shortLinkMode?: ShortLinkMode }) {
    if (!token.isCanSend) throw forbidden('developer.tokenCannotSend');
    if (!ctx.principal.claims.has('Sending.Bulk')) throw forbidden();
    try {
      return await this.compose.create(ctx, {
        senderNumberId: input.line, smsBody: input.text, sendType: 'Api', apiFlag: 'isSendApiP2P', sendId: input.sendId ?? null,
        sources: [{ kind: 'text', text: input.to.join('\n') }], shortLinks: input.shortLinkMode,
      }, { groupHook: this.apiSends });
    } catch (err) {
      throw renamed(err);
    }
  }

  /**
   * A text per number (P2P). Each pair is a single send of its own through the grouped path, so
   * the pairs of one call share a few transactions; each is answered on its own (one refused pair
   * does not stop the others). With `sendId`, pair i is keyed `${sendId}:${i}`: a repeated call
   * answers the first call's sends and sends nothing. Each is an Api send whose line needs
   * `isSendApiP2P` (number-and-text pairs, the line form's own words for the flag).
   */
  async sendPairs(ctx: Actor, token: ApiTokenRow, input: { messages: { to: string; text: string }[]; line: number; sendId?: string | null }) {
    if (!token.isCanSend) throw forbidden('developer.tokenCannotSend');
    if (!ctx.principal.claims.has('Sending.Single')) throw forbidden();
    const results = await Promise.all(input.messages.map(async (m, index) => {
      try {
        const sent = await this.single.send(ctx, {
          line: input.line, to: m.to, text: m.text, sendId: input.sendId ? `${input.sendId}:${index}` : null, sendType: 'Api', apiFlag: 'isSendApiP2P',
        }, { groupHook: this.apiSends });
        return { index, isSucceed: true, send: sent };
      } catch (err) {
        const e = renamed(err);
        if (!(e instanceof AppError)) throw e;
        // The envelope's failure shape per pair, in the caller's language.
        const { message, validationErrors } = appErrorBody((c, k, p) => this.translator.t(c, k, p), ctx.culture, e);
        return { index, isSucceed: false, status: e.status, message, failureCode: (e.data as { failureCode?: string } | undefined)?.failureCode ?? null, validationErrors };
      }
    }));
    return { items: results, sentCount: results.filter((r) => r.isSucceed).length, failedCount: results.filter((r) => !r.isSucceed).length };
  }

  /** The receivers of a send with their delivery statuses (the outbox's recipients view). */
  receivers(ctx: Actor, id: number, q: { pageIndex: number; pageSize: number; deliveryStatus?: string }) {
    return this.outbox.recipients(ctx, { id, ...q });
  }

  /** Inbound messages the token's user may read, after a cursor (see InboxService.since). */
  inbound(ctx: Actor, after: number, limit: number) {
    return this.inbox.since(ctx, after, limit);
  }

  async message(ctx: Actor, id: number) {
    const send = await this.outbox.get(ctx, id);
    const receivers = await this.outbox.recipients(ctx, { id, pageIndex: 0, pageSize: 1 });
    return { ...send, receiver: receivers.items[0] ?? null };
  }

  async messageBySendId(ctx: Actor, sendId: string) {
    const id = await this.outbox.idOfClientSendId(ctx, sendId);
    if (id === null) throw notFound('developer.sendNotFound');
    return this.message(ctx, id);
  }
}

/** The panel's field names in a failure, as the v1 body names them; the code and message stay the panel's. */
const V1_FIELDS: Record<string, string> = { senderNumberId: 'line', receivers: 'to', smsBody: 'text', sendId: 'sendId', shortLinkMode: 'shortLinkMode' };

function renamed(err: unknown): unknown {
  if (!(err instanceof AppError) || err.validationErrors.length === 0) return err;
  const issues = err.validationErrors.map((v) => ({ ...v, propertyName: V1_FIELDS[v.propertyName] ?? v.propertyName }));
  return new AppError(err.status, err.key, err.params, issues, err.data);
}
