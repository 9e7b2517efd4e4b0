import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tenant } from '../../platform/actor.js';
import { escapeLike, whereOrganizationVisible } from '../../platform/tenancy.js';

export interface ApiCallLogRow {
  id: number;
  tokenId: number | null;
  userId: number | null;
  organizationId: number | null;
  tokenIp: string;
  clientId: string | null;
  requestMethod: string;
  requestPath: string;
  status: number;
  scheduledMessageId: number | null;
  requestBody: string | null;
  resultData: string | null;
  durationMs: number;
  createdAt: Date;
}

export type NewApiCallLog = Omit<ApiCallLogRow, 'id'>;

export interface CallLogFilter {
  tokenId?: number;
  status?: number;
  path?: string;
  fromDate?: string;
  toDate?: string;
  pageIndex: number;
  pageSize: number;
}

@injectable()
export class ApiCallLogsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insertMany(rows: NewApiCallLog[]): Promise<void> {
    if (rows.length) await this.knex('api_call_logs').insert(rows);
  }

  /** Tokens named by the hash of a presented secret (a refused call still belongs to its token's log). */
  async tokensByHash(hashes: string[]): Promise<{ id: number; userId: number; organizationId: number; tokenHash: string }[]> {
    if (!hashes.length) return [];
    return this.knex('api_tokens').whereIn('tokenHash', hashes).select('id', 'userId', 'organizationId', 'tokenHash');
  }

  /** Calls of the tokens the caller may manage (same rule as the token list), newest first. */
  async list(tenant: Tenant, ownerId: number | null, f: CallLogFilter): Promise<{ items: ApiCallLogRow[]; totalCount: number }> {
    const q = this.knex('api_call_logs as l').join('api_tokens as k', 'k.id', 'l.tokenId');
    whereOrganizationVisible(q, this.knex, 'k.organizationId', tenant);
    if (ownerId !== null) q.where('k.userId', ownerId);
    if (f.tokenId !== undefined) q.where('l.tokenId', f.tokenId);
    if (f.status !== undefined) q.where('l.status', f.status);
    if (f.path) q.where('l.requestPath', 'like', `%${escapeLike(f.path)}%`);
    if (f.fromDate) q.where('l.createdAt', '>=', f.fromDate);
    if (f.toDate) q.where('l.createdAt', '<=', f.toDate);
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().select('l.*', 'k.title as tokenTitle').orderBy('l.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    // int8 ids: text from pg, numbers from PGlite; the row type (and the answer) says number on both.
    const rows = (items as Record<string, unknown>[]).map((r) => ({
      ...r, id: Number(r.id), scheduledMessageId: r.scheduledMessageId == null ? null : Number(r.scheduledMessageId),
    })) as ApiCallLogRow[];
    return { items: rows, totalCount: Number(count?.n ?? 0) };
  }

  /** Deletes at most `batch` rows older than `before`; the sweep repeats until fewer come back. */
  async deleteOlderThan(before: Date, batch: number): Promise<number> {
    return affectedRows(await this.knex('api_call_logs').whereIn('id', this.knex('api_call_logs').select('id').where('createdAt', '<', before).limit(batch)).delete());
  }
}
