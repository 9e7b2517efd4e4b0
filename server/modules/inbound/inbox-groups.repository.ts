import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';

export interface InboxGroupRow {
  id: number;
  organizationId: number;
  name: string;
  createdAt: Date;
  /** Messages filed under it (lists only). */
  messageCount?: number;
}

export type KeywordType = 'Contains' | 'StartsWith';

export interface InboxRuleFields {
  title: string;
  priority: number;
  isActive: boolean;
  privateNumberId: number | null;
  senderMobile: string | null;
  keywordType: KeywordType | null;
  keyword: string | null;
  inboxGroupId: number | null;
  forwardUrl: string | null;
  forwardEmail: string | null;
  forwardMobile: string | null;
}

export interface InboxRuleRow extends InboxRuleFields {
  id: number;
  organizationId: number;
  userId: number;
  createdAt: Date;
  inboxGroupName: string | null;
  receiverNumber: string | null;
}

const toGroup = (r: Record<string, unknown>): InboxGroupRow => ({
  id: Number(r.id), organizationId: Number(r.organizationId), name: String(r.name), createdAt: r.createdAt as Date,
  ...(r.messageCount !== undefined ? { messageCount: Number(r.messageCount) } : {}),
});

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toRule = (r: Record<string, unknown>): InboxRuleRow => ({
  id: Number(r.id), organizationId: Number(r.organizationId), userId: Number(r.userId), title: String(r.title), priority: Number(r.priority),
  isActive: Boolean(r.isActive), privateNumberId: nullableNumber(r.privateNumberId), senderMobile: (r.senderMobile as string | null) ?? null,
  keywordType: (r.keywordType as KeywordType | null) ?? null, keyword: (r.keyword as string | null) ?? null, inboxGroupId: nullableNumber(r.inboxGroupId),
  forwardUrl: (r.forwardUrl as string | null) ?? null, forwardEmail: (r.forwardEmail as string | null) ?? null, forwardMobile: (r.forwardMobile as string | null) ?? null,
  createdAt: r.createdAt as Date, inboxGroupName: (r.inboxGroupName as string | null | undefined) ?? null, receiverNumber: (r.receiverNumber as string | null | undefined) ?? null,
});

/** Inbox groups and inbox rules of an organization (`inbox_groups`, `inbox_rules`). */
@injectable()
export class InboxGroupsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async listGroups(organizationId: number): Promise<InboxGroupRow[]> {
    const counts = this.knex('inbox_messages').select('inboxGroupId').count({ n: '*' }).whereNotNull('inboxGroupId').groupBy('inboxGroupId').as('c');
    const rows = await this.knex('inbox_groups as g').leftJoin(counts, 'c.inboxGroupId', 'g.id').where('g.organizationId', organizationId)
      .select('g.*', this.knex.raw('coalesce(c.n, 0) as "messageCount"')).orderBy('g.name');
    return (rows as Record<string, unknown>[]).map(toGroup);
  }

  async findGroup(organizationId: number, id: number, tx?: Tx): Promise<InboxGroupRow | null> {
    const row = await (tx ?? this.knex)('inbox_groups').where({ organizationId, id }).first();
    return row ? toGroup(row as Record<string, unknown>) : null;
  }

  async groupNamed(organizationId: number, name: string, exceptId?: number): Promise<boolean> {
    const q = this.knex('inbox_groups').where({ organizationId }).whereRaw('lower(name) = lower(?)', [name]);
    if (exceptId) q.whereNot('id', exceptId);
    return (await q.first('id')) !== undefined;
  }

  async insertGroup(organizationId: number, name: string): Promise<InboxGroupRow> {
    const [row] = await this.knex('inbox_groups').insert({ organizationId, name }).returning('*');
    return toGroup(row as Record<string, unknown>);
  }

  async renameGroup(organizationId: number, id: number, name: string): Promise<InboxGroupRow | null> {
    const [row] = await this.knex('inbox_groups').where({ organizationId, id }).update({ name }).returning('*');
    return row ? toGroup(row as Record<string, unknown>) : null;
  }

  /** Its messages keep existing, ungrouped; rules that filed into it keep their forwards (both set null by the database). */
  async deleteGroup(organizationId: number, id: number): Promise<boolean> {
    return affectedRows(await this.knex('inbox_groups').where({ organizationId, id }).delete()) > 0;
  }

  private rules(q: Knex | Tx = this.knex) {
    return q('inbox_rules as r').leftJoin('inbox_groups as g', 'g.id', 'r.inboxGroupId').leftJoin('private_numbers as p', 'p.id', 'r.privateNumberId')
      .select('r.*', 'g.name as inboxGroupName', 'p.number as receiverNumber');
  }

  /** In the order they are tried: priority, then the older first. */
  async listRules(organizationId: number): Promise<InboxRuleRow[]> {
    return ((await this.rules().where('r.organizationId', organizationId).orderBy([{ column: 'r.priority' }, { column: 'r.id' }])) as Record<string, unknown>[]).map(toRule);
  }

  async findRule(organizationId: number, id: number): Promise<InboxRuleRow | null> {
    const row = await this.rules().where({ 'r.organizationId': organizationId, 'r.id': id }).first();
    return row ? toRule(row as Record<string, unknown>) : null;
  }

  async insertRule(organizationId: number, userId: number, fields: InboxRuleFields): Promise<number> {
    const [row] = await this.knex('inbox_rules').insert({ organizationId, userId, ...fields }).returning('id');
    return Number((row as { id: number }).id ?? row);
  }

  async updateRule(organizationId: number, id: number, fields: InboxRuleFields): Promise<boolean> {
    return affectedRows(await this.knex('inbox_rules').where({ organizationId, id }).update(fields)) > 0;
  }

  async deleteRule(organizationId: number, id: number): Promise<boolean> {
    return affectedRows(await this.knex('inbox_rules').where({ organizationId, id }).delete()) > 0;
  }

  /** In the store transaction: the active rules of these organizations, in the order they are tried. */
  async activeRulesOf(tx: Tx, organizationIds: number[]): Promise<InboxRuleRow[]> {
    if (organizationIds.length === 0) return [];
    const rows = await this.rules(tx).whereIn('r.organizationId', organizationIds).where('r.isActive', true).orderBy([{ column: 'r.priority' }, { column: 'r.id' }]);
    return (rows as Record<string, unknown>[]).map(toRule);
  }

  /** In the store transaction: each organization's own line numbers and masks (a forward never goes back to one of them). */
  async ownNumbersOf(tx: Tx, organizationIds: number[]): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>();
    if (organizationIds.length === 0) return out;
    for (const r of await tx('private_numbers').whereIn('organizationId', organizationIds).select('organizationId', 'number', 'mask')) {
      const set = out.get(Number(r.organizationId)) ?? new Set<string>();
      for (const n of [r.number, r.mask]) if (typeof n === 'string' && n !== '') set.add(n);
      out.set(Number(r.organizationId), set);
    }
    return out;
  }

  /** Files stored messages under groups (in the store transaction). */
  async file(tx: Tx, byGroup: Map<number, number[]>): Promise<void> {
    for (const [groupId, ids] of byGroup) await tx('inbox_messages').whereIn('id', ids).update({ inboxGroupId: groupId });
  }

  /** Whether the line belongs to the organization (a rule's line condition). */
  async lineOf(organizationId: number, privateNumberId: number): Promise<boolean> {
    return (await this.knex('private_numbers').where({ id: privateNumberId, organizationId }).whereNull('deletedAt').first('id')) !== undefined;
  }

  /**
   * A live sender agent of type Email that the organization may use: its own or one of an
   * organization above it (operators configure them at the top), the nearest first.
   */
  async emailAgentFor(organizationId: number): Promise<{ id: number; pluginName: string; options: unknown } | null> {
    const org = await this.knex('organizations').where({ id: organizationId }).first('path');
    if (!org) return null;
    const path = String(org.path);
    const row = await this.knex('sender_agents as a').join('organizations as o', 'o.id', 'a.organizationId')
      .where('a.type', 'Email').where('a.isActive', true).where('a.isSendActive', true).whereNull('a.deletedAt')
      .whereRaw('? like o.path || \'%\'', [path])
      .orderByRaw('length(o.path) desc').orderBy('a.id').first('a.id', 'a.pluginName', 'a.options');
    return row ? { id: Number(row.id), pluginName: String(row.pluginName), options: typeof row.options === 'string' ? JSON.parse(row.options) : row.options } : null;
  }
}
