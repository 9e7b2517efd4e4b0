import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import type { DocumentStatus } from '../../shared/documents/documents.answers.js';

export interface DocumentRow {
  id: number;
  organizationId: number;
  userId: number | null;
  documentType: string;
  documentStatus: DocumentStatus;
  description: string | null;
  fileKey: string;
  fileName: string | null;
  contentType: string;
  size: number;
  uploadedByUserId: number;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  createdAt: Date;
  lastModified: Date;
}

/** Whose documents: an organization's own (`userId` null) or one user's. */
export interface DocumentOwner {
  organizationId: number;
  userId: number | null;
}

export interface DocumentReviewFilter {
  documentStatus?: DocumentStatus;
  pageIndex: number;
  pageSize: number;
  /** Leave out this organization's documents (an administrator does not review its own). */
  exceptOrganizationId: number | null;
}

const INT_COLUMNS = ['id', 'organizationId', 'userId', 'size', 'uploadedByUserId', 'decidedByUserId'] as const;

/** PGlite and pg answer integers in different shapes; every row leaves here as numbers. */
function normalize<T>(raw: Record<string, unknown>): T {
  const r: Record<string, unknown> = { ...raw };
  for (const k of INT_COLUMNS) if (r[k] !== undefined) r[k] = r[k] === null ? null : Number(r[k]);
  return r as T;
}

/** Identity documents (`identity_documents`): one row per owner and type. */
@injectable()
export class DocumentsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private ownerQuery(q: Knex.QueryBuilder, owner: DocumentOwner): Knex.QueryBuilder {
    q.where('organizationId', owner.organizationId);
    return owner.userId === null ? q.whereNull('userId') : q.where('userId', owner.userId);
  }

  async listOf(owner: DocumentOwner): Promise<DocumentRow[]> {
    const rows = await this.ownerQuery(this.knex('identity_documents').select('*'), owner).orderBy('id');
    return (rows as Record<string, unknown>[]).map((r) => normalize<DocumentRow>(r));
  }

  /** The owner's document of this type, locked for the replacement. */
  async findOfType(tx: Tx, owner: DocumentOwner, documentType: string): Promise<DocumentRow | null> {
    const row = await this.ownerQuery(tx('identity_documents').select('*'), owner).where({ documentType }).forUpdate().first();
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  async insert(tx: Tx, row: Omit<DocumentRow, 'id' | 'createdAt' | 'lastModified'> & { lastModified: Date }): Promise<DocumentRow> {
    const [created] = await tx('identity_documents').insert(row).returning('*');
    return normalize(created as Record<string, unknown>);
  }

  async update(tx: Tx, id: number, patch: Partial<DocumentRow>): Promise<DocumentRow> {
    const [row] = await tx('identity_documents').where({ id }).update(patch).returning('*');
    return normalize(row as Record<string, unknown>);
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('identity_documents').where({ id }).delete();
  }

  /**
   * One document in the tenant's slice, locked (a decision and a replacement cannot cross), or
   * null. `userId` non-null: only that user's own documents (a plain user).
   */
  async findVisible(tenant: Tenant, userId: number | null, id: number, tx?: Tx): Promise<DocumentRow | null> {
    const db = tx ?? this.knex;
    const q = db('identity_documents as d').select('d.*').where('d.id', id);
    if (tx) q.forUpdate();
    whereOrganizationVisible(q, db, 'd.organizationId', tenant);
    if (userId !== null) q.where('d.userId', userId);
    const row = await q.first();
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  /** The review list: documents in the slice, waiting first, newest first within. */
  async review(tenant: Tenant, f: DocumentReviewFilter): Promise<{ items: (DocumentRow & { organizationName: string; userName: string | null; ownerIsAuthenticated: boolean })[]; totalCount: number }> {
    const q = this.knex('identity_documents as d');
    whereOrganizationVisible(q, this.knex, 'd.organizationId', tenant);
    if (f.exceptOrganizationId !== null) q.whereNot('d.organizationId', f.exceptOrganizationId);
    if (f.documentStatus) q.where('d.documentStatus', f.documentStatus);
    const [count, items] = await Promise.all([
      q.clone().count<{ n: string | number }[]>({ n: '*' }).first(),
      q.clone()
        .join('organizations as o', 'o.id', 'd.organizationId').leftJoin('users as u', 'u.id', 'd.userId')
        .select('d.*', 'o.name as organizationName', 'u.userName as userName')
        // The owner's authentication as it is now: the organization's for its own documents, else the user's.
        .select(this.knex.raw(`case when d."userId" is null then o."isAuthenticated" else u."isAuthenticated" end as "ownerIsAuthenticated"`))
        .orderByRaw(`case when d."documentStatus" = 'NotCheckedYet' then 0 else 1 end`).orderBy('d.lastModified', 'desc').orderBy('d.id', 'desc')
        .offset(f.pageIndex * f.pageSize).limit(f.pageSize),
    ]);
    return {
      items: (items as Record<string, unknown>[]).map((r) => ({ ...normalize<DocumentRow & { organizationName: string; userName: string | null }>(r), ownerIsAuthenticated: r.ownerIsAuthenticated === true })),
      totalCount: Number(count?.n ?? 0),
    };
  }
}
