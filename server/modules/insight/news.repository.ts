import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { escapeLike, whereOrganizationVisible } from '../../platform/tenancy.js';

/** The spec's "News / information", as stored. */
export interface NewsRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  text: string;
  displayForAllSubOrganizations: boolean;
  customerDomainName: string | null;
  startDate: Date;
  endDate: Date;
  isRequiredToSeen: boolean;
  createdAt: Date;
  lastModified: Date;
}

export type NewsValues = Pick<NewsRow, 'title' | 'text' | 'displayForAllSubOrganizations' | 'customerDomainName' | 'startDate' | 'endDate' | 'isRequiredToSeen'>;

/** Who reads: a user, and the organization whose news they see (their own one). */
export interface NewsReader {
  userId: number;
  organizationId: number;
  organizationPath: string;
  /** The host the panel was opened at (lower-case); a news with a customerDomainName shows only there. */
  host: string;
}

export interface ReaderNewsRow extends NewsRow {
  organizationName: string;
  acknowledgedAt: Date | null;
}

const COLUMNS = ['n.id', 'n.organizationId', 'n.userId', 'n.title', 'n.text', 'n.displayForAllSubOrganizations', 'n.customerDomainName',
  'n.startDate', 'n.endDate', 'n.isRequiredToSeen', 'n.createdAt', 'n.lastModified'];

@injectable()
export class NewsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /** The writer's list: every news of the tenant's slice, newest first. */
  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string }): Promise<{ items: (NewsRow & { organizationName: string })[]; totalCount: number }> {
    const base = this.knex('news as n').join('organizations as o', 'o.id', 'n.organizationId').whereNull('n.deletedAt');
    whereOrganizationVisible(base, this.knex, 'n.organizationId', tenant);
    if (filter.search) base.where((w) => w.where('n.title', 'ilike', `%${escapeLike(filter.search!)}%`).orWhere('n.text', 'ilike', `%${escapeLike(filter.search!)}%`));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().select(...COLUMNS, 'o.name as organizationName')
      .orderBy('n.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map((r: Record<string, unknown>) => ({ ...normalize(r), organizationName: String(r.organizationName) })), totalCount: Number(count) };
  }

  async visible(tenant: Tenant, id: number): Promise<(NewsRow & { organizationName: string }) | null> {
    const q = this.knex('news as n').join('organizations as o', 'o.id', 'n.organizationId').where('n.id', id).whereNull('n.deletedAt');
    whereOrganizationVisible(q, this.knex, 'n.organizationId', tenant);
    const row = await q.first(...COLUMNS, 'o.name as organizationName');
    return row ? { ...normalize(row), organizationName: String(row.organizationName) } : null;
  }

  async insert(tx: Tx, owner: { organizationId: number; userId: number }, values: NewsValues): Promise<NewsRow> {
    const [row] = await tx('news').insert({ ...owner, ...values }).returning('*');
    return normalize(row);
  }

  async update(tx: Tx, id: number, values: NewsValues, at: Date): Promise<NewsRow | null> {
    const [row] = await tx('news').where({ id }).whereNull('deletedAt').update({ ...values, lastModified: at }).returning('*');
    return row ? normalize(row) : null;
  }

  async softDelete(tx: Tx, id: number, at: Date): Promise<boolean> {
    return affectedRows(await tx('news').where({ id }).whereNull('deletedAt').update({ deletedAt: at })) > 0;
  }

  /**
   * News addressed to the reader's organization: written for it, or written above it for the
   * whole subtree. `now` given: only those inside their window.
   */
  private readable(reader: NewsReader, now: Date | null): Knex.QueryBuilder {
    const q = this.knex('news as n').join('organizations as o', 'o.id', 'n.organizationId')
      .leftJoin('news_acknowledgements as a', (j) => j.on('a.newsId', 'n.id').andOn('a.userId', this.knex.raw('?', [reader.userId])))
      .whereNull('n.deletedAt').whereNull('o.deletedAt')
      .where((w) => w.where('n.organizationId', reader.organizationId)
        // The writer's path is a prefix of the reader's: the reader lies in the writer's subtree.
        .orWhere((s) => s.where('n.displayForAllSubOrganizations', true).whereRaw('left(?, length(o.path)) = o.path', [reader.organizationPath])));
    q.where((w) => w.whereNull('n.customerDomainName').orWhere('n.customerDomainName', reader.host));
    if (now) q.where('n.startDate', '<=', now).where('n.endDate', '>', now);
    return q;
  }

  /** The reader's news inside their window, newest start first. */
  async latest(reader: NewsReader, now: Date, page: { pageIndex: number; pageSize: number }): Promise<{ items: ReaderNewsRow[]; totalCount: number }> {
    const base = this.readable(reader, now);
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().select(...COLUMNS, 'o.name as organizationName', 'a.acknowledgedAt')
      .orderBy([{ column: 'n.startDate', order: 'desc' }, { column: 'n.id', order: 'desc' }])
      .offset(page.pageIndex * page.pageSize).limit(page.pageSize);
    return { items: rows.map(readerRow), totalCount: Number(count) };
  }

  /** Must-read news in their window that the reader has not acknowledged, oldest first. */
  async mustRead(reader: NewsReader, now: Date, limit: number): Promise<ReaderNewsRow[]> {
    const rows = await this.readable(reader, now).where('n.isRequiredToSeen', true).whereNull('a.newsId')
      .select(...COLUMNS, 'o.name as organizationName', 'a.acknowledgedAt')
      .orderBy([{ column: 'n.startDate', order: 'asc' }, { column: 'n.id', order: 'asc' }]).limit(limit);
    return rows.map(readerRow);
  }

  /** One news the reader may read (in its window or not: an acknowledgement may arrive just after it closes). */
  async readableById(reader: NewsReader, id: number): Promise<ReaderNewsRow | null> {
    const row = await this.readable(reader, null).where('n.id', id).first(...COLUMNS, 'o.name as organizationName', 'a.acknowledgedAt');
    return row ? readerRow(row) : null;
  }

  /** Once per user: a second acknowledgement keeps the first one's time. */
  async acknowledge(tx: Tx, newsId: number, userId: number, at: Date): Promise<{ acknowledgedAt: Date; first: boolean }> {
    const inserted = await tx('news_acknowledgements').insert({ newsId, userId, acknowledgedAt: at }).onConflict(['newsId', 'userId']).ignore().returning('acknowledgedAt');
    if (inserted.length > 0) return { acknowledgedAt: new Date(inserted[0].acknowledgedAt), first: true };
    const row = await tx('news_acknowledgements').where({ newsId, userId }).first('acknowledgedAt');
    return { acknowledgedAt: new Date(row.acknowledgedAt), first: false };
  }
}

function normalize(r: Record<string, unknown>): NewsRow {
  return {
    id: Number(r.id), organizationId: Number(r.organizationId), userId: Number(r.userId), title: String(r.title), text: String(r.text),
    displayForAllSubOrganizations: !!r.displayForAllSubOrganizations, customerDomainName: (r.customerDomainName as string | null) ?? null,
    startDate: new Date(r.startDate as string), endDate: new Date(r.endDate as string), isRequiredToSeen: !!r.isRequiredToSeen,
    createdAt: new Date(r.createdAt as string), lastModified: new Date(r.lastModified as string),
  };
}

function readerRow(r: Record<string, unknown>): ReaderNewsRow {
  return { ...normalize(r), organizationName: String(r.organizationName), acknowledgedAt: r.acknowledgedAt ? new Date(r.acknowledgedAt as string) : null };
}
