import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { parseTemplateIn, toBraces } from '../../shared/text/template-placeholders.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/actor.js';
import { escapeLike, whereOrganizationVisible } from '../../platform/tenancy.js';
import type { IfConditionType, SenderConditionType, SentDelayType, ThenConditionType } from './text-parsers.match.js';

/** The spec's text parser, as stored (`senderNumber` is the line's number, read with it). */
export interface TextParserRow {
  id: number;
  organizationId: number;
  userId: number;
  title: string;
  privateNumberId: number;
  isActive: boolean;
  isChildrenChange: boolean;
  senderConditionType: SenderConditionType;
  senderConditionValue: string | null;
  senderPhonebookId: number | null;
  ifConditionType: IfConditionType;
  ifConditionValue: string | null;
  thenConditionType: ThenConditionType;
  thenConditionValue: string | null;
  mobileNumber: string | null;
  email: string | null;
  matchingDynamicTemplateId: number | null;
  noMatchingDynamicTemplateId: number | null;
  ipAndPort: string | null;
  sentDelayType: SentDelayType;
  sentDelayValue: number;
  createdAt: Date;
  lastModified: Date;
}

export type TextParserValues = Omit<TextParserRow, 'id' | 'organizationId' | 'userId' | 'createdAt' | 'lastModified'>;

/** An active parser as the inbound step runs it: with its line's number and its templates' texts. */
export interface ActiveParser extends TextParserRow {
  lineNumber: string;
  matchingTemplateText: string | null;
  noMatchingTemplateText: string | null;
}

export interface ParserHit {
  privateNumberId: number;
  mobile: string;
  textParserId: number;
  replyText: string | null;
}

/** A template's text in the Braces syntax the step renders, whatever format it was written in. */
function bracesText(text: unknown, format: unknown): string | null {
  if (typeof text !== 'string') return null;
  return toBraces(parseTemplateIn(format === 'Brackets' ? 'Brackets' : 'Braces', text));
}

const INT_COLUMNS = ['id', 'organizationId', 'userId', 'privateNumberId', 'senderPhonebookId', 'matchingDynamicTemplateId', 'noMatchingDynamicTemplateId', 'sentDelayValue'] as const;

function normalize<T extends TextParserRow>(r: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...r };
  for (const c of INT_COLUMNS) out[c] = r[c] === null || r[c] === undefined ? null : Number(r[c]);
  return out as unknown as T;
}

/**
 * Text parsers and their loop-guard memory. Reads `private_numbers` (numbers), `message_patterns`
 * (messaging's confirmed dynamic templates) and `users` for the lists and the step, like the inbox
 * reads line assignments: one indexed read inside the store transaction instead of a call per row.
 */
@injectable()
export class TextParsersRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  async list(tenant: Tenant, f: { pageIndex: number; pageSize: number; search?: string | null; userId?: number; privateNumberId?: number }) {
    const base = this.knex('text_parsers as t');
    whereOrganizationVisible(base, this.knex, 't.organizationId', tenant);
    if (f.userId !== undefined) base.where('t.userId', f.userId);
    if (f.privateNumberId !== undefined) base.where('t.privateNumberId', f.privateNumberId);
    if (f.search) base.where((w) => w.where('t.title', 'ilike', `%${escapeLike(f.search!)}%`).orWhere('t.ifConditionValue', 'ilike', `%${escapeLike(f.search!)}%`));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().leftJoin('private_numbers as p', 'p.id', 't.privateNumberId').leftJoin('users as u', 'u.id', 't.userId')
      .select('t.*', 'p.number as senderNumber', 'u.userName as userName')
      .orderBy('t.id', 'desc').offset(f.pageIndex * f.pageSize).limit(f.pageSize);
    return {
      items: (rows as Record<string, unknown>[]).map((r) => ({ ...normalize<TextParserRow>(r), senderNumber: (r.senderNumber as string | null) ?? null, userName: (r.userName as string | null) ?? null })),
      totalCount: Number(count),
    };
  }

  async visible(tenant: Tenant, id: number): Promise<(TextParserRow & { senderNumber: string | null }) | null> {
    const q = this.knex('text_parsers as t').leftJoin('private_numbers as p', 'p.id', 't.privateNumberId').select('t.*', 'p.number as senderNumber').where('t.id', id);
    whereOrganizationVisible(q, this.knex, 't.organizationId', tenant);
    const row = (await q.first()) as Record<string, unknown> | undefined;
    return row ? { ...normalize<TextParserRow>(row), senderNumber: (row.senderNumber as string | null) ?? null } : null;
  }

  async insert(tx: Tx, owner: { organizationId: number; userId: number }, values: TextParserValues): Promise<TextParserRow> {
    const [row] = await tx('text_parsers').insert({ ...owner, ...values }).returning('*');
    return normalize(row as Record<string, unknown>);
  }

  async update(tx: Tx, id: number, values: Partial<TextParserValues>, at: Date): Promise<TextParserRow | null> {
    const [row] = await tx('text_parsers').where({ id }).update({ ...values, lastModified: at }).returning('*');
    return row ? normalize(row as Record<string, unknown>) : null;
  }

  async delete(tx: Tx, id: number): Promise<boolean> {
    return affectedRows(await tx('text_parsers').where({ id }).delete()) > 0;
  }

  /** The owner organization of a live line, or null. */
  async lineOwner(privateNumberId: number): Promise<{ organizationId: number | null; number: string } | null> {
    const row = await this.knex('private_numbers').select('organizationId', 'number').where({ id: privateNumberId }).whereNull('deletedAt').first();
    return row ? { organizationId: row.organizationId === null ? null : Number(row.organizationId), number: String(row.number) } : null;
  }

  /** Live dynamic templates (messaging's `dynamic_templates`) of an organization among `ids` (the owner's only when given). */
  async usableTemplates(organizationId: number, ids: number[], ownerId: number | null): Promise<number[]> {
    if (ids.length === 0) return [];
    const q = this.knex('dynamic_templates').select('id').where({ organizationId }).whereNull('deletedAt').whereIn('id', ids);
    if (ownerId !== null) q.where('userId', ownerId);
    return ((await q) as { id: unknown }[]).map((r) => Number(r.id));
  }

  /** Which of these numbers (in the forms given) are a live line's number or mask anywhere in the installation. */
  async ownLineNumbers(candidates: string[], tx?: Tx): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const rows = await (tx ?? this.knex)('private_numbers').select('number', 'mask').whereNull('deletedAt')
      .where((w) => w.whereIn('number', candidates).orWhereIn('mask', candidates));
    const out = new Set<string>();
    for (const r of rows as { number: string; mask: string | null }[]) { out.add(r.number); if (r.mask) out.add(r.mask); }
    return out;
  }

  /** The active parsers of some lines, oldest first, with their line's number and their dynamic templates' texts (live ones, in the Braces syntax). */
  async activeOfLines(tx: Tx, lineIds: number[]): Promise<ActiveParser[]> {
    if (lineIds.length === 0) return [];
    const rows = await tx('text_parsers as t')
      .join('private_numbers as p', 'p.id', 't.privateNumberId')
      .leftJoin('dynamic_templates as m1', (j) => j.on('m1.id', 't.matchingDynamicTemplateId').andOn('m1.organizationId', 't.organizationId').andOnNull('m1.deletedAt'))
      .leftJoin('dynamic_templates as m2', (j) => j.on('m2.id', 't.noMatchingDynamicTemplateId').andOn('m2.organizationId', 't.organizationId').andOnNull('m2.deletedAt'))
      .select('t.*', 'p.number as lineNumber', 'm1.customText as matchingTemplateText', 'm1.format as matchingTemplateFormat', 'm2.customText as noMatchingTemplateText', 'm2.format as noMatchingTemplateFormat')
      .whereIn('t.privateNumberId', lineIds).where('t.isActive', true).orderBy('t.id');
    return (rows as Record<string, unknown>[]).map((r) => ({
      ...normalize<TextParserRow>(r), lineNumber: String(r.lineNumber),
      matchingTemplateText: bracesText(r.matchingTemplateText, r.matchingTemplateFormat), noMatchingTemplateText: bracesText(r.noMatchingTemplateText, r.noMatchingTemplateFormat),
    }));
  }

  /** What parsers did for these lines and senders since `since` (the loop guard's memory). */
  async hitsSince(tx: Tx, lineIds: number[], mobiles: string[], since: Date): Promise<ParserHit[]> {
    if (lineIds.length === 0 || mobiles.length === 0) return [];
    const rows = await tx('text_parser_hits').select('privateNumberId', 'mobile', 'textParserId', 'replyText')
      .whereIn('privateNumberId', lineIds).whereIn('mobile', mobiles).where('createdAt', '>', since);
    return (rows as Record<string, unknown>[]).map((r) => ({ privateNumberId: Number(r.privateNumberId), mobile: String(r.mobile), textParserId: Number(r.textParserId), replyText: (r.replyText as string | null) ?? null }));
  }

  async recordHits(tx: Tx, hits: ParserHit[]): Promise<void> {
    for (let i = 0; i < hits.length; i += 5_000) await tx('text_parser_hits').insert(hits.slice(i, i + 5_000));
  }

  /** The loop guard's memory older than `before` goes (the daily job). */
  async sweepHits(before: Date): Promise<number> {
    return affectedRows(await this.knex('text_parser_hits').where('createdAt', '<', before).delete());
  }
}
