import { inject, injectable } from 'inversify';
import type { Actor } from '../../../platform/actor.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import { fieldError } from '../../../platform/http/errors.js';
import { findLinks } from '../../../shared/sms/sms-text.js';
import type { LinkPlan, LinkShortener, ShortLinkMode } from '../../messaging/index.js';
import { newShortCode } from './short-link-codes.js';
import { ShortLinkRedirect } from './short-link-redirect.js';
import { ShortLinksService } from './short-links.service.js';
import type { NewShortLink } from './short-links.repository.js';

/** A link as written in a text, made absolute for the redirect (a bare domain or `www.` is taken as https). */
export function absoluteLink(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}

/**
 * Messaging's `LINK_SHORTENER` (issue 28): rewrites a send's links into short ones before compose
 * judges and prices its texts, and stores the drawn codes in the send's transaction. Codes are
 * drawn here (random, fixed length: every personal text is as long as every other, so parts and
 * price are exact before any row exists); a code taken meanwhile fails the save, which rolls the
 * whole send back (62^8 codes: practically never).
 */
@injectable()
export class ShortLinkPlanner implements LinkShortener {
  constructor(
    @inject(ShortLinkRedirect) private readonly redirect: ShortLinkRedirect,
    @inject(ShortLinksService) private readonly links: ShortLinksService,
  ) {}

  async plan(ctx: Actor, mode: Exclude<ShortLinkMode, 'None'>, template: string, receivers: { number: string; text?: string }[]): Promise<LinkPlan> {
    const found = findLinks(template);
    if (found.length === 0) throw fieldError('shortLinkMode', 'engage.shortLinks.noLinkInText');
    const base = this.redirect.baseUrl(null);
    if (!base) throw fieldError('shortLinkMode', 'engage.shortLinks.noBase');
    const organizationId = ctx.tenant.organizationId;
    const userId = ctx.principal.userId;
    const distinct = [...new Set(found.map((f) => f.link))];
    const rows: Omit<NewShortLink, 'sendId'>[] = [];
    const draw = (link: string, urlType: 'Public' | 'Personal', receiver: string | null) => {
      const code = newShortCode();
      rows.push({ code, mainUrl: absoluteLink(link), urlType, organizationId, userId, receiver });
      return `${base}/${code}`;
    };
    const rewrite = (text: string, short: Map<string, string>) => replaceLinks(text, distinct, short);

    let sharedText: string | null;
    if (mode === 'PerSend') {
      const short = new Map(distinct.map((l) => [l, draw(l, 'Public', null)]));
      sharedText = rewrite(template, short);
      for (const r of receivers) if (r.text !== undefined) r.text = rewrite(r.text, short);
    } else if (receivers.length === 1 && receivers[0].text === undefined) {
      // One receiver (a single send): its personal link goes in the send's own text.
      const short = new Map(distinct.map((l) => [l, draw(l, 'Personal', receivers[0].number)]));
      sharedText = rewrite(template, short);
    } else {
      sharedText = null;
      for (const r of receivers) {
        const short = new Map(distinct.map((l) => [l, draw(l, 'Personal', r.number)]));
        r.text = rewrite(r.text ?? template, short);
      }
    }
    return {
      sharedText,
      save: async (tx: Tx, sendId: number) => {
        await this.links.storePlanned(tx, rows.map((r) => ({ ...r, sendId })));
      },
    };
  }
}

/** Each occurrence of the template's links replaced by its short link (longest first, so a link inside a longer one is not cut). */
function replaceLinks(text: string, links: string[], short: Map<string, string>): string {
  const pattern = new RegExp([...links].sort((a, b) => b.length - a.length).map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (m) => short.get(m) ?? m);
}
