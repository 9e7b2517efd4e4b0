import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/actor.js';
import { escapeLike, whereOrganizationVisible } from '../../../platform/tenancy.js';

/** The spec's Bot (botId, fuzzy and semantic match) as stored; `organizationId` null = the installation's default bot. */
export interface BotRow {
  id: number;
  organizationId: number | null;
  organizationName: string | null;
  title: string;
  fuzzyMatch: boolean;
  fuzzyThreshold: number;
  semanticMatch: boolean;
  semanticThreshold: number;
  isActive: boolean;
  createdAt: Date;
  lastModified: Date;
}

export type BotValues = Pick<BotRow, 'title' | 'fuzzyMatch' | 'fuzzyThreshold' | 'semanticMatch' | 'semanticThreshold' | 'isActive'>;

export interface FaqRow {
  id: number;
  botId: number;
  organizationId: number | null;
  question: string;
  answer: string;
  language: 'fa' | 'en';
  keywords: string[];
  isActive: boolean;
  createdAt: Date;
  lastModified: Date;
}

export type FaqValues = Pick<FaqRow, 'question' | 'answer' | 'language' | 'keywords' | 'isActive'>;

/** Who may see a bot: the tenant's slice, and the default bot only for the system administrator. */
export interface BotReader {
  tenant: Tenant;
  seesDefault: boolean;
}

const BOT_COLUMNS = ['b.id', 'b.organizationId', 'o.name as organizationName', 'b.title', 'b.fuzzyMatch', 'b.fuzzyThreshold', 'b.semanticMatch',
  'b.semanticThreshold', 'b.isActive', 'b.createdAt', 'b.lastModified'];
const FAQ_COLUMNS = ['f.id', 'f.botId', 'f.organizationId', 'f.question', 'f.answer', 'f.language', 'f.keywords', 'f.isActive', 'f.createdAt', 'f.lastModified'];

@injectable()
export class AssistantRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private bots(reader: BotReader): Knex.QueryBuilder {
    const q = this.knex('assistant_bots as b').leftJoin('organizations as o', 'o.id', 'b.organizationId').whereNull('b.deletedAt');
    return q.where((w) => {
      w.whereIn('b.organizationId', whereOrganizationVisible(this.knex('organizations as t').select('t.id'), this.knex, 't.id', reader.tenant));
      if (reader.seesDefault) w.orWhereNull('b.organizationId');
    });
  }

  async listBots(reader: BotReader, filter: { pageIndex: number; pageSize: number; search?: string }): Promise<{ items: BotRow[]; totalCount: number }> {
    const base = this.bots(reader);
    if (filter.search) base.where((w) => w.where('b.title', 'ilike', `%${escapeLike(filter.search!)}%`).orWhere('o.name', 'ilike', `%${escapeLike(filter.search!)}%`));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    // The default bot first, then the newest.
    const rows = await base.clone().select(...BOT_COLUMNS).orderByRaw('b."organizationId" is not null, b.id desc')
      .offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map(botRow), totalCount: Number(count) };
  }

  async visibleBot(reader: BotReader, id: number): Promise<BotRow | null> {
    const row = await this.bots(reader).where('b.id', id).first(...BOT_COLUMNS);
    return row ? botRow(row) : null;
  }

  async botOfOrganization(organizationId: number | null): Promise<BotRow | null> {
    const q = this.knex('assistant_bots as b').leftJoin('organizations as o', 'o.id', 'b.organizationId').whereNull('b.deletedAt');
    if (organizationId === null) q.whereNull('b.organizationId'); else q.where('b.organizationId', organizationId);
    const row = await q.first(...BOT_COLUMNS);
    return row ? botRow(row) : null;
  }

  /**
   * The bot that answers a user: the active bot of the nearest organization on their path (their
   * own, then each one above), else the installation's default bot (active or not: the caller decides).
   */
  async answeringBot(organizationPath: string): Promise<BotRow | null> {
    const ids = organizationPath.split('/').filter(Boolean).map(Number).filter((n) => Number.isInteger(n));
    if (ids.length > 0) {
      const rows = await this.knex('assistant_bots as b').leftJoin('organizations as o', 'o.id', 'b.organizationId').whereNull('b.deletedAt')
        .where('b.isActive', true).whereIn('b.organizationId', ids).select(...BOT_COLUMNS);
      const byOrg = new Map(rows.map((r: Record<string, unknown>) => [Number(r.organizationId), botRow(r)]));
      for (const id of [...ids].reverse()) {
        const found = byOrg.get(id);
        if (found) return found;
      }
    }
    return this.botOfOrganization(null);
  }

  async insertBot(tx: Tx, organizationId: number, values: BotValues): Promise<number> {
    const [row] = await tx('assistant_bots').insert({ organizationId, ...values }).returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  async updateBot(tx: Tx, id: number, values: BotValues, at: Date): Promise<boolean> {
    return affectedRows(await tx('assistant_bots').where({ id }).whereNull('deletedAt').update({ ...values, lastModified: at })) > 0;
  }

  async softDeleteBot(tx: Tx, id: number, at: Date): Promise<boolean> {
    const done = affectedRows(await tx('assistant_bots').where({ id }).whereNotNull('organizationId').whereNull('deletedAt').update({ deletedAt: at })) > 0;
    if (done) await tx('assistant_faq_entries').where({ botId: id }).whereNull('deletedAt').update({ deletedAt: at });
    return done;
  }

  async listFaqs(botId: number, filter: { pageIndex: number; pageSize: number; search?: string; language?: string }): Promise<{ items: FaqRow[]; totalCount: number }> {
    const base = this.knex('assistant_faq_entries as f').where('f.botId', botId).whereNull('f.deletedAt');
    if (filter.language) base.where('f.language', filter.language);
    if (filter.search) base.where((w) => w.where('f.question', 'ilike', `%${escapeLike(filter.search!)}%`).orWhere('f.answer', 'ilike', `%${escapeLike(filter.search!)}%`));
    const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const rows = await base.clone().select(...FAQ_COLUMNS).orderBy('f.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize);
    return { items: rows.map(faqRow), totalCount: Number(count) };
  }

  async faq(id: number): Promise<FaqRow | null> {
    const row = await this.knex('assistant_faq_entries as f').where('f.id', id).whereNull('f.deletedAt').first(...FAQ_COLUMNS);
    return row ? faqRow(row) : null;
  }

  /** The active entries a bot answers from in one language, at most `limit` (newest first). */
  async activeFaqs(botId: number, language: string, limit: number): Promise<FaqRow[]> {
    const rows = await this.knex('assistant_faq_entries as f').where({ 'f.botId': botId, 'f.language': language, 'f.isActive': true }).whereNull('f.deletedAt')
      .select(...FAQ_COLUMNS).orderBy('f.id', 'desc').limit(limit);
    return rows.map(faqRow);
  }

  async insertFaq(tx: Tx, owner: { botId: number; organizationId: number | null; userId: number }, values: FaqValues): Promise<number> {
    const [row] = await tx('assistant_faq_entries').insert({ ...owner, ...values, keywords: JSON.stringify(values.keywords) }).returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  /** A changed entry drops its cached embeddings in the same transaction: the next question embeds it again. */
  async updateFaq(tx: Tx, id: number, values: FaqValues, at: Date): Promise<boolean> {
    const done = affectedRows(await tx('assistant_faq_entries').where({ id }).whereNull('deletedAt')
      .update({ ...values, keywords: JSON.stringify(values.keywords), lastModified: at })) > 0;
    if (done) await tx('assistant_embeddings').where('sourceKey', faqSourceKey(id)).del();
    return done;
  }

  async softDeleteFaq(tx: Tx, id: number, at: Date): Promise<boolean> {
    const done = affectedRows(await tx('assistant_faq_entries').where({ id }).whereNull('deletedAt').update({ deletedAt: at })) > 0;
    if (done) await tx('assistant_embeddings').where('sourceKey', faqSourceKey(id)).del();
    return done;
  }

  /** Cached vectors of a model by source key, with the hash of the text each was made from. */
  async embeddings(model: string, keys: readonly string[]): Promise<Map<string, { contentHash: string; vector: number[] }>> {
    const out = new Map<string, { contentHash: string; vector: number[] }>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await this.knex('assistant_embeddings').where('model', model).whereIn('sourceKey', keys.slice(i, i + 500)).select('sourceKey', 'contentHash', 'vector');
      for (const r of rows) out.set(String(r.sourceKey), { contentHash: String(r.contentHash), vector: jsonOf(r.vector) as number[] });
    }
    return out;
  }

  async saveEmbeddings(model: string, rows: readonly { sourceKey: string; contentHash: string; vector: number[] }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.knex('assistant_embeddings')
      .insert(rows.map((r) => ({ sourceKey: r.sourceKey, model, contentHash: r.contentHash, vector: JSON.stringify(r.vector), createdAt: new Date() })))
      .onConflict(['sourceKey', 'model']).merge(['contentHash', 'vector', 'createdAt']);
  }
}

export const faqSourceKey = (id: number) => `faq:${id}`;

// jsonb arrives parsed from pg and, depending on the client, as text from PGlite: read both.
function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function botRow(r: Record<string, unknown>): BotRow {
  return {
    id: Number(r.id), organizationId: r.organizationId === null || r.organizationId === undefined ? null : Number(r.organizationId),
    organizationName: (r.organizationName as string | null) ?? null, title: String(r.title), fuzzyMatch: !!r.fuzzyMatch,
    fuzzyThreshold: Number(r.fuzzyThreshold), semanticMatch: !!r.semanticMatch, semanticThreshold: Number(r.semanticThreshold), isActive: !!r.isActive,
    createdAt: new Date(r.createdAt as string), lastModified: new Date(r.lastModified as string),
  };
}

function faqRow(r: Record<string, unknown>): FaqRow {
  const keywords = jsonOf(r.keywords);
  return {
    id: Number(r.id), botId: Number(r.botId), organizationId: r.organizationId === null || r.organizationId === undefined ? null : Number(r.organizationId),
    question: String(r.question), answer: String(r.answer), language: r.language === 'en' ? 'en' : 'fa',
    keywords: Array.isArray(keywords) ? keywords.map(String) : [], isActive: !!r.isActive,
    createdAt: new Date(r.createdAt as string), lastModified: new Date(r.lastModified as string),
  };
}
