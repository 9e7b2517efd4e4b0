import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/http/context.js';
import { escapeLike, whereOrganizationVisible } from '../../../platform/tenancy.js';
import type { LandingBlock, LandingLanguage, LandingTheme } from '../../../shared/engage/landing-pages.answers.js';

export interface LandingPageRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  slug: string;
  language: LandingLanguage;
  theme: LandingTheme;
  blocks: LandingBlock[];
  isPublished: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The owner organization's public name (landing_page_sites), joined. */
  organizationName: string | null;
}

export type LandingPageValues = Pick<LandingPageRow, 'title' | 'slug' | 'language' | 'theme' | 'blocks'>;

export interface LandingImageRow {
  key: string;
  organizationId: number;
  width: number;
  height: number;
}

function normalize(r: Record<string, unknown>): LandingPageRow {
  // jsonb comes back parsed from pg and PGlite alike; text (an older driver setting) is parsed here.
  const blocks = typeof r.blocks === 'string' ? JSON.parse(r.blocks) : r.blocks;
  return {
    id: Number(r.id), organizationId: Number(r.organizationId), userId: Number(r.userId), title: String(r.title), slug: String(r.slug),
    language: r.language as LandingLanguage, theme: r.theme as LandingTheme, blocks: (blocks ?? []) as LandingBlock[], isPublished: Boolean(r.isPublished),
    publishedAt: (r.publishedAt as Date | null) ?? null, createdAt: r.createdAt as Date, updatedAt: r.updatedAt as Date,
    organizationName: (r.organizationName as string | null) ?? null,
  };
}

/** Landing pages, their organizations' public names, images and daily visits (engage CONTEXT.md, "Landing pages"). */
@injectable()
export class LandingPagesRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private pages(db: Knex | Tx = this.knex) {
    return db('landing_pages as p').leftJoin('landing_page_sites as s', 's.organizationId', 'p.organizationId')
      .whereNull('p.deletedAt').select('p.*', 's.organizationName');
  }

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string }): Promise<{ items: LandingPageRow[]; totalCount: number }> {
    const base = this.knex('landing_pages as p').whereNull('p.deletedAt');
    whereOrganizationVisible(base, this.knex, 'p.organizationId', tenant);
    if (filter.search) base.where((w) => w.where('p.title', 'ilike', `%${escapeLike(filter.search!)}%`).orWhere('p.slug', 'ilike', `%${escapeLike(filter.search!)}%`));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().leftJoin('landing_page_sites as s', 's.organizationId', 'p.organizationId')
      .select('p.*', 's.organizationName').orderBy('p.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map(normalize), totalCount: Number(count) };
  }

  async visible(tenant: Tenant, id: number, tx?: Tx): Promise<LandingPageRow | null> {
    const q = this.pages(tx).where('p.id', id);
    whereOrganizationVisible(q, tx ?? this.knex, 'p.organizationId', tenant);
    const row = await q.first();
    return row ? normalize(row) : null;
  }

  async lock(tx: Tx, id: number): Promise<void> {
    await tx('landing_pages').where({ id }).forUpdate().first('id');
  }

  async insert(tx: Tx, owner: { organizationId: number; userId: number }, values: LandingPageValues): Promise<number> {
    const [row] = await tx('landing_pages').insert({ ...owner, ...values, blocks: JSON.stringify(values.blocks) }).returning('id');
    return Number((row as { id: number }).id ?? row);
  }

  async update(tx: Tx, id: number, values: Partial<LandingPageValues> & { isPublished?: boolean; publishedAt?: Date | null }): Promise<void> {
    const { blocks, ...rest } = values;
    const changed = await tx('landing_pages').where({ id }).whereNull('deletedAt')
      .update({ ...rest, ...(blocks ? { blocks: JSON.stringify(blocks) } : {}), updatedAt: tx.fn.now() });
    if (affectedRows(changed) !== 1) throw new Error(`landing page ${id} not updated`);
  }

  async softDelete(tx: Tx, id: number): Promise<void> {
    const changed = await tx('landing_pages').where({ id }).whereNull('deletedAt').update({ deletedAt: tx.fn.now(), isPublished: false });
    if (affectedRows(changed) !== 1) throw new Error(`landing page ${id} not deleted`);
  }

  // ---- public names ----

  async siteOf(organizationId: number, tx?: Tx): Promise<string | null> {
    const row = await (tx ?? this.knex)('landing_page_sites').where({ organizationId }).first('organizationName');
    return (row?.organizationName as string | undefined) ?? null;
  }

  async setSite(tx: Tx, organizationId: number, organizationName: string): Promise<void> {
    await tx('landing_page_sites').insert({ organizationId, organizationName, updatedAt: tx.fn.now() })
      .onConflict('organizationId').merge(['organizationName', 'updatedAt']);
  }

  // ---- images ----

  async insertImage(tx: Tx, row: LandingImageRow & { userId: number; sizeBytes: number }): Promise<void> {
    await tx('landing_page_images').insert(row);
  }

  /** Which of these keys are images of the organization (a block may name only its own). */
  async imageKeysOf(organizationId: number, keys: string[], tx?: Tx): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await (tx ?? this.knex)('landing_page_images').where({ organizationId }).whereIn('key', keys).select('key');
    return new Set(rows.map((r: { key: string }) => String(r.key)));
  }

  /** An image a published, live page of its organization names in a block; null for anything else. */
  async publishedImage(key: string): Promise<LandingImageRow | null> {
    const row = await this.knex('landing_page_images as i')
      .where('i.key', key)
      .whereExists((q) => q.select(this.knex.raw('1')).from('landing_pages as p')
        .whereRaw('p."organizationId" = i."organizationId"').where('p.isPublished', true).whereNull('p.deletedAt')
        .whereRaw('p.blocks @> jsonb_build_array(jsonb_build_object(\'imageKey\', i.key::text))'))
      .join('organizations as o', 'o.id', 'i.organizationId').whereNull('o.deletedAt').where('o.isActive', true)
      .first('i.key', 'i.organizationId', 'i.width', 'i.height');
    return row ? { key: String(row.key), organizationId: Number(row.organizationId), width: Number(row.width), height: Number(row.height) } : null;
  }

  // ---- public pages ----

  /**
   * The published page of the organization whose public name this is: the one with this slug, or
   * (no slug) its oldest published page. Only live, active organizations publish.
   */
  async published(organizationName: string, slug: string | null): Promise<LandingPageRow | null> {
    const q = this.knex('landing_pages as p')
      .join('landing_page_sites as s', 's.organizationId', 'p.organizationId')
      .join('organizations as o', 'o.id', 'p.organizationId')
      .whereRaw('lower(s."organizationName") = ?', [organizationName.toLowerCase()])
      .where('p.isPublished', true).whereNull('p.deletedAt').whereNull('o.deletedAt').where('o.isActive', true)
      .select('p.*', 's.organizationName').orderBy('p.id', 'asc');
    if (slug !== null) q.whereRaw('lower(p.slug) = ?', [slug.toLowerCase()]);
    const row = await q.first();
    return row ? normalize(row) : null;
  }

  /** One more visit of the page on this Tehran day: one upsert, no read. */
  async countVisit(landingPageId: number, day: string): Promise<void> {
    await this.knex.raw(
      'insert into landing_page_visits ("landingPageId", day, visits) values (?, ?, 1) on conflict ("landingPageId", day) do update set visits = landing_page_visits.visits + 1',
      [landingPageId, day],
    );
  }

  async visits(landingPageId: number, fromDay: string): Promise<{ day: string; visits: number }[]> {
    const rows = await this.knex('landing_page_visits').where({ landingPageId }).where('day', '>=', fromDay).orderBy('day').select('day', 'visits');
    return rows.map((r: { day: string; visits: number | string }) => ({ day: String(r.day), visits: Number(r.visits) }));
  }
}
