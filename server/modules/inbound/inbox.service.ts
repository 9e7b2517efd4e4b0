import { createHash } from 'node:crypto';
import { inject, injectable, multiInject, optional } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { Realtime } from '../../platform/realtime.js';
import type { Actor } from '../../platform/actor.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { fieldError } from '../../platform/http/errors.js';
import type { InboundMessage } from '../../gateways/gateway-sdk.js';
import { LinesService, type InboundLine } from '../numbers/index.js';
import { InboxRepository, type InboxFilter, type InboxInsert, type InboxRow, type InboxViewer } from './inbox.repository.js';
import { countParts, specEncoding } from '../../shared/sms/sms-text.js';
import { isOptOutText, normalizeSender, receiverCandidates } from './inbox-text.js';
import { OptOutsRepository, type OptOutInsert } from './opt-outs.repository.js';
import { savepoint, type UnitOfWork } from '../../platform/unit-of-work.js';
import { INBOUND_STEPS, type InboundStep } from './inbound-contracts.js';
import { InboundActionsSignal } from './inbound-actions.worker.js';
import { AggregatorRulesService } from './aggregator-rules.service.js';
import { normalizeMobile } from '../../shared/sms/phone-numbers.js';
import { shownSender } from '../../shared/sms/masked-numbers.js';

/** The realtime event pushed for each new inbound message, to the sockets whose user `Inbox/GetAll` would show it. */
export const INBOX_MESSAGE_EVENT = 'inbox-message';
/** The claim of reading the inbox: REST and the live push check the same one. */
export const INBOX_CLAIM = 'SmsReports.Inbox';

const MAX_TEXT = 20_000;

/** `Inbox/GetAll`'s query (and an export's filter): paging, read state, line, group, the search fields and the received range (ISO instants). */
export interface InboxListInput {
  pageIndex?: number;
  pageSize?: number;
  isRead?: boolean;
  privateNumberId?: number;
  inboxGroupId?: number;
  search?: string;
  receiverNumber?: string;
  senderMobile?: string;
  smsText?: string;
  fromDate?: string;
  toDate?: string;
}

/**
 * Woken (in this process, after the insert) by new inbound messages: a hint to read now, not the
 * durable path. Consumers read with `storedAfter` and a cursor, so a missed wake-up (a crash, a
 * message stored by another process) only delays them until their next sweep.
 */
export interface InboundListener {
  onInbound(rows: InboxRow[]): void;
}
export const INBOUND_LISTENERS = Symbol.for('peyk.inbox.InboundListener');

/** An inbox message as the API answers it (the spec's fields). */
export function publicInboxMessage(stored: InboxRow) {
  // A reply from a hidden (regional) receiver never shows its number.
  const row = shownSender(stored);
  return {
    id: row.id,
    inboxGroupId: row.inboxGroupId ?? null,
    inboxGroupName: row.inboxGroupName ?? null,
    organizationId: row.organizationId,
    organizationName: row.organizationName ?? null,
    privateNumberId: row.privateNumberId,
    receiverNumber: row.receiverNumber,
    senderMobile: row.senderMobile,
    encoding: specEncoding(row.encoding),
    smsParts: row.smsParts,
    smsText: row.smsText,
    isRead: row.isRead,
    dateTimeReceive: row.dateTimeReceive,
    createdAt: row.createdAt,
  };
}

function toDate(value: unknown): Date {
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? new Date() : d;
}

/** A gateway that gives no id still gets repeats dropped: the id is derived from what it handed over. */
function providerIdOf(m: InboundMessage, at: Date): string {
  if (typeof m.providerId === 'string' && m.providerId.trim() !== '') return m.providerId.trim().slice(0, 200);
  return `sha1:${createHash('sha1').update(`${m.from}\u0000${m.to}\u0000${m.text}\u0000${at.toISOString()}`).digest('hex')}`;
}

/**
 * The opt-outs the stored messages ask for: an opt-out text on a line of an organization from a
 * number compose could send to. A message of no line changes nothing (no organization to leave).
 */
function optOutsOf(stored: InboxRow[]): OptOutInsert[] {
  const out = new Map<string, OptOutInsert>();
  for (const row of stored) {
    if (row.organizationId === null || !isOptOutText(row.smsText)) continue;
    const mobile = normalizeMobile(row.senderMobile)?.number;
    if (!mobile) continue;
    const key = `${row.organizationId}:${mobile}`;
    if (!out.has(key)) out.set(key, { organizationId: row.organizationId, mobile, privateNumberId: row.privateNumberId, inboxMessageId: row.id });
  }
  return [...out.values()];
}

/** Inbound (mobile-originated) messages: stored from the gateways, listed and marked read by users. */
@injectable()
export class InboxService {
  constructor(
    @inject(InboxRepository) private readonly repo: InboxRepository,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(OptOutsRepository) private readonly optOuts: OptOutsRepository,
    @inject(InboundActionsSignal) private readonly actionsSignal: InboundActionsSignal,
    @inject(AggregatorRulesService) private readonly aggregators: AggregatorRulesService,
    @multiInject(INBOUND_LISTENERS) @optional() private readonly listeners: InboundListener[] = [],
    @multiInject(INBOUND_STEPS) @optional() steps: InboundStep[] = [],
  ) {
    this.steps = [...(steps ?? [])].sort((a, b) => a.order - b.order);
  }

  private readonly steps: InboundStep[];

  /**
   * Stores what a gateway handed over in one statement; a repeat (same agent and provider id) is
   * stored once. A message to a number that is no line of the agent is kept without organization
   * (the system administrators see it) instead of being refused: the gateway would only resend it.
   */
  async receive(senderAgentId: number, messages: InboundMessage[]): Promise<void> {
    const valid = (Array.isArray(messages) ? messages : []).filter((m) => m && typeof m === 'object' && typeof m.from === 'string' && typeof m.to === 'string');
    if (valid.length === 0) return;
    const candidates = valid.map((m) => receiverCandidates(m.to));
    const lines = await this.lines.linesForInbound(senderAgentId, candidates.flat());
    const rows: InboxInsert[] = valid.map((m, i) => {
      const line: InboundLine | undefined = candidates[i].map((c) => lines.get(c)).find((l) => l !== undefined);
      // PostgreSQL text cannot hold NUL; a gateway passing one through must not lose the whole group.
      const text = typeof m.text === 'string' ? m.text.replace(/\u0000/g, '').slice(0, MAX_TEXT) : '';
      const { encoding, parts } = countParts(text);
      const at = toDate(m.at);
      return {
        senderAgentId,
        privateNumberId: line?.id ?? null,
        organizationId: line?.organizationId ?? null,
        receiverNumber: (line?.number ?? m.to.trim()).slice(0, 40),
        senderMobile: normalizeSender(m.from).slice(0, 40),
        smsText: text,
        encoding,
        // An empty inbound text still took one part on the air.
        smsParts: Math.max(1, parts),
        providerId: providerIdOf(m, at),
        dateTimeReceive: at,
      };
    });
    // Before the insert: a message an aggregator rule routes is the target organization's from its
    // first moment (its opt-out, its steps, its readers), never the line owner's for a while.
    await this.aggregators.route(rows);
    // The opt-outs are written in the same transaction as the messages that ask for them: a
    // best-effort listener could lose one, and a number that opted out must never be sent to again.
    const stored = await this.uow.run(async (tx) => {
      const inserted = await this.repo.insertNew(tx, rows);
      await this.optOuts.insertMany(tx, optOutsOf(inserted));
      if (inserted.length > 0) await this.runSteps(tx, inserted);
      return inserted;
    });
    if (stored.length > 0 && this.steps.length > 0) this.actionsSignal.wake();
    for (const l of this.listeners ?? []) {
      try { l.onInbound(stored); } catch (err) { this.logger.warn({ err }, 'an inbound listener failed'); }
    }
    const unmatched = stored.filter((r) => r.organizationId === null).length;
    if (unmatched > 0) this.logger.warn({ senderAgentId, unmatched }, 'inbound messages to numbers that are no line of the agent');
    // Stored already: a push that fails must not make the gateway hand the group over again.
    await this.push(stored).catch((err: unknown) => this.logger.warn({ err }, 'inbound messages stored but not pushed'));
  }

  /**
   * Each step in its own savepoint: a step that fails (a bad rule, a bug) loses its own writes and
   * is logged; the messages and the other steps' work are kept, because a refusal here would only
   * make the gateway hand the same messages over again, forever.
   */
  private async runSteps(tx: Parameters<Parameters<UnitOfWork['run']>[0]>[0], rows: InboxRow[]): Promise<void> {
    for (const step of this.steps) {
      try {
        await savepoint(tx, (sp) => step.apply(sp, rows));
      } catch (err) {
        this.logger.error({ err, step: step.name, count: rows.length }, 'an inbound step failed; its work for these messages is dropped');
      }
    }
  }

  /**
   * The same readers as `viewer()` + the repository's visibility: the claim, administrators of the
   * line's organization and above, plain users of it only for lines assigned to them with
   * canSeeReceivedSms. Messages of no line are not pushed (only system administrators list them).
   */
  private async push(stored: InboxRow[]): Promise<void> {
    const owned = stored.filter((r) => r.organizationId !== null);
    if (owned.length === 0) return;
    const { paths, lineReaders } = await this.repo.readersOf(
      [...new Set(owned.map((r) => r.organizationId as number))],
      [...new Set(owned.map((r) => r.privateNumberId).filter((id): id is number => id !== null))],
    );
    for (const row of owned) {
      const organizationPath = paths.get(row.organizationId as number);
      if (organizationPath === undefined) continue;
      const audience = { claim: INBOX_CLAIM, organizationId: row.organizationId as number, organizationPath, userIds: lineReaders.get(row.privateNumberId as number) ?? [] };
      this.realtime.emitToReaders(audience, INBOX_MESSAGE_EVENT, publicInboxMessage(row));
    }
  }

  /** Administrators see every line of their slice (system administrators also messages of no line); users only lines assigned to them to read. */
  private viewer(ctx: Actor): InboxViewer {
    const p = ctx.principal;
    const allLines = p.isAdmin || p.scope === 'superAdmin' || p.scope === 'reseller';
    // Messages of no line belong to nobody below the platform: shown only in the system organization's own view.
    const withUnmatched = p.scope === 'superAdmin' && ctx.tenant.subtree && ctx.tenant.organizationId === p.organizationId;
    return { tenant: ctx.tenant, userId: p.userId, allLines, withUnmatched };
  }

  /** For consumers outside the panel (webhooks, the SMPP server, API `inbound`): see the repository's cursor rule. */
  storedAfter(afterId: number, limit: number, organizationIds: number[] | null): Promise<InboxRow[]> {
    return this.repo.storedAfter(afterId, limit, organizationIds);
  }

  /**
   * The caller's inbound messages after a cursor (the last id they got), oldest first: the REST
   * API's `inbound`. Rows of the last 2 seconds wait for the next call (see the repository), so a
   * client that always passes the answer's `cursor` back gets every message once.
   */
  async since(ctx: Actor, afterId: number, limit: number) {
    const rows = await this.repo.after(this.viewer(ctx), afterId, limit, new Date(Date.now() - 2_000));
    return { items: rows.map(publicInboxMessage), cursor: rows.length > 0 ? rows[rows.length - 1].id : afterId };
  }

  async list(ctx: Actor, q: InboxListInput) {
    const page = await this.repo.list(this.viewer(ctx), this.filterOf(q));
    return { items: page.items.map(publicInboxMessage), totalCount: page.totalCount };
  }

  /** The list's filter from the query: the free search from 3 characters, the fields' parts, the received range. */
  filterOf(q: InboxListInput): InboxFilter {
    const search = normalizeSearch({ search: q.search, pageIndex: q.pageIndex ?? 0, pageSize: q.pageSize ?? 10 }).search ?? null;
    const part = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
    const fromDate = q.fromDate ? new Date(q.fromDate) : null;
    const toDate = q.toDate ? new Date(q.toDate) : null;
    if (fromDate && toDate && fromDate > toDate) throw fieldError('toDate', 'inbox.dateRangeInvalid');
    return {
      pageIndex: q.pageIndex ?? 0, pageSize: q.pageSize ?? 10, isRead: q.isRead, privateNumberId: q.privateNumberId, inboxGroupId: q.inboxGroupId, search,
      receiverNumber: part(q.receiverNumber), senderMobile: part(q.senderMobile), smsText: part(q.smsText), fromDate, toDate,
    };
  }

  /** The viewer of a caller (the export job reads with the requester's). */
  viewerOf(ctx: Actor): InboxViewer {
    return this.viewer(ctx);
  }

  async markAsRead(ctx: Actor, ids: number[], isRead = true) {
    const viewer = this.viewer(ctx);
    const updated = await this.repo.markAsRead(viewer, [...new Set(ids)], isRead);
    return { updated, unreadCount: await this.repo.unreadCount(viewer) };
  }

  async unreadCount(ctx: Actor) {
    return { unreadCount: await this.repo.unreadCount(this.viewer(ctx)) };
  }
}
