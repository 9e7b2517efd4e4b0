import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';
import { SEND_TYPE_FLAGS, type SendType } from './line-fields.js';

export interface LineRow {
  id: number;
  organizationId: number;
  number: string;
  useForm: string;
  mask: string | null;
  numberType: string;
  typePrivateNumber: string;
  smsSenderAgentId: number;
  expireTime: Date | string | null;
  isActive: boolean;
  isPublic: boolean;
  deletedAt: Date | null;
  [field: string]: unknown;
}

export interface AssignmentRow {
  id: number;
  privateNumberId: number;
  userId: number;
  organizationId: number;
  sendTypesList: string[];
  canSeeReceivedSms: boolean;
  dailySendLimit: number | null;
  monthlySendLimit: number | null;
}

export interface LineFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  organizationId?: number;
  isActive?: boolean;
}

/** Lines usable for a send type: the line allows it (Api: either API flag). */
function whereAllows(q: Knex.QueryBuilder, sendType: SendType): void {
  q.where((w) => { for (const flag of SEND_TYPE_FLAGS[sendType]) w.orWhere(`l.${flag}`, true); });
}

@injectable()
export class PrivateNumbersRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private db(tx?: Tx): Knex | Tx { return tx ?? this.knex; }

  async insert(tx: Tx, values: Record<string, unknown>): Promise<LineRow> {
    const [row] = await tx('private_numbers').insert(values).returning('*');
    return row as LineRow;
  }

  async update(tx: Tx, id: number, values: Record<string, unknown>): Promise<LineRow> {
    const [row] = await tx('private_numbers').where({ id }).update(values).returning('*');
    return row as LineRow;
  }

  async softDelete(tx: Tx, id: number): Promise<void> {
    await tx('private_numbers').where({ id }).update({ deletedAt: tx.fn.now(), isActive: false });
    await tx('private_number_assignments').where({ privateNumberId: id }).delete();
  }

  /** Another live line with this number (the unique index would refuse it; this names the field). */
  async numberTaken(tx: Tx, number: string, exceptId: number | null): Promise<boolean> {
    const q = tx('private_numbers').where({ number }).whereNull('deletedAt');
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q.first('id'));
  }

  async findVisible(tenant: Tenant, id: number, tx?: Tx): Promise<LineRow | null> {
    const db = this.db(tx);
    const q = db('private_numbers as l').where('l.id', id).whereNull('l.deletedAt');
    whereOrganizationVisible(q, db, 'l.organizationId', tenant);
    return ((await q.first('l.*')) as LineRow | undefined) ?? null;
  }

  async listVisible(tenant: Tenant, filter: LineFilter) {
    const q = this.knex('private_numbers as l').whereNull('l.deletedAt');
    whereOrganizationVisible(q, this.knex, 'l.organizationId', tenant);
    if (filter.organizationId) q.where('l.organizationId', filter.organizationId);
    if (filter.isActive !== undefined) q.where('l.isActive', filter.isActive);
    if (filter.search) {
      const like = likeContains(filter.search);
      q.where((w) => w.where('l.number', 'like', like).orWhere('l.mask', 'ilike', like).orWhere('l.tag', 'ilike', like));
    }
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const items = await q.leftJoin('sender_agents as a', 'a.id', 'l.smsSenderAgentId')
      .select('l.*', 'a.title as smsSenderAgentName').orderBy('l.id', 'desc')
      .offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: items as LineRow[], totalCount: Number(n) };
  }

  /** A line and its agent by id, deleted ones excluded. */
  async findWithAgent(tx: Tx, id: number): Promise<{ line: LineRow; agent: Record<string, any> } | null> {
    const line = (await tx('private_numbers').where({ id }).whereNull('deletedAt').first()) as LineRow | undefined;
    if (!line) return null;
    const agent = await tx('sender_agents').where({ id: line.smsSenderAgentId }).first();
    return { line, agent: agent ?? null };
  }

  /** One flag of a line, deleted or not; false for an unknown line. */
  async flagOf(tx: Tx, id: number, flag: 'isNeedToSendConfirmationMessage'): Promise<boolean> {
    const row = await tx('private_numbers').where({ id }).first(flag);
    return row?.[flag] === true;
  }

  /** The organization is authenticated: a bought line waits for it. */
  async organizationAuthenticated(tx: Tx, organizationId: number): Promise<boolean> {
    const row = await tx('organizations').where({ id: organizationId }).first('isAuthenticated');
    return row?.isAuthenticated === true;
  }

  /** The organization's isShowGeneralNumbers: whether public lines of the organizations above it are its to use. */
  async showsGeneralNumbers(id: number, tx?: Tx): Promise<boolean> {
    const row = await this.db(tx)('organizations').where({ id }).first('isShowGeneralNumbers');
    return row?.isShowGeneralNumbers === true;
  }

  async organizationPath(id: number, tx?: Tx): Promise<string | null> {
    const row = await this.db(tx)('organizations').where({ id }).whereNull('deletedAt').first('path');
    return (row?.path as string | undefined) ?? null;
  }

  async organizationVisible(tx: Tx, tenant: Tenant, organizationId: number): Promise<boolean> {
    const q = tx('organizations as o').where('o.id', organizationId).whereNull('o.deletedAt');
    whereOrganizationVisible(q, tx, 'o.id', tenant);
    return Boolean(await q.first('o.id'));
  }

  async liveAgentExists(tx: Tx, id: number): Promise<boolean> {
    return Boolean(await tx('sender_agents').where({ id }).whereNull('deletedAt').first('id'));
  }

  /** Live lines of an agent whose number (or mask) is one of these: where its inbound messages belong. */
  async liveOfAgentByNumbers(agentId: number, numbers: string[]): Promise<{ id: number; number: string; mask: string | null; organizationId: number }[]> {
    if (numbers.length === 0) return [];
    return this.knex('private_numbers').where({ smsSenderAgentId: agentId }).whereNull('deletedAt')
      .where((w) => w.whereIn('number', numbers).orWhereIn('mask', numbers))
      .orderBy('id').select('id', 'number', 'mask', 'organizationId');
  }

  async liveLinesOfAgent(tx: Tx, agentId: number): Promise<number> {
    const row = await tx('private_numbers').where({ smsSenderAgentId: agentId }).whereNull('deletedAt').count<{ n: string | number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /** A live user in the tenant's slice whose organization is the line's or below it. */
  async userUnder(tx: Tx, tenant: Tenant, userId: number, linePath: string): Promise<{ id: number; organizationId: number } | null> {
    const q = tx('users as u').join('organizations as o', 'o.id', 'u.organizationId').where('u.id', userId).whereNull('u.deletedAt')
      .where('o.path', 'like', `${linePath}%`);
    whereOrganizationVisible(q, tx, 'u.organizationId', tenant);
    return ((await q.first('u.id', 'u.organizationId')) as { id: number; organizationId: number } | undefined) ?? null;
  }

  // ---- assignments ----

  async upsertAssignment(tx: Tx, values: Omit<AssignmentRow, 'id'>): Promise<AssignmentRow> {
    const row = { ...values, sendTypesList: JSON.stringify(values.sendTypesList) };
    const [saved] = await tx('private_number_assignments').insert(row).onConflict(['privateNumberId', 'userId']).merge().returning('*');
    return saved as AssignmentRow;
  }

  async deleteAssignment(tx: Tx, privateNumberId: number, userId: number): Promise<AssignmentRow | null> {
    const [row] = await tx('private_number_assignments').where({ privateNumberId, userId }).delete().returning('*');
    return (row as AssignmentRow | undefined) ?? null;
  }

  async assignments(privateNumberId: number): Promise<(AssignmentRow & { userName: string })[]> {
    return this.knex('private_number_assignments as s').join('users as u', 'u.id', 's.userId')
      .where('s.privateNumberId', privateNumberId).select('s.*', 'u.userName').orderBy('s.id');
  }

  async assignment(tx: Tx, privateNumberId: number, userId: number): Promise<AssignmentRow | null> {
    return ((await tx('private_number_assignments').where({ privateNumberId, userId }).first()) as AssignmentRow | undefined) ?? null;
  }

  // ---- lines a user may send from ----

  /**
   * Active, unexpired lines for the send type: public lines of the organization or an ancestor,
   * and lines of the own organization that an administrator may use or the user is assigned to
   * for that send type.
   */
  async usableLines(input: { organizationId: number; organizationPath: string; userId: number; isOrganizationAdmin: boolean; sendType: SendType; at: Date }): Promise<LineRow[]> {
    // Without isShowGeneralNumbers only the organization's own public lines, none of those above it.
    const ancestors = (await this.showsGeneralNumbers(input.organizationId))
      ? input.organizationPath.split('/').filter(Boolean).map(Number) : [input.organizationId];
    const q = this.knex('private_numbers as l').join('sender_agents as a', 'a.id', 'l.smsSenderAgentId')
      .whereNull('l.deletedAt').where('l.isActive', true).whereNull('a.deletedAt').where('a.isActive', true).where('a.isSendActive', true)
      .where((w) => w.whereNull('l.expireTime').orWhere('l.expireTime', '>', input.at));
    whereAllows(q, input.sendType);
    // A bought line waits for its organization's authentication (resolveForSend refuses it too).
    q.where((w) => w.where('l.awaitingAuthentication', false).orWhereExists((e) => e.select(this.knex.raw('1')).from('organizations as ao')
      .whereRaw('ao.id = l."organizationId"').where('ao.isAuthenticated', true)));
    q.where((w) => {
      w.where((p) => p.where('l.isPublic', true).whereIn('l.organizationId', ancestors));
      if (input.isOrganizationAdmin) w.orWhere('l.organizationId', input.organizationId);
      else {
        w.orWhere((own) => own.where('l.organizationId', input.organizationId).whereExists((e) => e.select(this.knex.raw('1'))
          .from('private_number_assignments as s').whereRaw('s."privateNumberId" = l.id').where('s.userId', input.userId)
          .whereRaw('s."sendTypesList" @> ?::jsonb', [JSON.stringify([input.sendType])])));
      }
    });
    return (await q.select('l.*', 'a.type as agentType').orderBy([{ column: 'l.priority', order: 'desc' }, { column: 'l.id', order: 'asc' }])) as LineRow[];
  }

  // ---- limits ----

  /**
   * Adds `count` to a period's counter unless it would pass `limit`; one statement, so concurrent
   * sends cannot both slip under the limit. Answers false (and changes nothing) when over.
   */
  async addUsage(tx: Tx, key: { privateNumberId: number; userId: number; period: string }, count: number, limit: number): Promise<boolean> {
    if (count > limit) return false;
    const res = await tx.raw(
      `insert into private_number_usage ("privateNumberId", "userId", period, count) values (?, ?, ?, ?)
       on conflict ("privateNumberId", "userId", period) do update set count = private_number_usage.count + excluded.count
       where private_number_usage.count + excluded.count <= ? returning count`,
      [key.privateNumberId, key.userId, key.period, count, limit],
    );
    return (res.rows as unknown[]).length > 0;
  }

  async subtractUsage(tx: Tx, key: { privateNumberId: number; userId: number; period: string }, count: number): Promise<void> {
    await tx('private_number_usage').where(key).update({ count: tx.raw('greatest(count - ?, 0)', [count]) });
  }

  async usage(tx: Tx, key: { privateNumberId: number; userId: number; period: string }): Promise<number> {
    const row = await tx('private_number_usage').where(key).first('count');
    return Number(row?.count ?? 0);
  }
}
