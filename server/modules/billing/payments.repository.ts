import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { str } from './money.js';

export type TypePayment = 'Cash' | 'Cheque' | 'Card' | 'Account' | 'OnLine';
export type TypePaymentStatus = 'Confirmed' | 'Rejected' | 'Checking' | 'Lending' | 'WatingForPay';

export interface PaymentRow {
  id: number;
  organizationId: number;
  receiverOrganizationId: number | null;
  typePayment: TypePayment;
  typeStatus: TypePaymentStatus;
  amount: string;
  [field: string]: unknown;
}

export interface PaymentListFilter {
  pageIndex: number;
  pageSize: number;
  organizationId?: number;
  typePayment?: TypePayment;
  typeStatus?: TypePaymentStatus;
}

export function publicPayment(r: Record<string, any>): Record<string, unknown> {
  return { ...r, amount: str(r.amount), chequeAmount: r.typePayment === 'Cheque' ? str(r.amount) : null };
}

@injectable()
export class PaymentsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, values: Record<string, unknown>): Promise<PaymentRow> {
    const [row] = await tx('payments').insert(values).returning('*');
    return row as PaymentRow;
  }

  async findVisible(tenant: Tenant, id: number, tx?: Tx): Promise<PaymentRow | null> {
    const db = tx ?? this.knex;
    const q = db('payments as p').where('p.id', id);
    whereOrganizationVisible(q, db, 'p.organizationId', tenant);
    const row = await q.first('p.*');
    return (row as PaymentRow | undefined) ?? null;
  }

  async findById(tx: Tx, id: number): Promise<PaymentRow | null> {
    const row = await tx('payments').where({ id }).first();
    return (row as PaymentRow | undefined) ?? null;
  }

  /** Moves a payment out of Checking; null when it was not Checking any more (a repeat or a race lost). */
  async decide(tx: Tx, id: number, values: Record<string, unknown>): Promise<PaymentRow | null> {
    const rows = await tx('payments').where({ id, typeStatus: 'Checking' }).update({ ...values, decidedAt: tx.fn.now() }).returning('*');
    return (rows[0] as PaymentRow | undefined) ?? null;
  }

  /**
   * Online payments still WatingForPay that were created at or before `cutoff` become Rejected
   * with `reason`; one conditional statement, so a payment a callback holds is judged after it.
   */
  async expireWaitingOnline(cutoff: Date, reason: string, decidedAt: Date, tx?: Tx): Promise<number[]> {
    const db = tx ?? this.knex;
    const q = db('payments').where({ typePayment: 'OnLine', typeStatus: 'WatingForPay' }).where('createdAt', '<=', cutoff);
    const rows = await q.update({ typeStatus: 'Rejected', rejectionDescription: reason, decidedAt }).returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  // ---- online payments --------------------------------------------------------------------

  async setAuthority(tx: Tx, id: number, authority: string): Promise<PaymentRow> {
    const [row] = await tx('payments').where({ id }).update({ authority }).returning('*');
    return row as PaymentRow;
  }

  async findOnlineByAuthority(authority: string): Promise<PaymentRow | undefined> {
    return (await this.knex('payments').where({ authority, typePayment: 'OnLine' }).first()) as PaymentRow | undefined;
  }

  /** The online payment of `authority`, locked: concurrent callbacks of one payment run one after the other. */
  async lockOnlineByAuthority(tx: Tx, authority: string): Promise<PaymentRow | undefined> {
    return (await tx('payments').where({ authority, typePayment: 'OnLine' }).forUpdate().first()) as PaymentRow | undefined;
  }

  /** WatingForPay → Rejected; `decidedAt` defaults to the database's now(). */
  async rejectWaiting(tx: Tx, id: number, rejectionDescription: string, decidedAt?: Date): Promise<void> {
    await tx('payments').where({ id, typeStatus: 'WatingForPay' }).update({ typeStatus: 'Rejected', rejectionDescription, decidedAt: decidedAt ?? tx.fn.now() });
  }

  /** WatingForPay → Confirmed in one conditional statement; null when another callback confirmed it first. */
  async confirmWaiting(tx: Tx, id: number, gatewayReferenceId: string | null): Promise<PaymentRow | null> {
    const rows = await tx('payments').where({ id, typeStatus: 'WatingForPay' })
      .update({ typeStatus: 'Confirmed', gatewayReferenceId, verifiedAt: tx.fn.now(), decidedAt: tx.fn.now() }).returning('*');
    return (rows[0] as PaymentRow | undefined) ?? null;
  }

  async list(tenant: Tenant, filter: PaymentListFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('payments as p');
    whereOrganizationVisible(q, this.knex, 'p.organizationId', tenant);
    if (filter.organizationId) q.where('p.organizationId', filter.organizationId);
    if (filter.typePayment) q.where('p.typePayment', filter.typePayment);
    if (filter.typeStatus) q.where('p.typeStatus', filter.typeStatus);
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await q
      .leftJoin('organizations as payer', 'payer.id', 'p.organizationId')
      .leftJoin('organizations as receiver', 'receiver.id', 'p.receiverOrganizationId')
      .select('p.*', 'payer.name as payerOrganizationName', 'receiver.name as receiverOrganizationName')
      .orderBy('p.id', 'desc')
      .limit(filter.pageSize)
      .offset(filter.pageIndex * filter.pageSize);
    return { items: rows.map(publicPayment), totalCount: Number(n) };
  }
}
