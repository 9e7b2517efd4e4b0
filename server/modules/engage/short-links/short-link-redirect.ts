import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { AppConfig } from '../../../platform/config.js';
import type { ClusterSignals, ClusterTopic } from '../../../platform/cluster-signals.js';
import type { FrontHandler } from '../../../platform/module.js';
import { classifyDevice } from './click-device.js';
import { ClickJournal } from './click-journal.js';
import { isShortCode } from './short-link-codes.js';
import { ShortLinksRepository, type ShortLinkRow } from './short-links.repository.js';

/** A code deleted (or changed): every web process drops it from its cache at once. */
export const SHORT_LINK_CHANGED: ClusterTopic<string> = {
  name: 'engage.short-link-changed',
  accept: (raw) => (typeof raw === 'string' && isShortCode(raw) ? raw : null),
};

/** The panel's own public pages: a personal link to one of them carries `sl=<code>` (the contract with surveys, forms, landing pages). */
const OWN_PUBLIC_PAGES = ['/online-survey/', '/form/', '/landing-page/'];

/** The path every web process serves codes under on any host, whatever the configured base. */
export const DEFAULT_SHORT_PATH = '/l';

interface CachedLink { row: ShortLinkRow; location: string; until: number }

const HIT_TTL_MS = 5 * 60_000;
const MISS_TTL_MS = 10_000;
const CACHE_LIMIT = 200_000;

/**
 * The redirect (issue 28): served ahead of Express (no session, body parsing or request log),
 * codes cached in memory, each click journaled before the answer and drained into the database in
 * batches (`ClickJournal`). An unknown code is a plain 404.
 */
@injectable()
export class ShortLinkRedirect {
  private readonly cache = new Map<string, CachedLink | null>();
  private readonly missUntil = new Map<string, number>();
  private readonly lookups = new Map<string, Promise<CachedLink | null>>();
  private journal: ClickJournal | null = null;
  private timer: NodeJS.Timeout | null = null;
  private panelOrigins = new Set<string>();
  /** The panel's own address once it listens (a web process); a worker has only the configuration. */
  private ownUrl: string | null = null;

  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.ClusterSignals) private readonly signals: ClusterSignals,
    @inject(ShortLinksRepository) private readonly links: ShortLinksRepository,
  ) {}

  /** Opens the journal, drains what a previous process left and drains every `drainMs` from then on. */
  async start(): Promise<void> {
    this.signals.on(SHORT_LINK_CHANGED, (code) => {
      this.cache.delete(code);
      this.missUntil.delete(code);
    });
    const journal = new ClickJournal(path.join(this.config.dataDir, 'short-link-clicks'), this.config.shortLinks.fsync, (clicks) => this.links.insertClicks(clicks));
    await journal.open();
    this.journal = journal;
    await this.drain();
    let busy = false;
    this.timer = setInterval(() => {
      // A drain slower than the period is not stacked up behind itself.
      if (busy) return;
      busy = true;
      void this.drain().finally(() => { busy = false; });
    }, this.config.shortLinks.drainMs);
    this.timer.unref();
  }

  /** A graceful stop: what is journaled reaches the database before the process ends. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const journal = this.journal;
    this.journal = null;
    await journal?.close();
  }

  async drain(): Promise<number> {
    try {
      return (await this.journal?.drain()) ?? 0;
    } catch (err) {
      // The files stay; the next turn tries again.
      this.logger.error({ err }, 'short link clicks: drain failed');
      return 0;
    }
  }

  /** The base a short link is written with (`{base}/{code}`). */
  baseUrl(ownUrl: string | null): string | null {
    if (this.config.shortLinks.base) return this.config.shortLinks.base;
    const origin = this.config.publicOrigin ?? ownUrl ?? this.ownUrl;
    return origin ? `${origin.replace(/\/+$/, '')}${DEFAULT_SHORT_PATH}` : null;
  }

  handler(ownUrl: string): FrontHandler {
    this.ownUrl = ownUrl;
    const base = new URL(this.baseUrl(ownUrl) as string);
    const basePath = base.pathname.replace(/\/+$/, '');
    const baseHost = base.host.toLowerCase();
    for (const o of [ownUrl, this.config.publicOrigin, base.origin]) if (o) this.panelOrigins.add(new URL(o).origin);
    const prefixes = [...new Set([basePath, DEFAULT_SHORT_PATH].filter((p) => p !== ''))].map((p) => `${p}/`);
    return (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '';
      let code: string | null = null;
      for (const prefix of prefixes) {
        if (url.startsWith(prefix)) {
          code = url.slice(prefix.length);
          break;
        }
      }
      if (code === null) {
        // A base of its own host (path `/`): `/<code>` on that Host only; the panel's pages keep every other host.
        if (basePath !== '' || req.headers.host?.toLowerCase() !== baseHost || url.length < 2) return false;
        code = url.slice(1);
      }
      const q = code.search(/[?#]/);
      if (q >= 0) code = code.slice(0, q);
      if (!isShortCode(code)) {
        if (basePath === '' && !url.startsWith(`${DEFAULT_SHORT_PATH}/`)) return false;
        notFound(res);
        return true;
      }
      void this.answer(code, req, res);
      return true;
    };
  }

  private async answer(code: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const link = this.cached(code) ?? (await this.lookup(code));
      if (!link) return notFound(res);
      const journal = this.journal;
      if (!journal) return unavailable(res);
      const ua = req.headers['user-agent'];
      await journal.append({
        clickKey: randomUUID(),
        shortLinkId: link.row.id,
        organizationId: link.row.organizationId,
        sendId: link.row.sendId,
        receiver: link.row.receiver,
        clickedAt: new Date(),
        device: classifyDevice(ua),
        userAgent: ua ? ua.slice(0, 300) : null,
      });
      res.writeHead(302, { location: link.location, 'cache-control': 'no-store', 'content-length': '0' });
      res.end();
    } catch (err) {
      // The click could not be journaled (or the database could not be asked): no answer but a retry, never a lost click.
      this.logger.error({ err, code }, 'short link redirect failed');
      unavailable(res);
    }
  }

  private cached(code: string): CachedLink | null {
    const hit = this.cache.get(code);
    if (hit && hit.until > Date.now()) return hit;
    return null;
  }

  private lookup(code: string): Promise<CachedLink | null> {
    const miss = this.missUntil.get(code);
    if (miss && miss > Date.now()) return Promise.resolve(null);
    let pending = this.lookups.get(code);
    if (!pending) {
      pending = this.links.byCode(code).then((row) => {
        if (this.cache.size >= CACHE_LIMIT) this.evict();
        if (!row) {
          this.missUntil.set(code, Date.now() + MISS_TTL_MS);
          if (this.missUntil.size > CACHE_LIMIT) this.missUntil.clear();
          return null;
        }
        const entry: CachedLink = { row, location: this.locationOf(row), until: Date.now() + HIT_TTL_MS };
        this.cache.set(code, entry);
        return entry;
      }).finally(() => this.lookups.delete(code));
      this.lookups.set(code, pending);
    }
    return pending;
  }

  /** Drops the oldest tenth (a Map iterates in insertion order). */
  private evict(): void {
    let n = Math.ceil(CACHE_LIMIT / 10);
    for (const key of this.cache.keys()) {
      if (n-- <= 0) break;
      this.cache.delete(key);
    }
  }

  /** Where a link leads: its mainUrl, plus `sl=<code>` for a personal link to one of the panel's own public pages. */
  locationOf(row: ShortLinkRow): string {
    if (row.urlType !== 'Personal') return row.mainUrl;
    let url: URL;
    try {
      url = new URL(row.mainUrl);
    } catch {
      return row.mainUrl;
    }
    if (!this.panelOrigins.has(url.origin) || !OWN_PUBLIC_PAGES.some((p) => url.pathname.startsWith(p))) return row.mainUrl;
    url.searchParams.set('sl', row.code);
    return url.toString();
  }
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end('Not found');
}

function unavailable(res: ServerResponse): void {
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '1' });
  res.end('Try again');
}
