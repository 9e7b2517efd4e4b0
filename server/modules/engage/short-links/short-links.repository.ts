import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/http/context.js';
import { escapeLike, whereOrganizationVisible } from '../../../platform/tenancy.js';

export type ShortLinkUrlType = 'Public' | 'Personal';

/** The spec's short link, as stored (`short_links`). */
export interface ShortLinkRow {
  id: number;
  code: string;
  mainUrl: string;
  urlType: ShortLinkUrlType;
  organizationId: number;
  userId: number | null;
  sendId: number | null;
  receiver: string | null;
  title: string | null;
  createdAt: Date;
}

export interface NewShortLink {
  code: string;
  mainUrl: string;
  urlType: ShortLinkUrlType;
  organizationId: number;
  userId: number | null;
  sendId: number | null;
  receiver: string | null;
  title?: string | null;
}

/** One answered redirect, as journaled and then stored (`short_link_clicks`). */
export interface ClickRecord {
  clickKey: string;
  shortLinkId: number;
  organizationId: number;
  sendId: number | null;
  receiver: string | null;
  clickedAt: Date;
  device: string;
  userAgent: string | null;
}

export interface ClickSummary {
  totalClicks: number;
  uniqueReceivers: number;
  byDevice: { device: string; clicks: number }[];
  byDay: { day: string; clicks: number }[];
}

const TEHRAN_DAY = `to_char(("clickedAt" at time zone 'Asia/Tehran')::date, 'YYYY-MM-DD')`;

@injectable()
export class ShortLinksRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  /**
   * Inserts links; a code already taken is skipped (answered without it) so the caller draws a new
   * one for that row: codes are random, and a rare collision must not fail a whole send.
   */
  async insertMany(tx: Tx | null, rows: NewShortLink[]): Promise<ShortLinkRow[]> {
    if (rows.length === 0) return [];
    const db = (tx ?? this.knex) as Knex;
    const out: ShortLinkRow[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await db('short_links').insert(rows.slice(i, i + 1000).map((r) => ({ ...r, title: r.title ?? null }))).onConflict('code').ignore().returning('*');
      out.push(...(inserted as Record<string, unknown>[]).map(normalize));
    }
    return out;
  }

  async byCode(code: string): Promise<ShortLinkRow | null> {
    const row = await this.knex('short_links').where({ code }).whereNull('deletedAt').first();
    return row ? normalize(row) : null;
  }

  async visible(tenant: Tenant, id: number): Promise<ShortLinkRow | null> {
    const q = this.knex('short_links').where({ id }).whereNull('deletedAt');
    whereOrganizationVisible(q, this.knex, 'organizationId', tenant);
    const row = await q.first();
    return row ? normalize(row) : null;
  }

  async softDelete(tx: Tx, id: number): Promise<void> {
    await tx('short_links').where({ id }).update({ deletedAt: tx.fn.now() });
  }

  /** Hand-made and per-send (Public) links of the tenant with their click counts; personal rows are per receiver and shown with their send. */
  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string; sendId?: number }): Promise<{ items: (ShortLinkRow & { clicks: number })[]; totalCount: number }> {
    const base = this.knex('short_links as l').whereNull('l.deletedAt').where('l.urlType', 'Public');
    whereOrganizationVisible(base, this.knex, 'l.organizationId', tenant);
    if (filter.sendId !== undefined) base.where('l.sendId', filter.sendId);
    if (filter.search) {
      const like = `%${escapeLike(filter.search)}%`;
      base.where((w) => w.where('l.mainUrl', 'ilike', like).orWhere('l.title', 'ilike', like).orWhere('l.code', filter.search!));
    }
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone()
      .select('l.*', this.knex.raw('(select count(*) from short_link_clicks c where c."shortLinkId" = l.id) as clicks'))
      .orderBy('l.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map((r: Record<string, unknown>) => ({ ...normalize(r), clicks: Number(r.clicks) })), totalCount: Number(count) };
  }

  /** Stores journaled clicks; a click already stored (a journal drained again after a crash) is skipped. Answers how many were new. */
  async insertClicks(clicks: ClickRecord[]): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < clicks.length; i += 2000) {
      const ids = await this.knex('short_link_clicks').insert(clicks.slice(i, i + 2000)).onConflict('clickKey').ignore().returning('id');
      inserted += (ids as unknown[]).length;
    }
    return inserted;
  }

  async countOfSend(sendId: number, urlType: ShortLinkUrlType): Promise<number> {
    const [{ count }] = await this.knex('short_links').where({ sendId, urlType }).count<{ count: string }[]>({ count: '*' });
    return Number(count);
  }

  async countClicks(where: { shortLinkId?: number; sendId?: number; organizationId?: number }): Promise<number> {
    const q = this.knex('short_link_clicks');
    if (where.shortLinkId !== undefined) q.where('shortLinkId', where.shortLinkId);
    if (where.sendId !== undefined) q.where('sendId', where.sendId);
    if (where.organizationId !== undefined) q.where('organizationId', where.organizationId);
    const [{ count }] = await q.count<{ count: string }[]>({ count: '*' });
    return Number(count);
  }

  /** Totals, distinct receivers, devices and Tehran days of the clicks of one link or of one send's links. */
  async summary(where: { shortLinkId: number } | { sendId: number }): Promise<ClickSummary> {
    const base = () => this.knex('short_link_clicks').where(where);
    const [totals] = await base().select(this.knex.raw('count(*) as total'), this.knex.raw('count(distinct receiver) as receivers'));
    const devices = await base().select('device').count<{ device: string; count: string }[]>({ count: '*' }).groupBy('device').orderBy('device');
    const days = await base().select(this.knex.raw(`${TEHRAN_DAY} as day`)).count({ count: '*' }).groupByRaw(TEHRAN_DAY).orderBy('day', 'desc').limit(90);
    return {
      totalClicks: Number((totals as Record<string, unknown>).total),
      uniqueReceivers: Number((totals as Record<string, unknown>).receivers),
      byDevice: devices.map((d) => ({ device: d.device, clicks: Number(d.count) })),
      byDay: (days as Record<string, unknown>[]).map((d) => ({ day: String(d.day), clicks: Number(d.count) })),
    };
  }

  /** One send's clicks, newest first: who clicked, when, on what device, which link. */
  async sendClicks(sendId: number, page: { pageIndex: number; pageSize: number }): Promise<{ items: { code: string; urlType: string; mainUrl: string; receiver: string | null; clickedAt: Date; device: string }[]; totalCount: number }> {
    const base = this.knex('short_link_clicks as c').where('c.sendId', sendId);
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().join('short_links as l', 'l.id', 'c.shortLinkId')
      .select('l.code', 'l.urlType', 'l.mainUrl', 'c.receiver', 'c.clickedAt', 'c.device')
      .orderBy('c.clickedAt', 'desc').orderBy('c.id', 'desc').offset(page.pageIndex * page.pageSize).limit(page.pageSize);
    return { items: rows.map((r: Record<string, unknown>) => ({ code: r.code as string, urlType: r.urlType as string, mainUrl: r.mainUrl as string, receiver: (r.receiver as string) ?? null, clickedAt: new Date(r.clickedAt as string), device: r.device as string })), totalCount: Number(count) };
  }

  /** Clicks in the tenant's slice since an instant (the dashboard's figure). */
  async clicksSince(tenant: Tenant, since: Date): Promise<{ clicks: number; receivers: number }> {
    const q = this.knex('short_link_clicks').where('clickedAt', '>=', since);
    whereOrganizationVisible(q, this.knex, 'organizationId', tenant);
    const [row] = await q.select(this.knex.raw('count(*) as clicks'), this.knex.raw('count(distinct receiver) as receivers'));
    return { clicks: Number((row as Record<string, unknown>).clicks), receivers: Number((row as Record<string, unknown>).receivers) };
  }
}

function normalize(r: Record<string, unknown>): ShortLinkRow {
  return {
    id: Number(r.id),
    code: r.code as string,
    mainUrl: r.mainUrl as string,
    urlType: r.urlType as ShortLinkUrlType,
    organizationId: Number(r.organizationId),
    userId: r.userId == null ? null : Number(r.userId),
    sendId: r.sendId == null ? null : Number(r.sendId),
    receiver: (r.receiver as string) ?? null,
    title: (r.title as string) ?? null,
    createdAt: new Date(r.createdAt as string),
  };
}
