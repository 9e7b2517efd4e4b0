import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { affectedRows } from '../../platform/db.js';

export interface NumberPriceRow {
  id: number;
  organizationId: number;
  isRound: boolean;
  numberOfDigits: number;
  reservationPeriod: number;
  numberPrice: string;
  createdAt: Date;
  updatedAt: Date;
}

export type BuyStage = 'Reserved' | 'Registered' | 'Assigned' | 'Rejected' | 'Cancelled' | 'Expired';
export type BuyStatus = 'WatingForConfirm' | 'Confirmed' | 'Rejected';

export interface BuyRequestRow {
  id: number;
  organizationId: number;
  userId: number;
  sellerOrganizationId: number;
  privateNumberId: number;
  number: string;
  stage: BuyStage;
  status: BuyStatus;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  rejectionDescription: string | null;
  payAmount: string;
  isAllowedSendLink: boolean;
  isService: boolean;
  termsAcceptedAt: Date | null;
  reservationDate: Date | null;
  reservationExpiresAt: Date | null;
  registrationDate: Date | null;
  assignmentDate: Date | null;
  cancellationDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TransferRow {
  id: number;
  privateNumberId: number;
  privateNumber: string;
  numberType: string;
  preOwner: number;
  preOwnerOrganizationId: number;
  newOwner: number;
  newOwnerOrganizationId: number;
  price: string;
  transferDateTime: Date;
  createdByUserId: number | null;
  createdByUserName: string | null;
}

/** A line offered for sale with the price its seller asks for it. */
export interface FreeNumberRow {
  privateNumberId: number;
  number: string;
  organizationId: number;
  numberOfDigits: number;
  isRound: boolean;
  numberPrice: string;
  reservationPeriod: number;
}

/**
 * A round number (CONTEXT.md "Number purchase", decided): its last three digits are one digit
 * (…000, …777). The same rule in SQL and in TypeScript so a search and a price never disagree.
 */
const ROUND_SQL = `(l.number ~ '([0-9])\\1\\1$')`;
export function isRoundNumber(number: string): boolean {
  return /([0-9])\1\1$/.test(number);
}

/** Stages holding a line; a `Reserved` one only until it runs out. */
const LIVE_STAGES: BuyStage[] = ['Reserved', 'Registered'];

@injectable()
export class NumberPurchaseRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx { return tx ?? this.knex; }

  // ---- prices ----

  async prices(tenant: Tenant): Promise<NumberPriceRow[]> {
    const q = this.knex('number_prices as p');
    whereOrganizationVisible(q, this.knex, 'p.organizationId', tenant);
    return (await q.select('p.*').orderBy([{ column: 'p.organizationId' }, { column: 'p.numberOfDigits' }, { column: 'p.isRound' }])) as NumberPriceRow[];
  }

  async upsertPrice(tx: Tx, values: Omit<NumberPriceRow, 'id' | 'createdAt' | 'updatedAt'>): Promise<NumberPriceRow> {
    const [row] = await tx('number_prices').insert({ ...values, updatedAt: tx.fn.now() })
      .onConflict(['organizationId', 'numberOfDigits', 'isRound']).merge(['reservationPeriod', 'numberPrice', 'updatedAt']).returning('*');
    return row as NumberPriceRow;
  }

  async findPrice(tx: Tx, tenant: Tenant, id: number): Promise<NumberPriceRow | null> {
    const q = tx('number_prices as p').where('p.id', id);
    whereOrganizationVisible(q, tx, 'p.organizationId', tenant);
    return ((await q.first('p.*')) as NumberPriceRow | undefined) ?? null;
  }

  async deletePrice(tx: Tx, id: number): Promise<void> {
    await tx('number_prices').where({ id }).delete();
  }

  // ---- free numbers ----

  /**
   * Lines for sale by the sellers (organizations above the buyer) that carry a price for their
   * digit count and roundness and that no live request holds (a run-out reservation holds nothing).
   */
  async freeNumbers(filter: { sellers: number[]; at: Date; pattern?: string; numberOfDigits?: number; isRound?: boolean; privateNumberId?: number; limit: number }, tx?: Tx): Promise<FreeNumberRow[]> {
    if (filter.sellers.length === 0) return [];
    const db = this.db(tx);
    const q = db('private_numbers as l')
      .join('number_prices as p', (j) => j.on('p.organizationId', 'l.organizationId')
        .andOn(db.raw('p."numberOfDigits" = length(l.number)'))
        .andOn(db.raw(`p."isRound" = ${ROUND_SQL}`)))
      .whereNull('l.deletedAt').where('l.isForSale', true).where('l.useForm', 'OneNumber').whereIn('l.organizationId', filter.sellers)
      .whereNotExists((e) => e.select(db.raw('1')).from('number_buy_requests as r').whereRaw('r."privateNumberId" = l.id').whereIn('r.stage', LIVE_STAGES)
        .where((w) => w.whereNot('r.stage', 'Reserved').orWhereNull('r.reservationExpiresAt').orWhere('r.reservationExpiresAt', '>', filter.at)));
    if (filter.privateNumberId) q.where('l.id', filter.privateNumberId);
    if (filter.pattern) q.where('l.number', 'like', `%${filter.pattern}%`);
    if (filter.numberOfDigits) q.whereRaw('length(l.number) = ?', [filter.numberOfDigits]);
    if (filter.isRound !== undefined) q.whereRaw(`${ROUND_SQL} = ?`, [filter.isRound]);
    const rows = await q.select('l.id as privateNumberId', 'l.number', 'l.organizationId', 'p.numberOfDigits', 'p.isRound', 'p.numberPrice', 'p.reservationPeriod')
      .orderBy('l.number').limit(filter.limit);
    return (rows as FreeNumberRow[]).map((r) => ({ ...r, numberPrice: String(r.numberPrice) }));
  }

  /** The line row, locked: buyers of one number queue here, so only the first finds it free. */
  async lockLine(tx: Tx, id: number): Promise<{ id: number; organizationId: number } | null> {
    return ((await tx('private_numbers').where({ id }).whereNull('deletedAt').forUpdate().first('id', 'organizationId')) as { id: number; organizationId: number } | undefined) ?? null;
  }

  /** Reservations of the line that ran out end as Expired (under the line's lock). */
  async expireReservations(tx: Tx, privateNumberId: number, at: Date): Promise<number> {
    return affectedRows(await tx('number_buy_requests').where({ privateNumberId, stage: 'Reserved' }).whereNotNull('reservationExpiresAt')
      .where('reservationExpiresAt', '<=', at).update({ stage: 'Expired', cancellationDate: at, updatedAt: at }));
  }

  // ---- buy requests ----

  /** A request by id, locked, whoever's it is: the workflow's write, after its `find` checked the caller. */
  async lockRequest(tx: Tx, id: number): Promise<BuyRequestRow | null> {
    return ((await tx('number_buy_requests').where({ id }).forUpdate().first()) as BuyRequestRow | undefined) ?? null;
  }

  async heldByLiveRequest(tx: Tx, privateNumberId: number): Promise<boolean> {
    return Boolean(await tx('number_buy_requests').where({ privateNumberId }).whereIn('stage', LIVE_STAGES).first('id'));
  }

  async insertRequest(tx: Tx, values: Partial<BuyRequestRow>): Promise<BuyRequestRow> {
    const [row] = await tx('number_buy_requests').insert(values).returning('*');
    return row as BuyRequestRow;
  }

  async updateRequest(tx: Tx, id: number, values: Partial<BuyRequestRow>): Promise<BuyRequestRow> {
    const [row] = await tx('number_buy_requests').where({ id }).update({ ...values, updatedAt: tx.fn.now() }).returning('*');
    return row as BuyRequestRow;
  }

  /** A request in the tenant's slice (the buyer's organization or below), locked; `ownerUserId` narrows a plain user to their own. */
  async findRequest(tx: Tx, tenant: Tenant, ownerUserId: number | null, id: number): Promise<BuyRequestRow | null> {
    const q = tx('number_buy_requests as r').where('r.id', id).forUpdate();
    whereOrganizationVisible(q, tx, 'r.organizationId', tenant);
    if (ownerUserId !== null) q.where('r.userId', ownerUserId);
    return ((await q.first('r.*')) as BuyRequestRow | undefined) ?? null;
  }

  /**
   * The requests of the slice. A reservation that ran out reads as Expired at once (the row itself
   * turns Expired when its line is next locked): no job needed for what a list shows.
   */
  async listRequests(tenant: Tenant, ownerUserId: number | null, filter: { stage?: string; status?: string; pageIndex: number; pageSize: number; at: Date }) {
    const stageSql = `case when r.stage = 'Reserved' and r."reservationExpiresAt" <= ? then 'Expired' else r.stage end`;
    const q = this.knex('number_buy_requests as r').join('organizations as o', 'o.id', 'r.organizationId').join('users as u', 'u.id', 'r.userId');
    whereOrganizationVisible(q, this.knex, 'r.organizationId', tenant);
    if (ownerUserId !== null) q.where('r.userId', ownerUserId);
    if (filter.stage) q.whereRaw(`${stageSql} = ?`, [filter.at, filter.stage]);
    if (filter.status) q.where('r.status', filter.status);
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const items = await q.select('r.*', this.knex.raw(`${stageSql} as stage`, [filter.at]), 'o.name as organizationName', 'u.userName').orderBy('r.id', 'desc')
      .offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: items as (BuyRequestRow & { organizationName: string; userName: string })[], totalCount: Number(n) };
  }

  // ---- lines moving owner ----

  async moveLine(tx: Tx, id: number, values: Record<string, unknown>): Promise<void> {
    await tx('private_numbers').where({ id }).update(values);
  }

  /** Assignments of other users than `keepUserId` on the line (they belonged to the old owner's organization). */
  async dropOtherAssignments(tx: Tx, privateNumberId: number, keepUserId: number): Promise<number> {
    return affectedRows(await tx('private_number_assignments').where({ privateNumberId }).whereNot({ userId: keepUserId }).delete());
  }

  /**
   * Moves one user's assignment of a line (send types, limits) and the counts of its open periods
   * to another user: a transfer neither loses the limits nor hands out a fresh day's quota.
   */
  async moveAssignment(tx: Tx, privateNumberId: number, fromUserId: number, toUserId: number, toOrganizationId: number): Promise<void> {
    await tx('private_number_assignments').where({ privateNumberId, userId: fromUserId }).update({ userId: toUserId, organizationId: toOrganizationId });
    await tx.raw(
      `insert into private_number_usage ("privateNumberId", "userId", period, count)
       select "privateNumberId", ?, period, count from private_number_usage where "privateNumberId" = ? and "userId" = ?
       on conflict ("privateNumberId", "userId", period) do update set count = private_number_usage.count + excluded.count`,
      [toUserId, privateNumberId, fromUserId],
    );
    await tx('private_number_usage').where({ privateNumberId, userId: fromUserId }).delete();
  }

  // ---- transfers ----

  async insertTransfer(tx: Tx, values: Omit<TransferRow, 'id'>): Promise<TransferRow> {
    const [row] = await tx('private_number_transfers').insert(values).returning('*');
    return row as TransferRow;
  }

  /** Transfers where either side's organization is in the slice. */
  async transfers(tenant: Tenant, filter: { privateNumberId?: number; pageIndex: number; pageSize: number }) {
    const q = this.knex('private_number_transfers as t').join('users as pu', 'pu.id', 't.preOwner').join('users as nu', 'nu.id', 't.newOwner')
      .where((either) => either
        .where((w) => { whereOrganizationVisible(w, this.knex, 't.preOwnerOrganizationId', tenant); })
        .orWhere((w) => { whereOrganizationVisible(w, this.knex, 't.newOwnerOrganizationId', tenant); }));
    if (filter.privateNumberId) q.where('t.privateNumberId', filter.privateNumberId);
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const items = await q.select('t.*', 'pu.userName as preOwnerUserName', 'nu.userName as newOwnerUserName').orderBy('t.id', 'desc')
      .offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: items as (TransferRow & { preOwnerUserName: string; newOwnerUserName: string })[], totalCount: Number(n) };
  }

  async userInSlice(tx: Tx, tenant: Tenant, userId: number): Promise<{ id: number; organizationId: number; path: string } | null> {
    const q = tx('users as u').join('organizations as o', 'o.id', 'u.organizationId').where('u.id', userId).whereNull('u.deletedAt').whereNull('o.deletedAt');
    whereOrganizationVisible(q, tx, 'u.organizationId', tenant);
    return ((await q.first('u.id', 'u.organizationId', 'o.path')) as { id: number; organizationId: number; path: string } | undefined) ?? null;
  }

  /** Who hears of a buy request: its buyer (while active) and the buying organization's active administrators. */
  async buyerUsers(tx: Tx, request: Pick<BuyRequestRow, 'userId' | 'organizationId'>): Promise<number[]> {
    const rows = await tx('users').whereNull('deletedAt').where('isActive', true)
      .where((q) => q.where('id', request.userId).orWhere((a) => a.where({ organizationId: request.organizationId, isAdmin: true })))
      .orderBy('id').select('id');
    return rows.map((r: { id: number }) => r.id);
  }
}
