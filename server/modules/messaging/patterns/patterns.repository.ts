import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/actor.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import { likeContains } from '../../../platform/http/search.js';

/** A pattern's confirmation, spelled like the spec's other waiting states ("Wating", as OtpStatus). */
export const PATTERN_STATUSES = ['WatingForConfirm', 'Confirmed', 'Rejected'] as const;
export type PatternStatus = (typeof PATTERN_STATUSES)[number];

export interface PatternRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  smsText: string;
  /** The dynamic template the text was taken from (the copy is what was confirmed). */
  dynamicTemplateId: number | null;
  status: PatternStatus;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  /** Confirmed by someone who may confirm the organization's sends (above it, or the system administrator). */
  confirmedAbove: boolean;
  rejectReason: string | null;
  createdAt: Date;
  lastModified: Date;
  deletedAt: Date | null;
}

export type NewPattern = Pick<PatternRow, 'organizationId' | 'userId' | 'title' | 'smsText' | 'dynamicTemplateId' | 'status' | 'decidedByUserId' | 'decidedAt' | 'confirmedAbove' | 'lastModified'>;

export interface PatternFilter {
  pageIndex: number;
  pageSize: number;
  search?: string;
  status?: PatternStatus;
}

/** Saved patterns; deleted rows (`deletedAt`) are invisible to every read here. */
@injectable()
export class PatternsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async insert(tx: Tx, row: NewPattern): Promise<PatternRow> {
    const [created] = await tx('message_patterns').insert(row).returning('*');
    return created as PatternRow;
  }

  /** Patterns in the tenant's slice; only the caller's own unless `ownerId` is null (a manager). */
  async list(tenant: Tenant, ownerId: number | null, f: PatternFilter): Promise<{ items: (PatternRow & { userName: string; organizationName: string })[]; totalCount: number }> {
    const q = this.knex('message_patterns as p').join('users as u', 'u.id', 'p.userId').join('organizations as o', 'o.id', 'p.organizationId').whereNull('p.deletedAt');
    whereOrganizationVisible(q, this.knex, 'p.organizationId', tenant);
    if (ownerId !== null) q.where('p.userId', ownerId);
    if (f.status) q.where('p.status', f.status);
    if (f.search) q.where((w) => w.where('p.title', 'ilike', likeContains(f.search!)).orWhere('p.smsText', 'ilike', likeContains(f.search!)));
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone().select('p.*', 'u.userName as userName', 'o.name as organizationName').orderBy('p.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return { items: items as (PatternRow & { userName: string; organizationName: string })[], totalCount: Number(count?.n ?? 0) };
  }

  /** The confirmed patterns a sender may use in one organization (the send's picker), newest first. */
  async usable(organizationId: number, ownerId: number | null): Promise<PatternRow[]> {
    const q = this.knex('message_patterns').where({ organizationId, status: 'Confirmed' }).whereNull('deletedAt').orderBy('id', 'desc').limit(500);
    if (ownerId !== null) q.where('userId', ownerId);
    return (await q) as PatternRow[];
  }

  /** One visible pattern, locked for the change (an edit and a decision cannot cross), or null. */
  async findVisible(tenant: Tenant, ownerId: number | null, id: number, tx: Tx): Promise<PatternRow | null> {
    const q = tx('message_patterns as p').select('p.*').where('p.id', id).whereNull('p.deletedAt').forUpdate();
    whereOrganizationVisible(q, tx, 'p.organizationId', tenant);
    if (ownerId !== null) q.where('p.userId', ownerId);
    return ((await q.first()) as PatternRow | undefined) ?? null;
  }

  /** The send's read: one primary-key lookup inside the sending organization (no lock). */
  async findForSend(organizationId: number, ownerId: number | null, id: number): Promise<PatternRow | null> {
    const q = this.knex('message_patterns').where({ id, organizationId }).whereNull('deletedAt');
    if (ownerId !== null) q.where('userId', ownerId);
    return ((await q.first()) as PatternRow | undefined) ?? null;
  }

  async update(tx: Tx, id: number, patch: Partial<PatternRow>): Promise<PatternRow> {
    const [row] = await tx('message_patterns').where({ id }).update(patch).returning('*');
    return row as PatternRow;
  }
}
