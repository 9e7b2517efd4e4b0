import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import type { Page } from '../../platform/http/envelope.js';
import { likeContains } from '../../platform/http/search.js';

export interface AuditRow {
  requestId: string | null;
  userId: number | null;
  impersonatorUserId: number | null;
  organizationId: number | null;
  remoteIpAddress: string | null;
  userAgent: string | null;
  operationType: string;
  className: string;
  referenceId: string | null;
  /** How the change arrived (Channel of platform/actor.ts). */
  channel: string;
  oldData: unknown;
  newData: unknown;
}

export interface AuditFilter {
  pageIndex: number;
  pageSize: number;
  className?: string;
  operationType?: string;
  userId?: number;
  referenceId?: string;
  channel?: string;
  /** Text to find (3+ characters, see `normalizeSearch`) in the action, entity, reference, user or description. */
  search?: string;
}

@injectable()
export class AuditRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: AuditRow): Promise<void> {
    await this.insertMany(tx, [row]);
  }

  async insertMany(tx: Tx, rows: AuditRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx('audits').insert(rows.map((row) => ({
      ...row,
      oldData: row.oldData === undefined || row.oldData === null ? null : JSON.stringify(row.oldData),
      newData: row.newData === undefined || row.newData === null ? null : JSON.stringify(row.newData),
    })));
  }

  async list(tenant: Tenant, filter: AuditFilter): Promise<Page<Record<string, unknown>>> {
    const q = this.knex('audits as a');
    // The user is joined before counting only when the search looks at the user's names too.
    if (filter.search) q.leftJoin('users as u', 'u.id', 'a.userId');
    if (tenant.subtree) {
      q.whereIn('a.organizationId', this.knex('organizations').select('id').where('path', 'like', `${tenant.path}%`));
    } else {
      q.where('a.organizationId', tenant.organizationId);
    }
    if (filter.className) q.where('a.className', filter.className);
    if (filter.operationType) q.where('a.operationType', filter.operationType);
    if (filter.userId) q.where('a.userId', filter.userId);
    if (filter.referenceId) q.where('a.referenceId', filter.referenceId);
    if (filter.channel) q.where('a.channel', filter.channel);
    if (filter.search) {
      const like = likeContains(filter.search);
      q.where((w) => w.whereILike('a.operationType', like).orWhereILike('a.className', like).orWhereILike('a.referenceId', like)
        .orWhereILike('u.userName', like)
        .orWhereRaw(`coalesce(u."firstName", '') || ' ' || coalesce(u."lastName", '') ilike ?`, [like])
        .orWhereRaw(`a."newData"->>'description' ilike ?`, [like]));
    }
    const [{ count }] = await q.clone().count<{ count: string | number }[]>({ count: '*' });
    if (!filter.search) q.leftJoin('users as u', 'u.id', 'a.userId');
    // The impersonator by name: an audit row says who really acted, not an id to look up.
    const items = await q
      .leftJoin('users as iu', 'iu.id', 'a.impersonatorUserId')
      .select('a.id', 'a.at', 'a.requestId', 'a.userId', 'u.userName', 'a.impersonatorUserId', 'iu.userName as impersonatorUserName', 'a.organizationId',
        'a.remoteIpAddress', 'a.userAgent', 'a.channel', 'a.operationType', 'a.className', 'a.referenceId', 'a.oldData', 'a.newData')
      .orderBy('a.id', 'desc')
      .limit(filter.pageSize)
      .offset(filter.pageIndex * filter.pageSize);
    return { items: items.map((r) => ({ ...r, id: Number(r.id) })), totalCount: Number(count) };
  }
}
