import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { afterCommit, UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import { conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { OutboundUrlGuard } from '../../platform/outbound/outbound-url-guard.js';
import { AuditService } from '../audit/index.js';
import { WebhooksRepository, type DeliveryRow, type DeliveryState, type WebhookRow, type WebhookStatus, type WebhookType } from './webhooks.repository.js';
import { newWebhookSecret } from './webhook-signature.js';
import { WebhookSignal } from './webhook-signal.js';
import type { InboundPayload } from './webhook-delivery.worker.js';

export const DEFAULT_TRY_COUNT = 5;
export const MAX_TRY_COUNT = 10;
/** An inbound webhook hands inbox messages out of the panel: only for someone who may read the inbox. */
const INBOX_CLAIM = 'SmsReports.Inbox';

export interface CreateWebhookInput {
  url: string;
  webhookType: WebhookType;
  tryCount?: number;
  encoding?: string;
  status?: WebhookStatus;
}

export interface UpdateWebhookInput {
  id: number;
  url?: string;
  tryCount?: number;
  encoding?: string;
  status?: WebhookStatus;
}

/** What a list or an audit row may show of a webhook: never the secret. */
export function publicWebhook(row: WebhookRow & { userName?: string }) {
  const { secret: _secret, ...rest } = row;
  return rest;
}

export function publicDelivery(row: DeliveryRow) {
  return row;
}


/**
 * A user's webhooks, managed like their API tokens: the owner, or an administrator (reseller,
 * super admin) of the owner's organization or above. The secret signs every delivery, so it is
 * kept readable by the server, but answered only by Create and RotateSecret.
 */
@injectable()
export class WebhooksService {
  constructor(
    @inject(WebhooksRepository) private readonly repo: WebhooksRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(WebhookSignal) private readonly signal: WebhookSignal,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(OutboundUrlGuard) private readonly outbound: OutboundUrlGuard,
  ) {}

  /**
   * The spec's rule (http or https, and a URL that parses) and the outbound guard's (no loopback,
   * private, link-local or metadata address in any notation, no site-only name). Whether it answers
   * is the user's concern: it is not fetched here; where a name points is checked at connect.
   */
  private async checkUrl(url: string): Promise<string> {
    const trimmed = url.trim();
    const refusal = await this.outbound.refusal(trimmed);
    if (refusal === 'scheme' || refusal === 'malformed') throw fieldError('url', 'developer.webhookUrlInvalid');
    if (refusal !== null) throw fieldError('url', 'developer.webhookUrlNotAllowed');
    return trimmed;
  }

  private ownerFilter(ctx: Actor): number | null {
    return ctx.principal.isAdmin || ctx.principal.scope === 'superAdmin' || ctx.principal.scope === 'reseller' ? null : ctx.principal.userId;
  }

  private async visible(ctx: Actor, id: number, tx?: Tx): Promise<WebhookRow> {
    const row = await this.repo.findVisible(ctx.tenant, this.ownerFilter(ctx), id, tx);
    if (!row) throw notFound('developer.webhookNotFound');
    return row;
  }

  async create(ctx: Actor, input: CreateWebhookInput) {
    if (input.webhookType === 'Inbound' && !ctx.principal.claims.has(INBOX_CLAIM)) throw forbidden();
    const url = await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    return this.uow.run(async (tx) => {
      const row = await this.repo.insert(tx, {
        userId: ctx.principal.userId,
        organizationId: ctx.principal.organizationId,
        url,
        webhookType: input.webhookType,
        tryCount: input.tryCount ?? DEFAULT_TRY_COUNT,
        encoding: input.encoding ?? 'utf-8',
        status: input.status ?? 'Active',
        secret,
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Webhook', referenceId: row.id, organizationId: row.organizationId, newData: publicWebhook(row) });
      return { ...publicWebhook(row), secret };
    });
  }

  async list(ctx: Actor) {
    const rows = await this.repo.list(ctx.tenant, this.ownerFilter(ctx));
    return { items: rows.map(publicWebhook), totalCount: rows.length };
  }

  async get(ctx: Actor, id: number) {
    return publicWebhook(await this.visible(ctx, id));
  }

  async update(ctx: Actor, input: UpdateWebhookInput) {
    const url = input.url === undefined ? undefined : await this.checkUrl(input.url);
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, input.id, tx);
      const patch: Partial<WebhookRow> = { updatedAt: this.clock.now() };
      if (url !== undefined) patch.url = url;
      if (input.tryCount !== undefined) patch.tryCount = input.tryCount;
      if (input.encoding !== undefined) patch.encoding = input.encoding;
      if (input.status !== undefined) patch.status = input.status;
      const updated = await this.repo.update(tx, row.id, patch);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Webhook', referenceId: row.id, organizationId: row.organizationId, oldData: publicWebhook(row), newData: publicWebhook(updated) });
      // Re-enabled: deliveries that waited while it was disabled are due now.
      if (row.status !== 'Active' && updated.status === 'Active') afterCommit(tx, () => this.signal.wake());
      return publicWebhook(updated);
    });
  }

  /** Gone with its deliveries (pending ones are never made). */
  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, id, tx);
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Webhook', referenceId: id, organizationId: row.organizationId, oldData: publicWebhook(row) });
      return { id };
    });
  }

  /** A new secret, shown once; deliveries signed from the next attempt on use it. */
  async rotateSecret(ctx: Actor, id: number) {
    const secret = newWebhookSecret();
    return this.uow.run(async (tx) => {
      const row = await this.visible(ctx, id, tx);
      const updated = await this.repo.update(tx, id, { secret, rotatedAt: this.clock.now() });
      await this.audit.record(tx, ctx, { operationType: 'Rotate', className: 'Webhook', referenceId: id, organizationId: row.organizationId, oldData: publicWebhook(row), newData: publicWebhook(updated) });
      return { ...publicWebhook(updated), secret };
    });
  }

  /** A delivery of type Test in the webhook's own form (a POST for status webhooks, a GET for inbound ones). */
  async test(ctx: Actor, id: number) {
    const row = await this.visible(ctx, id);
    if (row.status !== 'Active') throw conflict('developer.webhookDisabled');
    const at = this.clock.now().toISOString();
    const payload = row.webhookType === 'Inbound'
      ? ({ to: '10001000', from: '989120000000', text: 'Peyk webhook test', inboxId: 0, receivedAt: at } satisfies InboundPayload)
      : { events: [], test: true, at };
    const [delivery] = await this.uow.run(async (tx) => {
      const rows = await this.repo.insertDeliveries(tx, [{ webhookId: id, eventType: 'Test', payload }]);
      afterCommit(tx, () => this.signal.wake());
      return rows;
    });
    return publicDelivery(delivery);
  }

  async deliveries(ctx: Actor, q: { webhookId: number; pageIndex: number; pageSize: number; status?: DeliveryState }) {
    await this.visible(ctx, q.webhookId);
    const page = await this.repo.deliveries(q.webhookId, q.pageIndex, q.pageSize, q.status);
    return { items: page.items.map(publicDelivery), totalCount: page.totalCount };
  }

  /** A finished delivery (succeeded or failed) made again with a fresh set of tries; one still pending is refused. */
  async resendDelivery(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const d = await this.repo.findDelivery(id, tx);
      if (!d) throw notFound('developer.deliveryNotFound');
      await this.visible(ctx, d.webhookId, tx);
      if (d.status === 'pending') throw conflict('developer.deliveryPending');
      const updated = await this.repo.resend(tx, id);
      afterCommit(tx, () => this.signal.wake());
      return publicDelivery(updated);
    });
  }
}
