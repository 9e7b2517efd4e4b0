import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx, UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import type { ClusterSignals } from '../../../platform/cluster-signals.js';
import { AppError, notFound, type ValidationIssue } from '../../../platform/http/errors.js';
import { AuditService } from '../../audit/index.js';
import { OutboxService } from '../../messaging/index.js';
import { tehranDay, tehranDayStart } from '../../../shared/dates/tehran-days.js';
import { newShortCode, isShortCode } from './short-link-codes.js';
import { ShortLinksRepository, type NewShortLink, type ShortLinkRow } from './short-links.repository.js';
import { ShortLinkRedirect, SHORT_LINK_CHANGED } from './short-link-redirect.js';

/** Who a code was sent to (the contract with the public pages: a personal link's answer is attributed to its receiver). */
export interface ShortLinkReceiver {
  organizationId: number;
  sendId: number | null;
  receiver: string | null;
}

/** The longest main address a link may lead to (browsers and proxies handle far less than this well). */
const MAX_URL_LENGTH = 2_000;

@injectable()
export class ShortLinksService {
  constructor(
    @inject(ShortLinksRepository) private readonly links: ShortLinksRepository,
    @inject(ShortLinkRedirect) private readonly redirect: ShortLinkRedirect,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(OutboxService) private readonly outbox: OutboxService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.ClusterSignals) private readonly signals: ClusterSignals,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /** The links page: hand-made and per-send (Public) links of the caller's slice, newest first, with their clicks. */
  async list(ctx: Actor, query: { pageIndex?: number; pageSize?: number; search?: string; sendId?: number }) {
    const page = await this.links.list(ctx.tenant, { pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20, search: query.search?.trim() || undefined, sendId: query.sendId });
    return { items: page.items.map((r) => this.view(r)), totalCount: page.totalCount };
  }

  /** One link with its clicks: total, distinct receivers, by device, by Tehran day. */
  async get(ctx: Actor, id: number) {
    const row = await this.links.visible(ctx.tenant, id);
    if (!row) throw notFound('engage.shortLinks.notFound');
    const summary = await this.links.summary({ shortLinkId: id });
    return { ...this.view({ ...row, clicks: summary.totalClicks }), summary };
  }

  /** A link made by hand (Public, no send): its code is written into any text by the user. */
  async create(ctx: Actor, input: { mainUrl: string; title?: string | null }) {
    const issues: ValidationIssue[] = [];
    const mainUrl = input.mainUrl.trim();
    let parsed: URL | null = null;
    try {
      parsed = new URL(mainUrl);
    } catch { /* answered below */ }
    if (!mainUrl) issues.push({ propertyName: 'mainUrl', key: 'engage.shortLinks.mainUrlRequired' });
    else if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname) issues.push({ propertyName: 'mainUrl', key: 'engage.shortLinks.mainUrlInvalid' });
    else if (mainUrl.length > MAX_URL_LENGTH) issues.push({ propertyName: 'mainUrl', key: 'engage.shortLinks.mainUrlTooLong', params: { max: MAX_URL_LENGTH } });
    if (!this.redirect.baseUrl(null)) issues.push({ propertyName: 'mainUrl', key: 'engage.shortLinks.noBase' });
    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
    return this.uow.run(async (tx) => {
      const [row] = await this.createLinks(tx, [{ mainUrl, urlType: 'Public', organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, sendId: null, receiver: null, title: input.title?.trim() || null }]);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'ShortLink', referenceId: row.id, newData: { code: row.code, mainUrl } });
      return this.view({ ...row, clicks: 0 });
    });
  }

  /** A hand-made link deleted: its code answers 404 from now on (every process drops it from its cache). Its clicks stay counted. */
  async delete(ctx: Actor, id: number) {
    const row = await this.links.visible(ctx.tenant, id);
    if (!row) throw notFound('engage.shortLinks.notFound');
    // A send's links are in texts already delivered: deleting them would break what receivers hold.
    if (row.sendId !== null) throw new AppError(400, 'engage.shortLinks.sendLinkKept');
    await this.uow.run(async (tx) => {
      await this.links.softDelete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'ShortLink', referenceId: id, oldData: { code: row.code, mainUrl: row.mainUrl } });
    });
    this.signals.announce(SHORT_LINK_CHANGED, row.code);
    return { id };
  }

  /** The outbox send detail's clicks: summary of the send's links and who clicked (receiver, time, device), newest first. */
  async sendClicks(ctx: Actor, query: { sendId: number; pageIndex?: number; pageSize?: number }) {
    // The send must be the caller's to see, as the outbox shows it (a foreign send is not found).
    await this.outbox.get(ctx, query.sendId);
    const summary = await this.links.summary({ sendId: query.sendId });
    const page = await this.links.sendClicks(query.sendId, { pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 });
    const links = await this.links.list(ctx.tenant, { pageIndex: 0, pageSize: 20, sendId: query.sendId });
    return {
      summary,
      personalLinks: await this.links.countOfSend(query.sendId, 'Personal'),
      publicLinks: links.items.map((r) => this.view(r)),
      items: page.items.map((c) => ({ ...c, shortUrl: this.shortUrl(c.code), clickedAt: c.clickedAt.toISOString() })),
      totalCount: page.totalCount,
    };
  }

  /** The dashboard's figure: clicks of the caller's slice today (Tehran) and in the last 30 days. */
  async dashboard(ctx: Actor) {
    const now = this.clock.now();
    const today = await this.links.clicksSince(ctx.tenant, tehranDayStart(tehranDay(now)));
    const month = await this.links.clicksSince(ctx.tenant, new Date(now.getTime() - 30 * 86_400_000));
    return { todayClicks: today.clicks, todayReceivers: today.receivers, last30DaysClicks: month.clicks, last30DaysReceivers: month.receivers };
  }

  private shortUrl(code: string): string {
    const base = this.redirect.baseUrl(null);
    return base ? `${base}/${code}` : code;
  }

  private view(r: ShortLinkRow & { clicks: number }) {
    return {
      id: r.id, code: r.code, shortUrl: this.shortUrl(r.code), mainUrl: r.mainUrl, urlType: r.urlType, title: r.title,
      sendId: r.sendId, receiver: r.receiver, clicks: r.clicks, createdAt: r.createdAt.toISOString(),
    };
  }

  /**
   * The organization, send and receiver of a code; null for an unknown or deleted code. A Public
   * link has no receiver (null); a hand-made link has neither send nor receiver.
   */
  async receiverForCode(code: string): Promise<ShortLinkReceiver | null> {
    if (!isShortCode(code)) return null;
    const row = await this.links.byCode(code);
    return row ? { organizationId: row.organizationId, sendId: row.sendId, receiver: row.receiver } : null;
  }

  /** The live link of a code (the redirect's lookup). */
  async byCode(code: string): Promise<ShortLinkRow | null> {
    if (!isShortCode(code)) return null;
    return this.links.byCode(code);
  }

  /** Stores a send's links whose codes were drawn before (its texts carry them): every one, or the send rolls back. */
  async storePlanned(tx: Tx, rows: NewShortLink[]): Promise<void> {
    const stored = await this.links.insertMany(tx, rows);
    if (stored.length !== rows.length) throw new Error('a short link code was taken meanwhile; the send is rolled back');
  }

  /**
   * Stores links with fresh codes, in the caller's transaction when given; a code that collides
   * with a stored one is drawn again, so every row is stored. Answers the rows in input order.
   */
  async createLinks(tx: Tx | null, rows: Omit<NewShortLink, 'code'>[]): Promise<ShortLinkRow[]> {
    const out: (ShortLinkRow | undefined)[] = new Array(rows.length);
    let pending = rows.map((row, index) => ({ index, row: { ...row, code: newShortCode() } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 5) throw new Error('short link codes kept colliding');
      const stored = await this.links.insertMany(tx, pending.map((p) => p.row));
      const byCode = new Map(stored.map((s) => [s.code, s]));
      const left: typeof pending = [];
      for (const p of pending) {
        const s = byCode.get(p.row.code);
        if (s) out[p.index] = s;
        else left.push({ index: p.index, row: { ...p.row, code: newShortCode() } });
      }
      pending = left;
    }
    return out as ShortLinkRow[];
  }
}
