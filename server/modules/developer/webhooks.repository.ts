import { shownReceiver } from '../../shared/sms/masked-numbers.js';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';

export const WEBHOOK_TYPES = ['DeliveryStatus', 'Inbound'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
export const WEBHOOK_STATUSES = ['Active', 'Disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const WEBHOOK_ENCODINGS = ['utf-8'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATUSES)[number];
/** What a delivery carries: reports of API sends, one inbound message, or a test the owner asked for. */
export type DeliveryEventType = 'DeliveryStatus' | 'Inbound' | 'Test';

export interface WebhookRow {
  id: number;
  userId: number;
  organizationId: number;
  url: string;
  webhookType: WebhookType;
  tryCount: number;
  encoding: string;
  status: WebhookStatus;
  secret: string;
  createdAt: Date;
  updatedAt: Date | null;
  rotatedAt: Date | null;
}

export type NewWebhook = Pick<WebhookRow, 'userId' | 'organizationId' | 'url' | 'webhookType' | 'tryCount' | 'encoding' | 'status' | 'secret'>;

export interface DeliveryRow {
  id: number;
  webhookId: number;
  eventType: DeliveryEventType;
  inboxId: number | null;
  payload: unknown;
  status: DeliveryState;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface NewDelivery {
  webhookId: number;
  eventType: DeliveryEventType;
  inboxId?: number | null;
  payload: unknown;
}

/** A claimed delivery with what sending it needs of its webhook. */
export interface ClaimedDelivery extends DeliveryRow {
  url: string;
  secret: string;
  tryCount: number;
  webhookType: WebhookType;
}

/** An active inbound webhook and which lines its owner may read (null: every line of the organization). */
export interface InboundTarget {
  id: number;
  organizationId: number;
  createdAt: Date;
  lineIds: Set<number> | null;
}

export interface StatusTarget {
  sendId: number;
  webhookId: number;
  clientSendId: string | null;
}

const normalizeDelivery = <T extends DeliveryRow>(r: T): T => ({ ...r, id: Number(r.id), inboxId: r.inboxId === null ? null : Number(r.inboxId) });

/** Webhooks, their deliveries, the API-send marks and the inbound cursor. */
@injectable()
export class WebhooksRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: NewWebhook): Promise<WebhookRow> {
    const [created] = await tx('webhooks').insert(row).returning('*');
    return created as WebhookRow;
  }

  /** Webhooks visible to the caller: the tenant's slice, and only the caller's own unless `ownerId` is null. */
  async list(tenant: Tenant, ownerId: number | null): Promise<(WebhookRow & { userName: string; pendingCount: number; failedCount: number })[]> {
    const q = this.knex('webhooks as w').join('users as u', 'u.id', 'w.userId')
      .select('w.*', 'u.userName as userName',
        this.knex.raw(`(select count(*)::int from webhook_deliveries d where d."webhookId" = w.id and d.status = 'pending') as "pendingCount"`),
        this.knex.raw(`(select count(*)::int from webhook_deliveries d where d."webhookId" = w.id and d.status = 'failed') as "failedCount"`))
      .orderBy('w.id', 'desc');
    whereOrganizationVisible(q, this.knex, 'w.organizationId', tenant);
    if (ownerId !== null) q.where('w.userId', ownerId);
    return q;
  }

  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx?: Tx): Promise<WebhookRow | null> {
    const db = tx ?? this.knex;
    const q = db('webhooks as w').select('w.*').where('w.id', id);
    if (tx) q.forUpdate();
    whereOrganizationVisible(q, db, 'w.organizationId', tenant);
    if (ownerId !== null) q.where('w.userId', ownerId);
    return ((await q.first()) as WebhookRow | undefined) ?? null;
  }

  async update(tx: Tx, id: number, patch: Partial<WebhookRow>): Promise<WebhookRow> {
    const [row] = await tx('webhooks').where({ id }).update(patch).returning('*');
    return row as WebhookRow;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('webhooks').where({ id }).delete();
  }

  async insertDeliveries(tx: Tx, rows: NewDelivery[]): Promise<DeliveryRow[]> {
    if (rows.length === 0) return [];
    const values = rows.map((r) => ({ webhookId: r.webhookId, eventType: r.eventType, inboxId: r.inboxId ?? null, payload: JSON.stringify(r.payload) }));
    // Inbound rows are read again by the cursor sweep until they are old enough: a repeat is no new delivery.
    const inserted = await tx('webhook_deliveries').insert(values).onConflict(tx.raw('("webhookId", "inboxId") where "inboxId" is not null')).ignore().returning('*');
    return (inserted as DeliveryRow[]).map(normalizeDelivery);
  }

  async deliveries(webhookId: number, pageIndex: number, pageSize: number, status?: DeliveryState): Promise<Page<DeliveryRow>> {
    const base = this.knex('webhook_deliveries').where({ webhookId });
    if (status) base.where({ status });
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const items = await base.clone().select('*').orderBy('id', 'desc').offset(pageIndex * pageSize).limit(pageSize);
    return { items: (items as DeliveryRow[]).map(normalizeDelivery), totalCount: Number(count) };
  }

  async findDelivery(id: number, tx: Tx): Promise<DeliveryRow | null> {
    const row = await tx('webhook_deliveries').where({ id }).forUpdate().first();
    return row ? normalizeDelivery(row as DeliveryRow) : null;
  }

  /** Due again now, with a fresh set of tries (a finished row only: one being delivered is left alone). */
  async resend(tx: Tx, id: number): Promise<DeliveryRow> {
    const [row] = await tx('webhook_deliveries').where({ id }).update({ status: 'pending', attempts: 0, nextAttemptAt: tx.raw('clock_timestamp()'), completedAt: null }).returning('*');
    return normalizeDelivery(row as DeliveryRow);
  }

  /**
   * Takes up to `limit` due deliveries of active webhooks. Taking one counts the attempt and moves
   * `nextAttemptAt` past the attempt's lease: a worker that dies mid-request leaves the row pending,
   * and it is due again when the lease runs out. `attempts` is the fence of the finishing update.
   * `skip locked`: two workers never take the same row (on PGlite, with one connection, it is moot).
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const res = await this.knex.raw(
      `with due as materialized (
         select d.id from webhook_deliveries d
          where d.status = 'pending' and d."nextAttemptAt" <= clock_timestamp()
            and exists (select 1 from webhooks w where w.id = d."webhookId" and w.status = 'Active')
          order by d."nextAttemptAt", d.id
          limit ?
          for update of d skip locked
       )
       update webhook_deliveries d
          set attempts = d.attempts + 1, "nextAttemptAt" = clock_timestamp() + ? * interval '1 millisecond', "lastAttemptAt" = clock_timestamp()
         from due, webhooks w
        where d.id = due.id and w.id = d."webhookId"
       returning d.*, w.url, w.secret, w."tryCount", w."webhookType"`,
      [limit, leaseMs],
    );
    return (res.rows as ClaimedDelivery[]).map(normalizeDelivery);
  }

  /**
   * The outcome of one attempt, only if the row is still the one this worker claimed (same attempt
   * count, still pending): a resend or a worker that took over after the lease wins.
   */
  async finishAttempt(id: number, attempt: number, outcome: { status: DeliveryState; retryInMs: number | null; error: string | null; statusCode: number | null; durationMs: number }): Promise<boolean> {
    const done = outcome.status !== 'pending';
    const n = await this.knex('webhook_deliveries').where({ id, attempts: attempt, status: 'pending' }).update({
      status: outcome.status,
      // A success keeps the error of the attempt before it: the list shows why it took more than one.
      ...(outcome.error === null ? {} : { lastError: outcome.error }),
      lastStatusCode: outcome.statusCode,
      lastDurationMs: outcome.durationMs,
      nextAttemptAt: outcome.retryInMs === null ? this.knex.raw('clock_timestamp()') : this.knex.raw(`clock_timestamp() + ? * interval '1 millisecond'`, [outcome.retryInMs]),
      completedAt: done ? this.knex.raw('clock_timestamp()') : null,
    });
    return affectedRows(n) > 0;
  }

  async markApiSends(tx: Tx, rows: { sendId: number; userId: number; clientSendId: string | null }[]): Promise<void> {
    if (rows.length === 0) return;
    await tx('api_sends').insert(rows).onConflict('sendId').ignore();
  }

  /**
   * The report path's one lookup per batch: of these sends, those made through the API whose user
   * has an active status webhook (by primary key of api_sends; nothing else is read for other sends).
   */
  async statusTargets(tx: Tx, sendIds: number[]): Promise<StatusTarget[]> {
    const res = await tx.raw(
      `select a."sendId", a."clientSendId", w.id as "webhookId"
         from api_sends a join webhooks w on w."userId" = a."userId" and w."webhookType" = 'DeliveryStatus' and w.status = 'Active'
        where a."sendId" = any(?::bigint[])`,
      [`{${sendIds.join(',')}}`],
    );
    return (res.rows as { sendId: string | number; clientSendId: string | null; webhookId: number }[])
      .map((r) => ({ sendId: Number(r.sendId), webhookId: r.webhookId, clientSendId: r.clientSendId }));
  }

  /** The receivers' numbers of these (sendId, seq) pairs (messaging's table, read only for API sends with a webhook). */
  async receiverNumbers(tx: Tx, pairs: { sendId: number; seq: number }[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (pairs.length === 0) return out;
    const res = await tx.raw(
      `select r."sendId", r.seq, r."toNumber", s."isHiddenReceivers" from send_recipients r
         join unnest(?::bigint[], ?::int[]) as x(sid, seq) on r."sendId" = x.sid and r.seq = x.seq
         join sends s on s.id = r."sendId"`,
      [`{${pairs.map((p) => p.sendId).join(',')}}`, `{${pairs.map((p) => p.seq).join(',')}}`],
    );
    // A regional send's receivers are masked in every body the customer receives (only API sends have webhooks today; kept safe regardless).
    for (const r of res.rows as { sendId: string | number; seq: number; toNumber: string; isHiddenReceivers: boolean }[]) out.set(`${Number(r.sendId)}:${r.seq}`, shownReceiver(r, r.isHiddenReceivers).toNumber);
    return out;
  }

  /**
   * Active inbound webhooks with the lines their owner may read: every line of the webhook's
   * organization for an administrator, otherwise the lines assigned to the owner with
   * canSeeReceivedSms (the inbox's own rule for plain users).
   */
  async inboundTargets(): Promise<InboundTarget[]> {
    const hooks = await this.knex('webhooks as w').join('users as u', 'u.id', 'w.userId')
      .where({ 'w.webhookType': 'Inbound', 'w.status': 'Active' }).whereNull('u.deletedAt')
      .select('w.id', 'w.organizationId', 'w.createdAt', 'w.userId', 'u.isAdmin') as { id: number; organizationId: number; createdAt: Date; userId: number; isAdmin: boolean }[];
    const plainUsers = [...new Set(hooks.filter((h) => !h.isAdmin).map((h) => h.userId))];
    const lines = new Map<number, Set<number>>();
    if (plainUsers.length > 0) {
      const rows = await this.knex('private_number_assignments').whereIn('userId', plainUsers).where({ canSeeReceivedSms: true }).select('userId', 'privateNumberId');
      for (const r of rows as { userId: number; privateNumberId: number }[]) {
        const set = lines.get(r.userId) ?? new Set<number>();
        set.add(Number(r.privateNumberId));
        lines.set(r.userId, set);
      }
    }
    return hooks.map((h) => ({ id: h.id, organizationId: h.organizationId, createdAt: new Date(h.createdAt), lineIds: h.isAdmin ? null : lines.get(h.userId) ?? new Set() }));
  }

  async cursor(consumer: string): Promise<number> {
    const row = await this.knex('webhook_cursors').where({ consumer }).first('lastId');
    return row ? Number(row.lastId) : 0;
  }

  /** Never backwards: two sweeps racing (two worker processes) both end at the furthest point. */
  async advanceCursor(tx: Tx, consumer: string, lastId: number): Promise<void> {
    await tx.raw(
      `insert into webhook_cursors (consumer, "lastId", "updatedAt") values (?, ?, clock_timestamp())
       on conflict (consumer) do update set "lastId" = greatest(webhook_cursors."lastId", excluded."lastId"), "updatedAt" = excluded."updatedAt"`,
      [consumer, lastId],
    );
  }

  /** The database's clock: the inbox rows' `createdAt` are the database's too. */
  async dbNow(): Promise<Date> {
    const res = await this.knex.raw('select clock_timestamp() as now');
    return new Date((res.rows as { now: Date }[])[0].now);
  }
}
