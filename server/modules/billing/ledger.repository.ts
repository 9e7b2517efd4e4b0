import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { str } from './money.js';
import type { TariffRow } from './pricing.js';

export type TypeCreditChange =
  | 'Manage' | 'BuyPanel' | 'ExtendedPanel' | 'Fish' | 'OnlinePayment' | 'PriceNumber' | 'ActivationService'
  | 'GiveBackCostOfUnsuccessSent' | 'ActivationGeneralPhoneBook' | 'SendSms' | 'DeleteUser' | 'TransferPrivateNumber';

export const TYPE_CREDIT_CHANGES: TypeCreditChange[] = [
  'Manage', 'BuyPanel', 'ExtendedPanel', 'Fish', 'OnlinePayment', 'PriceNumber', 'ActivationService',
  'GiveBackCostOfUnsuccessSent', 'ActivationGeneralPhoneBook', 'SendSms', 'DeleteUser', 'TransferPrivateNumber',
];

export interface AccountRow {
  id: number;
  organizationId: number;
  userId: number | null;
  balance: string;
  held: string;
  creditLimit: string;
}

/** One organization of a chain as a hold needs it: its kind, flags, tariff and account. */
export interface ChainOrganization {
  id: number;
  /** Named in a refusal: which organization of the chain lacks a tariff or credit. */
  name: string;
  type: string;
  depth: number;
  isPostpaid: boolean;
  isTax: boolean;
  accountId: number | null;
  tariff: TariffRow | null;
}

export interface EntryInput {
  accountId: number;
  /** Signed change of the balance. */
  delta: bigint;
  /** Change of the held amount in the same statement (settle moves a hold into a charge). */
  heldDelta?: bigint;
  /** When set, the change must leave balance - held >= -limit or nothing happens. */
  guardLimit?: bigint | null;
  /** When set, the change must leave balance <= ceiling or nothing happens (no bigint overflow). */
  ceiling?: bigint | null;
  typeCreditChange: TypeCreditChange;
  referenceType?: string | null;
  referenceId?: string | number | null;
  idempotencyKey?: string | null;
  description?: string | null;
  createdByUserId?: number | null;
  createdByUserName?: string | null;
}

export interface HoldRow {
  id: string;
  reference: string;
  organizationId: number;
  userId: number | null;
  status: 'held' | 'settled' | 'released';
  parts: Record<string, number>;
  refunds: Record<string, Record<string, number>>;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface HoldLineRow {
  holdId: string;
  accountId: number;
  organizationId: number;
  userId: number | null;
  role: 'user' | 'organization' | 'ancestor';
  tariffId: number | null;
  amount: string;
  rates: { rates: Record<string, string>; levyPerPart: string; taxHundredths: string };
  refunded: string;
}

export interface TransactionFilter {
  pageIndex: number;
  pageSize: number;
  organizationId?: number;
  userId?: number;
  typeCreditChange?: TypeCreditChange;
  typeTransaction?: 'Increase' | 'Decrease';
  referenceType?: string;
  referenceId?: string;
  fromDate?: string;
  toDate?: string;
}

export interface VerifyResult {
  accounts: number;
  entries: number;
  mismatches: { accountId: number; organizationId: number; userId: number | null; balance: string; ledgerSum: string; held: string; openHolds: string }[];
  /** Entries whose currentCredit is not the running sum of their account up to them. */
  brokenEntries: { id: string; accountId: number; currentCredit: string; runningSum: string }[];
}

/** The only SQL of the ledger: accounts, entries, holds and the proof that they agree. */
@injectable()
export class LedgerRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** The organization and every ancestor to the root (root first), each with its tariff and account. */
  async chain(tx: Tx, organizationId: number): Promise<ChainOrganization[]> {
    return (await this.chains(tx, [organizationId])).get(organizationId) ?? [];
  }

  /** The chains of many organizations in one query (organization id → chain, root first). */
  async chains(db: Tx | Knex | undefined, organizationIds: number[]): Promise<Map<number, ChainOrganization[]>> {
    const out = new Map<number, ChainOrganization[]>(organizationIds.map((id) => [id, []]));
    if (!organizationIds.length) return out;
    const { rows } = await (db ?? this.knex).raw(
      `select p.id as "forOrganizationId", o.id, o.name, o.type, o.depth, o."isPostpaid", o."isTax", a.id as "accountId",
              t.id as "tariffId", t."ownerOrganizationId", t.title, t.category, t."internationalBenefitType",
              t."internationalBenefitValue", t.ranges
         from organizations p
         join organizations o on o.id = any(string_to_array(trim(both '/' from p.path), '/')::int[]) and o."deletedAt" is null
         left join credit_accounts a on a."organizationId" = o.id and a."userId" is null
         left join organization_tariffs ot on ot."organizationId" = o.id
         left join tariffs t on t.id = ot."tariffId" and t."deletedAt" is null
        where p.id in (${organizationIds.map(() => '?').join(', ')}) and p."deletedAt" is null
        order by p.id, o.depth`,
      organizationIds,
    );
    for (const r of rows as Record<string, any>[]) {
      out.get(r.forOrganizationId)?.push({
        id: r.id,
        name: r.name,
        type: r.type,
        depth: r.depth,
        isPostpaid: r.isPostpaid,
        isTax: r.isTax,
        accountId: r.accountId ?? null,
        tariff: r.tariffId ? {
          id: r.tariffId, ownerOrganizationId: r.ownerOrganizationId, title: r.title, category: r.category,
          internationalBenefitType: r.internationalBenefitType, internationalBenefitValue: str(r.internationalBenefitValue), ranges: r.ranges,
        } : null,
      });
    }
    return out;
  }

  /** The organization accounts of these organizations, created when missing. */
  async ensureOrganizationAccounts(tx: Tx, organizationIds: number[]): Promise<Map<number, number>> {
    if (organizationIds.length) {
      await tx.raw(
        `insert into credit_accounts ("organizationId") select unnest(?::int[]) on conflict ("organizationId") where "userId" is null do nothing`,
        [organizationIds],
      );
    }
    const rows = await tx('credit_accounts').whereIn('organizationId', organizationIds).whereNull('userId').select('id', 'organizationId');
    return new Map(rows.map((r: { id: number; organizationId: number }) => [r.organizationId, r.id]));
  }

  async ensureUserAccount(tx: Tx, organizationId: number, userId: number): Promise<number> {
    await tx.raw(
      `insert into credit_accounts ("organizationId", "userId") values (?, ?) on conflict ("userId") where "userId" is not null do nothing`,
      [organizationId, userId],
    );
    const row = await tx('credit_accounts').where({ userId }).first('id');
    return (row as { id: number }).id;
  }

  async userAccountId(tx: Tx | undefined, userId: number): Promise<number | null> {
    const row = await (tx ?? this.knex)('credit_accounts').where({ userId }).first('id');
    return (row as { id: number } | undefined)?.id ?? null;
  }

  async userAccountIds(db: Tx | Knex | undefined, userIds: number[]): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await (db ?? this.knex)('credit_accounts').whereIn('userId', userIds).select('id', 'userId');
    return new Map(rows.map((r: { id: number; userId: number }) => [r.userId, r.id]));
  }

  async existingReferences(tx: Tx, references: string[]): Promise<string[]> {
    const rows = await tx('credit_holds').whereIn('reference', references).select('reference');
    return rows.map((r: { reference: string }) => r.reference);
  }

  /** Inserts many hold headers; answers reference → id for those inserted (a taken reference is skipped). */
  async insertHolds(tx: Tx, holds: { reference: string; organizationId: number; userId: number | null; parts: Record<string, number> }[]): Promise<Map<string, string>> {
    const rows = await tx('credit_holds')
      .insert(holds.map((h) => ({ ...h, status: 'held', parts: JSON.stringify(h.parts) })))
      .onConflict('reference').ignore()
      .returning(['id', 'reference']);
    return new Map(rows.map((r: { id: string | number; reference: string }) => [r.reference, String(r.id)]));
  }

  /** Whether any organization account was ever credited (a charge, a payment, a package): the first-run checklist. */
  async anyOrganizationCredited(): Promise<boolean> {
    return !!(await this.knex('credit_ledger').whereNull('userId').where('typeTransaction', 'Increase').first('id'));
  }

  async findAccount(db: Tx | Knex | undefined, where: { organizationId: number; userId?: number | null }): Promise<AccountRow | null> {
    const q = (db ?? this.knex)('credit_accounts').where('organizationId', where.organizationId);
    if (where.userId) q.where('userId', where.userId);
    else q.whereNull('userId');
    const row = await q.first();
    return (row as AccountRow | undefined) ?? null;
  }

  /** Accounts as they stand, unlocked: a look that decides nothing (a send's preview). */
  async readAccounts(tx: Tx, ids: number[]): Promise<AccountRow[]> {
    if (!ids.length) return [];
    return tx('credit_accounts').whereIn('id', ids).select('id', 'organizationId', 'userId', 'balance', 'held', 'creditLimit');
  }

  /** Locks accounts in id order (every writer takes them in this order, so none deadlocks). */
  async lockAccounts(tx: Tx, ids: number[]): Promise<AccountRow[]> {
    return tx('credit_accounts').whereIn('id', ids).orderBy('id').forUpdate().select('id', 'organizationId', 'userId', 'balance', 'held', 'creditLimit');
  }

  /**
   * Adds to the held amount of each account, guarded: an account whose available credit
   * (balance - held) would fall below -limit is not touched. Answers the ids that were updated.
   */
  async addHeld(tx: Tx, items: { accountId: number; amount: bigint; limit: bigint }[]): Promise<number[]> {
    if (!items.length) return [];
    const values = items.map(() => '(?::int, ?::bigint, ?::bigint)').join(', ');
    const bindings = items.flatMap((i) => [i.accountId, i.amount.toString(), i.limit.toString()]);
    const { rows } = await tx.raw(
      `update credit_accounts a set held = a.held + v.amount, "updatedAt" = now()
         from (values ${values}) as v(id, amount, lim)
        where a.id = v.id and a.balance - a.held - v.amount >= -v.lim
        returning a.id`,
      bindings,
    );
    return (rows as { id: number }[]).map((r) => r.id);
  }

  /**
   * Adds to the held amount of each account in ONE statement: the accounts are first locked in id
   * order (the order every writer takes them in, so two groups never deadlock; FOR NO KEY UPDATE,
   * so the key-share locks of hold lines and ledger rows referencing them do not wait on it), then
   * each is added to only while its free credit stays >= -limit (the postpaid credit limit of an
   * organization's line, 0 otherwise), judged on the row as it stands after the lock. Answers how
   * many accounts were added to: fewer than given means the guard refused one.
   */
  async reserveHeld(tx: Tx, items: { accountId: number; amount: bigint; postpaid: boolean }[]): Promise<number> {
    if (!items.length) return 0;
    const ids = `{${items.map((i) => i.accountId).join(',')}}`;
    const { rows } = await tx.raw(
      `update credit_accounts a set held = a.held + v.amount, "updatedAt" = now()
         from unnest(?::int[], ?::bigint[], ?::boolean[]) as v(id, amount, postpaid)
        where a.id = v.id
          and (select count(*) from (select 1 from credit_accounts c where c.id = any(?::int[]) order by c.id for no key update of c) k) >= 0
          and a.balance - a.held - v.amount >= -(case when v.postpaid then a."creditLimit" else 0 end)
        returning a.id`,
      [ids, `{${items.map((i) => i.amount.toString()).join(',')}}`, `{${items.map((i) => (i.postpaid ? 't' : 'f')).join(',')}}`, ids],
    );
    return (rows as unknown[]).length;
  }

  /** Hold headers and their lines in one statement (fresh references; a taken one is skipped with its lines). */
  async insertHoldsWithLines(
    tx: Tx,
    holds: { reference: string; organizationId: number; userId: number | null; parts: Record<string, number> }[],
    lines: (Omit<HoldLineRow, 'refunded' | 'holdId'> & { reference: string })[],
  ): Promise<{ holds: number; lines: number }> {
    if (!holds.length) return { holds: 0, lines: 0 };
    const { rows } = await tx.raw(
      `with h as (
         insert into credit_holds (reference, "organizationId", "userId", parts, status)
         select x.reference, x."organizationId", x."userId", x.parts, 'held'
           from jsonb_to_recordset(?::jsonb) as x(reference text, "organizationId" int, "userId" int, parts jsonb)
         on conflict (reference) do nothing
         returning id, reference
       ), l as (
         insert into credit_hold_lines ("holdId", "accountId", "organizationId", "userId", role, "tariffId", amount, rates)
         select h.id, y."accountId", y."organizationId", y."userId", y.role, y."tariffId", y.amount, y.rates
           from jsonb_to_recordset(?::jsonb) as y(reference text, "accountId" int, "organizationId" int, "userId" int, role text, "tariffId" int, amount bigint, rates jsonb)
           join h on h.reference = y.reference
         returning 1
       )
       select (select count(*) from h)::int as holds, (select count(*) from l)::int as lines`,
      [JSON.stringify(holds), JSON.stringify(lines)],
    );
    const r = (rows as { holds: number | string; lines: number | string }[])[0];
    return { holds: Number(r.holds), lines: Number(r.lines) };
  }

  /** Gives held amounts back (a released hold); never below zero. */
  async subtractHeld(tx: Tx, items: { accountId: number; amount: bigint }[]): Promise<void> {
    for (const i of [...items].sort((a, b) => a.accountId - b.accountId)) {
      await tx.raw('update credit_accounts set held = held - ?::bigint, "updatedAt" = now() where id = ?', [i.amount.toString(), i.accountId]);
    }
  }

  /**
   * Changes a balance and appends its ledger entry in one statement; with `guardLimit` the change
   * happens only while balance - held stays >= -limit, with `ceiling` only while balance stays at
   * or below it. Answers the entry, or null when a guard refused (nothing written).
   */
  async applyEntry(tx: Tx, e: EntryInput): Promise<{ id: string; currentCredit: string } | null> {
    const delta = e.delta.toString();
    const heldDelta = (e.heldDelta ?? 0n).toString();
    const guard = e.guardLimit === undefined || e.guardLimit === null ? '' : 'and a.balance + ?::bigint - (a.held + ?::bigint) >= -?::bigint';
    const guardBindings = guard ? [delta, heldDelta, e.guardLimit!.toString()] : [];
    // Compared as `balance <= ceiling - delta`: the left side never grows, so the check itself cannot overflow.
    const ceiling = e.ceiling === undefined || e.ceiling === null ? '' : 'and a.balance <= ?::bigint - ?::bigint';
    const ceilingBindings = ceiling ? [e.ceiling!.toString(), delta] : [];
    const { rows } = await tx.raw(
      `with upd as (
         update credit_accounts a set balance = a.balance + ?::bigint, held = a.held + ?::bigint, "updatedAt" = now()
          where a.id = ? ${guard} ${ceiling}
          returning a.id, a."organizationId", a."userId", a.balance)
       insert into credit_ledger ("accountId", "organizationId", "userId", amount, "typeCreditChange", "typeTransaction", "currentCredit",
                                  "referenceType", "referenceId", "idempotencyKey", description, "createdByUserId", "createdByUserName")
       select upd.id, upd."organizationId", upd."userId", ?::bigint, ?, ?, upd.balance, ?, ?, ?, ?, ?, ? from upd
       returning id, "currentCredit"`,
      [
        delta, heldDelta, e.accountId, ...guardBindings, ...ceilingBindings,
        delta, e.typeCreditChange, e.delta > 0n ? 'Increase' : 'Decrease',
        e.referenceType ?? null, e.referenceId === undefined || e.referenceId === null ? null : String(e.referenceId),
        e.idempotencyKey ?? null, e.description ?? null, e.createdByUserId ?? null, e.createdByUserName ?? null,
      ],
    );
    const row = (rows as { id: string | number; currentCredit: string | number }[])[0];
    return row ? { id: String(row.id), currentCredit: str(row.currentCredit) } : null;
  }

  /**
   * Many entries in three statements, exactly as `applyEntry` one after another in the order given:
   * the accounts are locked (in id order) and read after the lock, each entry's `currentCredit` is
   * its account's balance after it (a running sum in the given order), the entries go in with one
   * insert and each account moves once by its sums. No guard or ceiling: for entries that cannot
   * break a limit (settling what a hold reserved).
   */
  async applyEntries(tx: Tx, entries: Omit<EntryInput, 'guardLimit' | 'ceiling'>[]): Promise<void> {
    if (entries.length === 0) return;
    const ids = [...new Set(entries.map((e) => e.accountId))].sort((a, b) => a - b);
    const locked = await tx('credit_accounts').whereIn('id', ids).orderBy('id').forUpdate().select('id', 'organizationId', 'userId', 'balance');
    const state = new Map(locked.map((a: { id: number; organizationId: number; userId: number | null; balance: string | number }) => [Number(a.id), { organizationId: a.organizationId, userId: a.userId, balance: BigInt(a.balance), delta: 0n, held: 0n }]));
    const rows = entries.map((e) => {
      const a = state.get(e.accountId);
      if (!a) throw new Error(`ledger: account ${e.accountId} not found`);
      a.balance += e.delta;
      a.delta += e.delta;
      a.held += e.heldDelta ?? 0n;
      return {
        accountId: e.accountId, organizationId: a.organizationId, userId: a.userId, amount: e.delta.toString(), typeCreditChange: e.typeCreditChange,
        typeTransaction: e.delta > 0n ? 'Increase' : 'Decrease', currentCredit: a.balance.toString(), referenceType: e.referenceType ?? null,
        referenceId: e.referenceId === undefined || e.referenceId === null ? null : String(e.referenceId), idempotencyKey: e.idempotencyKey ?? null,
        description: e.description ?? null, createdByUserId: e.createdByUserId ?? null, createdByUserName: e.createdByUserName ?? null,
      };
    });
    const columns = Object.keys(rows[0]);
    const list = columns.map((c) => `"${c}"`).join(', ');
    await tx.raw(`insert into credit_ledger (${list}) select ${list} from jsonb_populate_recordset(null::credit_ledger, ?::jsonb)`, [JSON.stringify(rows)]);
    const moved = [...state.entries()];
    await tx.raw(
      `update credit_accounts a set balance = a.balance + x.d, held = a.held + x.h, "updatedAt" = now()
         from unnest(?::int[], ?::bigint[], ?::bigint[]) as x(id, d, h) where a.id = x.id`,
      [`{${moved.map(([id]) => id).join(',')}}`, `{${moved.map(([, a]) => a.delta.toString()).join(',')}}`, `{${moved.map(([, a]) => a.held.toString()).join(',')}}`],
    );
  }

  /** Moves many holds from held to `status`; answers those that were held (repeats are left out). */
  async finishHolds(tx: Tx, references: string[], status: 'settled' | 'released'): Promise<HoldRow[]> {
    if (references.length === 0) return [];
    const rows = await tx('credit_holds').whereIn('reference', references).where({ status: 'held' }).update({ status, finishedAt: tx.fn.now() }).returning('*');
    // RETURNING follows the heap's order, which an earlier update of a row (a refund) changes; callers
    // write ledger entries in this order, so it is made the holds' own order (by id) to stay repeatable.
    return (rows as HoldRow[]).map((r) => ({ ...r, id: String(r.id) })).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0));
  }

  async holdLinesOf(tx: Tx, holdIds: string[]): Promise<HoldLineRow[]> {
    if (holdIds.length === 0) return [];
    const rows = await tx('credit_hold_lines').whereIn('holdId', holdIds).orderBy(['holdId', 'accountId']);
    return rows.map((r: HoldLineRow) => ({ ...r, holdId: String(r.holdId), amount: str(r.amount), refunded: str(r.refunded) }));
  }

  async setCreditLimit(tx: Tx, accountId: number, limit: bigint): Promise<void> {
    await tx('credit_accounts').where({ id: accountId }).update({ creditLimit: limit.toString(), updatedAt: tx.fn.now() });
  }

  // ---- holds ----

  /** Inserts the hold header, or answers null when the reference already has one. */
  async insertHold(tx: Tx, hold: { reference: string; organizationId: number; userId: number | null; parts: Record<string, number> }): Promise<string | null> {
    const { rows } = await tx.raw(
      `insert into credit_holds (reference, "organizationId", "userId", status, parts) values (?, ?, ?, 'held', ?::jsonb)
       on conflict (reference) do nothing returning id`,
      [hold.reference, hold.organizationId, hold.userId, JSON.stringify(hold.parts)],
    );
    const row = (rows as { id: string | number }[])[0];
    return row ? String(row.id) : null;
  }

  async insertHoldLines(tx: Tx, lines: Omit<HoldLineRow, 'refunded'>[]): Promise<void> {
    if (!lines.length) return;
    await tx('credit_hold_lines').insert(lines.map((l) => ({ ...l, rates: JSON.stringify(l.rates) })));
  }

  async findHold(db: Tx | Knex | undefined, reference: string, forUpdate = false): Promise<HoldRow | null> {
    const q = (db ?? this.knex)('credit_holds').where({ reference });
    if (forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? { ...(row as HoldRow), id: String((row as HoldRow).id) } : null;
  }

  async holdLines(db: Tx | Knex | undefined, holdId: string): Promise<HoldLineRow[]> {
    const rows = await (db ?? this.knex)('credit_hold_lines').where({ holdId }).orderBy('accountId');
    return rows.map((r: HoldLineRow) => ({ ...r, holdId: String(r.holdId), amount: str(r.amount), refunded: str(r.refunded) }));
  }

  /** Moves a hold from held to `status`; false when it was not held (a repeat, or another state). */
  async finishHold(tx: Tx, reference: string, status: 'settled' | 'released'): Promise<HoldRow | null> {
    const rows = await tx('credit_holds').where({ reference, status: 'held' }).update({ status, finishedAt: tx.fn.now() }).returning('*');
    const row = rows[0] as HoldRow | undefined;
    return row ? { ...row, id: String(row.id) } : null;
  }

  async recordRefund(tx: Tx, holdId: string, key: string, parts: Record<string, number>): Promise<void> {
    await tx.raw(`update credit_holds set refunds = refunds || jsonb_build_object(?::text, ?::jsonb) where id = ?`, [key, JSON.stringify(parts), holdId]);
  }

  async addRefunded(tx: Tx, holdId: string, accountId: number, amount: bigint): Promise<void> {
    await tx('credit_hold_lines').where({ holdId, accountId }).increment('refunded', amount.toString() as unknown as number);
  }

  // ---- reads ----

  async listTransactions(tenant: Tenant, filter: TransactionFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.filteredTransactions(tenant, filter);
    const [{ n }] = await q.clone().count<{ n: string }[]>({ n: '*' });
    const rows = await this.withTransactionNames(q)
      .orderBy('e.id', 'desc')
      .limit(filter.pageSize)
      .offset(filter.pageIndex * filter.pageSize);
    return { items: rows.map(publicEntry), totalCount: Number(n) };
  }

  /**
   * Every entry of the filter (paging ignored), newest first as GetAll, read in batches by id so
   * an export never holds the whole ledger in memory; at most `limit` rows.
   */
  async *streamTransactions(tenant: Tenant, filter: Omit<TransactionFilter, 'pageIndex' | 'pageSize'>, limit: number, batch = 1000): AsyncGenerator<Record<string, unknown>> {
    let beforeId: string | null = null;
    let sent = 0;
    while (sent < limit) {
      const q = this.filteredTransactions(tenant, filter as TransactionFilter);
      if (beforeId !== null) q.where('e.id', '<', beforeId);
      const rows = await this.withTransactionNames(q).orderBy('e.id', 'desc').limit(Math.min(batch, limit - sent));
      if (rows.length === 0) return;
      for (const row of rows) yield publicEntry(row);
      sent += rows.length;
      beforeId = String(rows[rows.length - 1].id);
    }
  }

  private filteredTransactions(tenant: Tenant, filter: TransactionFilter) {
    const q = this.knex('credit_ledger as e');
    whereOrganizationVisible(q, this.knex, 'e.organizationId', tenant);
    if (filter.organizationId) q.where('e.organizationId', filter.organizationId);
    if (filter.userId) q.where('e.userId', filter.userId);
    if (filter.typeCreditChange) q.where('e.typeCreditChange', filter.typeCreditChange);
    if (filter.typeTransaction) q.where('e.typeTransaction', filter.typeTransaction);
    if (filter.referenceType) q.where('e.referenceType', filter.referenceType);
    if (filter.referenceId) q.where('e.referenceId', filter.referenceId);
    if (filter.fromDate) q.where('e.createdAt', '>=', filter.fromDate);
    if (filter.toDate) q.where('e.createdAt', '<=', filter.toDate);
    return q;
  }

  private withTransactionNames(q: Knex.QueryBuilder) {
    return q
      .leftJoin('organizations as o', 'o.id', 'e.organizationId')
      .leftJoin('users as u', 'u.id', 'e.userId')
      .joinRaw(`left join packages as pk on e."referenceType" = 'package' and pk.id::text = e."referenceId"`)
      .select('e.*', 'o.name as organizationName', 'u.userName as userName', 'pk.title as packageTitle');
  }

  async entriesForReference(db: Tx | Knex | undefined, referenceType: string, referenceId: string): Promise<Record<string, unknown>[]> {
    const rows = await (db ?? this.knex)('credit_ledger').where({ referenceType, referenceId }).orderBy('id');
    return rows.map(publicEntry);
  }

  /** balance = sum of entries and held = sum of open holds, for every account; currentCredit = running sum for every entry. */
  async verify(db?: Knex): Promise<VerifyResult> {
    const k = db ?? this.knex;
    const [{ accounts }] = (await k.raw('select count(*)::int as accounts from credit_accounts')).rows;
    const [{ entries }] = (await k.raw('select count(*)::int as entries from credit_ledger')).rows;
    const { rows: mismatches } = await k.raw(
      `select a.id as "accountId", a."organizationId", a."userId", a.balance::text, coalesce(e.total, 0)::text as "ledgerSum",
              a.held::text, coalesce(h.total, 0)::text as "openHolds"
         from credit_accounts a
         left join (select "accountId", sum(amount) as total from credit_ledger group by "accountId") e on e."accountId" = a.id
         left join (select l."accountId", sum(l.amount - l.refunded) as total from credit_hold_lines l join credit_holds h on h.id = l."holdId"
                     where h.status = 'held' group by l."accountId") h on h."accountId" = a.id
        where a.balance <> coalesce(e.total, 0) or a.held <> coalesce(h.total, 0)
        order by a.id`,
    );
    const { rows: brokenEntries } = await k.raw(
      `select id::text, "accountId", "currentCredit"::text, "runningSum"::text from (
         select id, "accountId", "currentCredit", sum(amount) over (partition by "accountId" order by id) as "runningSum" from credit_ledger) x
        where "runningSum" <> "currentCredit" order by id limit 100`,
    );
    return { accounts, entries, mismatches, brokenEntries };
  }
}

function sendIdOf(referenceId: unknown): number | null {
  const m = /^send:(\d+)$/.exec(String(referenceId ?? ''));
  return m ? Number(m[1]) : null;
}

export function publicEntry(r: Record<string, any>): Record<string, unknown> {
  return {
    id: String(r.id),
    accountId: r.accountId,
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    userId: r.userId,
    userName: r.userName ?? null,
    amount: str(r.amount).replace(/^-/, ''),
    isIncrement: r.typeTransaction === 'Increase',
    typeTransaction: r.typeTransaction,
    typeCreditChange: r.typeCreditChange,
    currentCredit: str(r.currentCredit),
    referenceType: r.referenceType,
    referenceId: r.referenceId,
    // A send's reference is the hold reference `send:{id}`; the spec's outboxId is the send's id.
    outboxId: r.referenceType === 'send' ? sendIdOf(r.referenceId) : null,
    paymentId: r.referenceType === 'payment' ? Number(r.referenceId) : null,
    packageId: r.referenceType === 'package' ? Number(r.referenceId) : null,
    packageTitle: r.referenceType === 'package' ? (r.packageTitle ?? null) : null,
    description: r.description,
    createdByUserId: r.createdByUserId,
    createdByUserName: r.createdByUserName,
    createdAt: r.createdAt,
  };
}
