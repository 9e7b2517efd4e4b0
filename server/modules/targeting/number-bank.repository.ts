import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { affectedRows } from '../../platform/db.js';
import { pgIntArray, pgTextArray } from '../../platform/pg-arrays.js';
import type { RowReject } from './number-bank.rows.js';

/** A bank record ready to store: names already resolved to zone ids. */
export interface StoredNumber {
  mobile: string;
  provinceId: number;
  cityId: number | null;
  areaId: number | null;
  mobileOperator: number;
  genderType: number;
  simType: number;
  zipCode: string | null;
  guildName: string | null;
  subGuildName: string | null;
  isBlackList: boolean;
  isBlackListLocal: boolean;
}

export interface BankNumberRow extends StoredNumber {
  id: string;
  stateName: string;
  cityName: string | null;
  areaName: string | null;
  lastModified: Date;
}

export interface CountFilter {
  provinceIds: number[];
  cityIds: number[];
  areaIds: number[];
  zipCodePrefix: string | null;
  guildName: string | null;
  subGuildName: string | null;
  operators: number[];
  genderType: number | null;
  simType: number | null;
}

export type ImportStatus = 'Waiting' | 'Extracting' | 'Completed' | 'Failed';

export interface BankImportRow {
  id: number;
  userId: number;
  organizationId: number;
  fileName: string;
  filePath: string | null;
  format: 'xlsx' | 'csv';
  encoding: string | null;
  delimiter: string | null;
  sizeBytes: number;
  status: ImportStatus;
  progressPercent: number;
  processedCount: number;
  addedCount: number;
  updatedCount: number;
  rejectedCount: number;
  zoneCount: number;
  failedReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  lastModified: Date;
}

/** Rejected rows kept per import with their reasons (the count goes on past it). */
export const KEPT_REJECTS = 10_000;
/** The listing's total is counted up to here (a count over ten million rows is not a page's work). */
export const COUNT_CAP = 100_000;

@injectable()
export class NumberBankRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /**
   * Inserts or updates (by mobile) one batch; answers how many were new and the zones the
   * updated rows left (their counts are stale too). Rows of a batch have distinct mobiles.
   */
  async upsert(tx: Tx, rows: readonly StoredNumber[], now: Date): Promise<{ inserted: number; updated: number; leftZones: number[] }> {
    if (rows.length === 0) return { inserted: 0, updated: 0, leftZones: [] };
    const col = <K extends keyof StoredNumber>(k: K) => rows.map((r) => r[k]);
    const mobiles = pgTextArray(col('mobile'));
    const before = (await tx.raw(
      `select "provinceId", "cityId", "areaId" from targeting_numbers where mobile = any(?::bigint[])`, [mobiles],
    )).rows as { provinceId: number; cityId: number | null; areaId: number | null }[];
    const left = new Set<number>();
    for (const b of before) for (const z of [b.provinceId, b.cityId, b.areaId]) if (z !== null) left.add(z);
    const flags = (v: boolean[]) => `{${v.map((b) => (b ? 't' : 'f')).join(',')}}`;
    const result = await tx.raw(
      `insert into targeting_numbers (mobile, "provinceId", "cityId", "areaId", "mobileOperator", "genderType", "simType", "zipCode", "guildName", "subGuildName", "isBlackList", "isBlackListLocal", "lastModified")
       select m, p, c, a, o, g, s, z, gn, sg, b, bl, ? from unnest(?::bigint[], ?::int[], ?::int[], ?::int[], ?::smallint[], ?::smallint[], ?::smallint[], ?::text[], ?::text[], ?::text[], ?::boolean[], ?::boolean[])
         as x(m, p, c, a, o, g, s, z, gn, sg, b, bl)
       on conflict (mobile) do update set "provinceId" = excluded."provinceId", "cityId" = excluded."cityId", "areaId" = excluded."areaId",
         "mobileOperator" = excluded."mobileOperator", "genderType" = excluded."genderType", "simType" = excluded."simType", "zipCode" = excluded."zipCode",
         "guildName" = excluded."guildName", "subGuildName" = excluded."subGuildName", "isBlackList" = excluded."isBlackList",
         "isBlackListLocal" = excluded."isBlackListLocal", "lastModified" = excluded."lastModified"
       returning (xmax = 0) as inserted`,
      [now, mobiles, pgIntArray(col('provinceId')), pgIntArray(col('cityId')), pgIntArray(col('areaId')), pgIntArray(col('mobileOperator')),
        pgIntArray(col('genderType')), pgIntArray(col('simType')), pgTextArray(col('zipCode')), pgTextArray(col('guildName')), pgTextArray(col('subGuildName')),
        flags(col('isBlackList')), flags(col('isBlackListLocal'))],
    );
    const inserted = (result.rows as { inserted: boolean }[]).filter((r) => r.inserted).length;
    return { inserted, updated: rows.length - inserted, leftZones: [...left] };
  }

  /** Answers per operator code for the filter, reachable numbers only (the customer's count). */
  async countByOperator(f: CountFilter): Promise<Map<number, number>> {
    const q = applyCountFilter(this.knex('targeting_numbers as n'), f);
    const rows = await q.groupBy('n.mobileOperator').select('n.mobileOperator as operator', this.knex.raw('count(*)::int as count'));
    return new Map((rows as { operator: number; count: number }[]).map((r) => [Number(r.operator), r.count]));
  }

  /** The administrators' listing: newest first, by a full mobile or a zone. */
  async page(filter: { mobile: string | null; zoneColumn: 'provinceId' | 'cityId' | 'areaId' | null; zoneId: number | null }, paging: { pageIndex: number; pageSize: number }) {
    const base = () => {
      const q = this.knex('targeting_numbers as n');
      if (filter.mobile) q.where('n.mobile', filter.mobile);
      if (filter.zoneColumn && filter.zoneId !== null) q.where(`n.${filter.zoneColumn}`, filter.zoneId);
      return q;
    };
    const items = await base()
      .join('targeting_zones as p', 'p.id', 'n.provinceId').leftJoin('targeting_zones as c', 'c.id', 'n.cityId').leftJoin('targeting_zones as a', 'a.id', 'n.areaId')
      .orderBy('n.id', 'desc').offset(paging.pageIndex * paging.pageSize).limit(paging.pageSize)
      .select(this.knex.raw('n.id::text as id, n.mobile::text as mobile'), 'n.provinceId', 'n.cityId', 'n.areaId', 'n.mobileOperator', 'n.genderType', 'n.simType', 'n.zipCode',
        'n.guildName', 'n.subGuildName', 'n.isBlackList', 'n.isBlackListLocal', 'n.lastModified', 'p.name as stateName', 'c.name as cityName', 'a.name as areaName');
    const counted = await this.knex.from(base().select(this.knex.raw('1')).limit(COUNT_CAP).as('x')).count<{ count: string }[]>('* as count');
    return { items: items as BankNumberRow[], totalCount: Number(counted[0].count) };
  }

  // ---- imports

  async insertImport(values: Pick<BankImportRow, 'userId' | 'organizationId' | 'fileName' | 'filePath' | 'format' | 'encoding' | 'delimiter' | 'sizeBytes'>, now: Date): Promise<number> {
    const [row] = await this.knex('targeting_imports').insert({ ...values, status: 'Waiting', createdAt: now, lastModified: now }).returning('id');
    return row.id as number;
  }

  async findImport(id: number, tx?: Tx): Promise<BankImportRow | undefined> {
    const row = await (tx ?? this.knex)('targeting_imports').where({ id }).first();
    return row ? { ...row, sizeBytes: Number(row.sizeBytes) } : undefined;
  }

  async lockImport(tx: Tx, id: number): Promise<BankImportRow | undefined> {
    const row = await tx('targeting_imports').where({ id }).forUpdate().first();
    return row ? { ...row, sizeBytes: Number(row.sizeBytes) } : undefined;
  }

  async imports(paging: { pageIndex: number; pageSize: number }) {
    const items = await this.knex('targeting_imports').orderBy('id', 'desc').offset(paging.pageIndex * paging.pageSize).limit(paging.pageSize).select('*');
    const [{ count }] = await this.knex('targeting_imports').count<{ count: string }[]>('* as count');
    return { items: (items as BankImportRow[]).map((r) => ({ ...r, sizeBytes: Number(r.sizeBytes) })), totalCount: Number(count) };
  }

  async updateImport(id: number, patch: Partial<BankImportRow>, tx?: Tx): Promise<void> {
    await (tx ?? this.knex)('targeting_imports').where({ id }).update(patch);
  }

  /** Moves an import's status only from one of `from` (a second run or a late failure changes nothing). */
  async setImportStatusIf(id: number, from: readonly ImportStatus[], patch: Partial<BankImportRow>): Promise<boolean> {
    return affectedRows(await this.knex('targeting_imports').where({ id }).whereIn('status', from).update(patch)) > 0;
  }

  async addCounts(tx: Tx, id: number, counts: { processed: number; added: number; updated: number; rejected: number }, patch: Partial<BankImportRow>): Promise<void> {
    await tx('targeting_imports').where({ id }).update({
      ...patch,
      processedCount: tx.raw('"processedCount" + ?', [counts.processed]), addedCount: tx.raw('"addedCount" + ?', [counts.added]),
      updatedCount: tx.raw('"updatedCount" + ?', [counts.updated]), rejectedCount: tx.raw('"rejectedCount" + ?', [counts.rejected]),
    });
  }

  /** Keeps the batch's rejected rows while the import holds fewer than KEPT_REJECTS. */
  async insertRejects(tx: Tx, importId: number, keptSoFar: number, rejects: readonly RowReject[]): Promise<void> {
    const room = Math.max(0, KEPT_REJECTS - keptSoFar);
    const kept = rejects.slice(0, room);
    if (kept.length === 0) return;
    await tx('targeting_import_rejects').insert(kept.map((r) => ({ importId, rowNumber: r.rowNumber, propertyName: r.propertyName, reason: r.reason, value: r.value })))
      .onConflict(['importId', 'rowNumber']).ignore();
  }

  async rejects(importId: number, limit: number): Promise<RowReject[]> {
    return this.knex('targeting_import_rejects').where({ importId }).orderBy('rowNumber').limit(limit).select('rowNumber', 'propertyName', 'reason', 'value');
  }

  /** Imports whose job was lost (a process gone): Waiting or Extracting, untouched since `before`. */
  async stuckImports(before: Date, limit: number): Promise<number[]> {
    const rows = await this.knex('targeting_imports').whereIn('status', ['Waiting', 'Extracting']).andWhere('lastModified', '<', before).orderBy('id').limit(limit).select('id');
    return rows.map((r: { id: number }) => r.id);
  }
}

/**
 * The customer's filters over `targeting_numbers as n`, reachable numbers only: one reading for the
 * counts and for a regional send's pick (regional.repository.ts), so what is counted is what is picked.
 */
export function applyCountFilter(q: Knex.QueryBuilder, f: CountFilter): Knex.QueryBuilder {
  q.where('n.isBlackList', false).andWhere('n.isBlackListLocal', false);
  if (f.provinceIds.length + f.cityIds.length + f.areaIds.length > 0) {
    q.andWhere((w) => {
      if (f.provinceIds.length > 0) w.orWhereRaw('n."provinceId" = any(?::int[])', [pgIntArray(f.provinceIds)]);
      if (f.cityIds.length > 0) w.orWhereRaw('n."cityId" = any(?::int[])', [pgIntArray(f.cityIds)]);
      if (f.areaIds.length > 0) w.orWhereRaw('n."areaId" = any(?::int[])', [pgIntArray(f.areaIds)]);
    });
  }
  if (f.zipCodePrefix) q.andWhere('n.zipCode', 'like', `${f.zipCodePrefix}%`);
  if (f.guildName) q.andWhere('n.guildName', f.guildName);
  if (f.subGuildName) q.andWhere('n.subGuildName', f.subGuildName);
  if (f.operators.length > 0) q.andWhereRaw('n."mobileOperator" = any(?::smallint[])', [pgIntArray(f.operators)]);
  if (f.genderType !== null) q.andWhere('n.genderType', f.genderType);
  if (f.simType !== null) q.andWhere('n.simType', f.simType);
  return q;
}
