// The same forward actions as inbox rules' (forward-actions.handler.ts): one URL call and one mail path.
import { FORWARD_EMAIL_ACTION, FORWARD_URL_ACTION } from './inbox-rules.step.js';
import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { ContactsService } from '../contacts/index.js';
import { compileTemplate, parseTemplate, type TemplateContact } from '../messaging/index.js';
import type { InboxRow } from './inbox.repository.js';
import { isOptOutText } from './inbox-text.js';
import type { InboundStep, NewInboundAction } from './inbound-contracts.js';
import { InboundActionsRepository } from './inbound-actions.repository.js';
import { REPLY_ACTION, type ReplyPayload } from './reply-action.handler.js';
import { TextParsersRepository, type ActiveParser, type ParserHit } from './text-parsers.repository.js';
import { ANSWERING, LOOP_MAX_ACTIONS, LOOP_WINDOW_MS, answerableSender, delayMs, isEchoOf, textMatcher } from './text-parsers.match.js';


/** A parser ready to run: its text condition compiled once. */
export interface CompiledParser extends ActiveParser {
  matchesText: (text: string) => boolean;
}

/** Cached parsers of a line are read again after this long, so a change made by another process (or a template's new text) arrives. */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX_LINES = 10_000;

/**
 * The active parsers per line, in memory: 50 parsers and thousands of messages a second read the
 * database once per line per 30 s. An edit in this process drops its lines at once (the service).
 */
@injectable()
export class TextParsersCache {
  private readonly lines = new Map<number, { at: number; parsers: CompiledParser[] }>();

  constructor(@inject(TextParsersRepository) private readonly repo: TextParsersRepository) {}

  invalidate(privateNumberId: number): void {
    this.lines.delete(privateNumberId);
  }

  async get(tx: Tx, lineIds: number[]): Promise<Map<number, CompiledParser[]>> {
    const now = Date.now();
    const out = new Map<number, CompiledParser[]>();
    const missing: number[] = [];
    for (const id of lineIds) {
      const hit = this.lines.get(id);
      if (hit && now - hit.at < CACHE_TTL_MS) out.set(id, hit.parsers);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const rows = await this.repo.activeOfLines(tx, missing);
    if (this.lines.size + missing.length > CACHE_MAX_LINES) this.lines.clear();
    for (const id of missing) out.set(id, []);
    for (const r of rows) out.get(r.privateNumberId)!.push({ ...r, matchesText: textMatcher(r.ifConditionType, r.ifConditionValue) });
    for (const id of missing) this.lines.set(id, { at: now, parsers: out.get(id)! });
    return out;
  }
}

/** The forms a sender `98912…` may be written in as a line number or mask. */
function numberForms(mobile: string): string[] {
  return [mobile, `0${mobile.slice(2)}`, mobile.slice(2), `+${mobile}`];
}

function senderMatches(p: ActiveParser, mobile: string, member: (phonebookId: number) => boolean): boolean {
  switch (p.senderConditionType) {
    case 'Any': return true;
    case 'Equals': return p.senderConditionValue === mobile;
    case 'StartsWith': return p.senderConditionValue !== null && mobile.startsWith(p.senderConditionValue);
    case 'InPhonebook': return p.senderPhonebookId !== null && member(p.senderPhonebookId);
    case 'NotInPhonebook': return p.senderPhonebookId !== null && !member(p.senderPhonebookId);
    default: return false;
  }
}

/** A template rendered for a contact; placeholders that name a field gone since are left empty. */
function render(text: string, contact: TemplateContact | null, fields: { nameEn: string; type?: string }[]): string {
  let parts = parseTemplate(text);
  let compiled = compileTemplate(parts, fields);
  if ('unknown' in compiled) {
    const unknown = new Set(compiled.unknown);
    parts = parts.filter((p) => typeof p === 'string' || !unknown.has(p.name));
    compiled = compileTemplate(parts, fields);
    if ('unknown' in compiled) return '';
  }
  return compiled.render(contact ?? { fields: {} });
}

/**
 * Text parsers (order 40): each stored message not answered by an earlier step is matched against
 * the active parsers of its line (same organization), oldest parser first. A match replies (the
 * `reply` action, one answer per message: handledBy), files the sender in a phonebook (here, in
 * the transaction), forwards (a reply to another mobile, an email action) or calls a URL (an
 * action). The loop guard (CONTEXT.md "Text parsers") runs before any of it.
 */
@injectable()
export class TextParsersStep implements InboundStep {
  readonly name = 'text-parsers';
  readonly order = 40;

  constructor(
    @inject(TextParsersCache) private readonly cache: TextParsersCache,
    @inject(TextParsersRepository) private readonly repo: TextParsersRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(InboundActionsRepository) private readonly actions: InboundActionsRepository,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async apply(tx: Tx, rows: InboxRow[]): Promise<void> {
    const open = rows.filter((r) => r.privateNumberId !== null && r.organizationId !== null && !r.handledBy);
    if (open.length === 0) return;
    const parsers = await this.cache.get(tx, [...new Set(open.map((r) => r.privateNumberId as number))]);
    // Loop guard (b): only people's mobiles are answered (no alphanumeric senders, short codes, foreign numbers).
    const candidates = open.filter((r) => (parsers.get(r.privateNumberId as number)?.length ?? 0) > 0 && answerableSender(r.senderMobile) !== null && !isOptOutText(r.smsText));
    if (candidates.length === 0) return;
    const mobileOf = (r: InboxRow) => answerableSender(r.senderMobile) as string;
    const mobiles = [...new Set(candidates.map(mobileOf))];
    const lineIds = [...new Set(candidates.map((r) => r.privateNumberId as number))];

    // Loop guard (a): a sender that is one of the installation's lines is another parser, never a person.
    const ownLines = await this.repo.ownLineNumbers(mobiles.flatMap(numberForms), tx);
    const now = this.clock.now();
    // Loop guard (c) and (d): what parsers did for each (line, sender) within the window.
    const hits = await this.repo.hitsSince(tx, lineIds, mobiles, new Date(now.getTime() - LOOP_WINDOW_MS));
    const pairs = new Map<string, { count: number; replies: string[] }>();
    const pairOf = (line: number, mobile: string) => {
      const key = `${line}:${mobile}`;
      let p = pairs.get(key);
      if (!p) pairs.set(key, (p = { count: 0, replies: [] }));
      return p;
    };
    for (const h of hits) {
      const p = pairOf(h.privateNumberId, h.mobile);
      p.count++;
      if (h.replyText) p.replies.push(h.replyText);
    }

    const phonebookIds = new Set<number>();
    for (const line of lineIds) for (const p of parsers.get(line) ?? []) if (p.senderPhonebookId !== null && (p.senderConditionType === 'InPhonebook' || p.senderConditionType === 'NotInPhonebook')) phonebookIds.add(p.senderPhonebookId);
    const members = phonebookIds.size > 0 ? await this.contacts.inboundMembership(tx, [...phonebookIds], mobiles) : new Set<string>();

    // Matching first; what needs a contact (templates) is read afterwards, once per organization.
    const matched: { row: InboxRow; parser: CompiledParser; mobile: string }[] = [];
    for (const row of candidates) {
      const mobile = mobileOf(row);
      if (numberForms(mobile).some((f) => ownLines.has(f))) continue;
      const pair = pairOf(row.privateNumberId as number, mobile);
      if (isEchoOf(row.smsText, pair.replies)) continue;
      for (const parser of parsers.get(row.privateNumberId as number) ?? []) {
        if (parser.organizationId !== row.organizationId) continue;
        if (pair.count >= LOOP_MAX_ACTIONS) break;
        const answering = ANSWERING.includes(parser.thenConditionType);
        if (answering && row.handledBy) continue;
        if (!senderMatches(parser, mobile, (book) => members.has(`${book}:${mobile}`)) || !parser.matchesText(row.smsText)) continue;
        if (answering) row.handledBy = `parser:${parser.id}`;
        pair.count++;
        matched.push({ row, parser, mobile });
      }
    }
    if (matched.length === 0) return;

    const templateContacts = new Map<string, Awaited<ReturnType<ContactsService['inboundContacts']>>>();
    for (const m of matched) {
      if (m.parser.thenConditionType !== 'ReplyDynamicTemplate') continue;
      const key = `${m.parser.organizationId}:${m.parser.senderPhonebookId ?? 0}`;
      if (templateContacts.has(key)) continue;
      const wanted = [...new Set(matched.filter((x) => x.parser.thenConditionType === 'ReplyDynamicTemplate' && `${x.parser.organizationId}:${x.parser.senderPhonebookId ?? 0}` === key).map((x) => x.mobile))];
      templateContacts.set(key, await this.contacts.inboundContacts(tx, m.parser.organizationId, wanted, m.parser.senderPhonebookId));
    }

    const actions: NewInboundAction[] = [];
    const newHits: ParserHit[] = [];
    // AddToPhonebook: the numbers per phonebook, added at the end in one statement each (nothing below reads them).
    const additions = new Map<number, string[]>();
    for (const { row, parser: p, mobile } of matched) {
      const delay = delayMs(p.sentDelayType, p.sentDelayValue);
      const sourceKey = `parser:${p.id}:msg:${row.id}`;
      const hit: ParserHit = { privateNumberId: p.privateNumberId, mobile, textParserId: p.id, replyText: null };
      const reply = (to: string, text: string): NewInboundAction => ({
        organizationId: p.organizationId, kind: REPLY_ACTION, sourceKey, inboxMessageId: row.id,
        payload: {
          userId: p.userId, organizationId: p.organizationId, privateNumberId: p.privateNumberId, to, text,
          // A delayed reply is a scheduled send that waits in the outbox (the spec's sentDelayType/Value).
          sendDateTime: delay > 0 ? new Date(now.getTime() + delay).toISOString() : null,
          description: p.title,
        } satisfies ReplyPayload as unknown as Record<string, unknown>,
      });
      switch (p.thenConditionType) {
        case 'ReplyText':
        case 'ReplyDynamicTemplate': {
          let text = p.thenConditionValue ?? '';
          if (p.thenConditionType === 'ReplyDynamicTemplate') {
            const found = templateContacts.get(`${p.organizationId}:${p.senderPhonebookId ?? 0}`);
            const contact = found?.contacts.get(mobile) ?? null;
            const template = contact ? p.matchingTemplateText : p.noMatchingTemplateText;
            text = template === null ? '' : render(template, contact, found?.customFields ?? []);
          }
          if (text.trim() === '') { row.handledBy = row.handledBy === `parser:${p.id}` ? null : row.handledBy; continue; }
          actions.push(reply(mobile, text));
          hit.replyText = text;
          break;
        }
        case 'ForwardToMobile':
          if (!p.mobileNumber) continue;
          actions.push(reply(p.mobileNumber, `${row.senderMobile}: ${row.smsText}`.slice(0, 1_000)));
          break;
        case 'AddToPhonebook': {
          const book = Number(p.thenConditionValue);
          if (Number.isInteger(book) && book > 0) {
            const list = additions.get(book);
            if (list) list.push(mobile);
            else additions.set(book, [mobile]);
          }
          break;
        }
        case 'ForwardToEmail':
          if (!p.email) continue;
          actions.push({
            organizationId: p.organizationId, kind: FORWARD_EMAIL_ACTION, sourceKey, inboxMessageId: row.id,
            payload: { email: p.email, from: row.senderMobile, to: row.receiverNumber, text: row.smsText, at: new Date(row.dateTimeReceive).toISOString() }, notBefore: delay > 0 ? new Date(now.getTime() + delay) : null,
          });
          break;
        case 'CallUrl':
          if (!p.ipAndPort) continue;
          actions.push({
            organizationId: p.organizationId, kind: FORWARD_URL_ACTION, sourceKey, inboxMessageId: row.id,
            payload: { url: p.ipAndPort, from: row.senderMobile, to: row.receiverNumber, text: row.smsText }, notBefore: delay > 0 ? new Date(now.getTime() + delay) : null,
          });
          break;
        default:
          continue;
      }
      newHits.push(hit);
    }
    for (const [book, mobiles] of additions) await this.contacts.addManyFromInbound(tx, book, mobiles);
    await this.actions.enqueue(tx, actions);
    await this.repo.recordHits(tx, newHits);
  }
}
