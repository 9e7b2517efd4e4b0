import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../platform/tokens.js';
import { affectedRows } from '../../platform/db.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { Tenant } from '../../platform/http/context.js';
import { whereOrganizationVisible } from '../../platform/tenancy.js';
import { likeContains } from '../../platform/http/search.js';

export type PollType = 'Poll' | 'Competition';
export type CountedAnswer = 'First' | 'Last';

export interface PollOptionValues {
  optionTitle: string;
  answerValue: string;
  answerKey: string;
  isCorrect: boolean;
}

export interface PollOptionRow extends PollOptionValues {
  id: number;
  pollId: number;
  sortOrder: number;
}

export interface PollValues {
  type: PollType;
  title: string;
  privateNumberId: number;
  senderPhonebookId: number | null;
  isJustTrueAnswer: boolean;
  isMainQuestion: boolean;
  startAt: Date;
  endAt: Date;
  countedAnswer: CountedAnswer;
  replyText: string | null;
  winnersCount: number | null;
}

export interface PollRow extends PollValues {
  id: number;
  organizationId: number;
  userId: number;
  createdAt: Date;
  lastModified: Date;
  /** Joined for lists and pushes. */
  senderNumber: string | null;
  phonebookName: string | null;
  organizationPath: string;
  participantsCount: number;
  drawn: boolean;
}

/** An answer the step would count: one per (poll, number) after the batch's own first/last rule. */
export interface AnswerInsert {
  pollId: number;
  optionId: number;
  mobile: string;
  inboxMessageId: number;
  answeredAt: Date;
}

export interface ParticipantRow {
  mobile: string;
  optionId: number;
  optionTitle: string;
  answerValue: string;
  isCorrect: boolean;
  answeredAt: Date;
}

export interface DrawRow {
  id: number;
  pollId: number;
  userId: number | null;
  seed: string;
  winnersCount: number;
  participantsCount: number;
  winners: { mobile: string; optionId: number; answeredAt: string }[];
  createdAt: Date;
}

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function pollOf(r: Record<string, unknown>): PollRow {
  return {
    id: Number(r.id), organizationId: Number(r.organizationId), userId: Number(r.userId), type: r.type as PollType, title: String(r.title),
    privateNumberId: Number(r.privateNumberId), senderPhonebookId: r.senderPhonebookId == null ? null : Number(r.senderPhonebookId),
    isJustTrueAnswer: r.isJustTrueAnswer === true, isMainQuestion: r.isMainQuestion === true,
    startAt: date(r.startAt), endAt: date(r.endAt), countedAnswer: r.countedAnswer as CountedAnswer,
    replyText: (r.replyText as string | null) ?? null, winnersCount: r.winnersCount == null ? null : Number(r.winnersCount),
    createdAt: date(r.createdAt), lastModified: date(r.lastModified),
    senderNumber: (r.senderNumber as string | null | undefined) ?? null, phonebookName: (r.phonebookName as string | null | undefined) ?? null,
    organizationPath: String(r.organizationPath ?? ''), participantsCount: Number(r.participantsCount ?? 0), drawn: r.drawn === true || Number(r.drawn ?? 0) > 0,
  };
}

function optionOf(r: Record<string, unknown>): PollOptionRow {
  return {
    id: Number(r.id), pollId: Number(r.pollId), sortOrder: Number(r.sortOrder), optionTitle: String(r.optionTitle),
    answerValue: String(r.answerValue), answerKey: String(r.answerKey), isCorrect: r.isCorrect === true,
  };
}

/**
 * Polls and competitions, their options, counted answers and draws. Reads `private_numbers`,
 * `phonebooks` and `contacts` (membership of the sender phonebook) like the inbox reads line
 * assignments: joins for display and one membership query per batch, never their writes.
 */
@injectable()
export class PollsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private base(db: Knex | Tx) {
    return db('polls as p')
      .leftJoin('private_numbers as n', 'n.id', 'p.privateNumberId')
      .leftJoin('phonebooks as b', 'b.id', 'p.senderPhonebookId')
      .join('organizations as o', 'o.id', 'p.organizationId')
      .select('p.*', 'n.number as senderNumber', 'b.title as phonebookName', 'o.path as organizationPath',
        db.raw('(select count(*) from poll_answers a where a."pollId" = p.id) as "participantsCount"'),
        db.raw('exists (select 1 from poll_draws d where d."pollId" = p.id) as drawn'));
  }

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string; userId?: number }) {
    const q = this.knex('polls as p').where((w) => { whereOrganizationVisible(w, this.knex, 'p.organizationId', tenant); });
    if (filter.userId !== undefined) q.where('p.userId', filter.userId);
    if (filter.search) q.where('p.title', 'ilike', likeContains(filter.search));
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const ids = (await q.select('p.id').orderBy('p.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize)).map((r: { id: number }) => Number(r.id));
    if (ids.length === 0) return { items: [] as PollRow[], totalCount: Number(n) };
    const rows = await this.base(this.knex).whereIn('p.id', ids).orderBy('p.id', 'desc');
    return { items: (rows as Record<string, unknown>[]).map(pollOf), totalCount: Number(n) };
  }

  async visible(tenant: Tenant, id: number, db: Knex | Tx = this.knex): Promise<PollRow | null> {
    const q = this.base(db).where('p.id', id);
    whereOrganizationVisible(q, db, 'p.organizationId', tenant);
    const row = await q.first();
    return row ? pollOf(row as Record<string, unknown>) : null;
  }

  async byId(id: number, db: Knex | Tx = this.knex): Promise<PollRow | null> {
    const row = await this.base(db).where('p.id', id).first();
    return row ? pollOf(row as Record<string, unknown>) : null;
  }

  async options(pollIds: number[], db: Knex | Tx = this.knex): Promise<PollOptionRow[]> {
    if (pollIds.length === 0) return [];
    const rows = await db('poll_options').whereIn('pollId', pollIds).orderBy(['pollId', 'sortOrder', 'id']);
    return (rows as Record<string, unknown>[]).map(optionOf);
  }

  async insert(tx: Tx, owner: { organizationId: number; userId: number }, values: PollValues, options: PollOptionValues[]): Promise<number> {
    const [row] = await tx('polls').insert({ ...owner, ...values }).returning('id');
    const id = Number((row as { id: number }).id);
    await this.insertOptions(tx, id, options);
    return id;
  }

  async update(tx: Tx, id: number, values: Partial<PollValues>, options: PollOptionValues[] | null, now: Date): Promise<void> {
    await tx('polls').where({ id }).update({ ...values, lastModified: now });
    if (options) {
      await tx('poll_options').where({ pollId: id }).delete();
      await this.insertOptions(tx, id, options);
    }
  }

  private async insertOptions(tx: Tx, pollId: number, options: PollOptionValues[]): Promise<void> {
    if (options.length === 0) return;
    await tx('poll_options').insert(options.map((o, i) => ({ pollId, sortOrder: i, ...o })));
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx('polls').where({ id }).delete();
  }

  /** Polls on the line whose open window overlaps [startAt, endAt], other than `exceptId`, with their keys. */
  async overlapping(tx: Tx, privateNumberId: number, startAt: Date, endAt: Date, exceptId: number | null): Promise<{ pollId: number; title: string; answerKey: string }[]> {
    const q = tx('polls as p').join('poll_options as o', 'o.pollId', 'p.id')
      .where('p.privateNumberId', privateNumberId).where('p.startAt', '<', endAt).where('p.endAt', '>', startAt)
      .select('p.id as pollId', 'p.title', 'o.answerKey');
    if (exceptId !== null) q.whereNot('p.id', exceptId);
    return ((await q) as Record<string, unknown>[]).map((r) => ({ pollId: Number(r.pollId), title: String(r.title), answerKey: String(r.answerKey) }));
  }

  /** The polls open at some instant of [from, to] on these lines (the step narrows per message). */
  async openOnLines(tx: Tx, lineIds: number[], from: Date, to: Date): Promise<PollRow[]> {
    if (lineIds.length === 0) return [];
    const rows = await tx('polls as p').join('organizations as o', 'o.id', 'p.organizationId')
      .whereIn('p.privateNumberId', lineIds).where('p.startAt', '<=', to).where('p.endAt', '>', from)
      .select('p.*', 'o.path as organizationPath').orderBy('p.id');
    return (rows as Record<string, unknown>[]).map(pollOf);
  }

  /** Which of these numbers are contacts of the phonebook. */
  async membersOf(tx: Tx, phonebookId: number, mobiles: string[]): Promise<Set<string>> {
    if (mobiles.length === 0) return new Set();
    const rows = await tx('contacts').where('phonebookId', phonebookId).whereIn('cellphone', mobiles).select('cellphone');
    return new Set((rows as { cellphone: string }[]).map((r) => r.cellphone));
  }

  /**
   * First answer counts: a number's later answers change nothing. Answers the inbox ids of the
   * answers that were counted now.
   */
  async recordFirst(tx: Tx, answers: AnswerInsert[]): Promise<number[]> {
    if (answers.length === 0) return [];
    const rows = await tx('poll_answers').insert(answers).onConflict(['pollId', 'mobile']).ignore().returning('inboxMessageId');
    return (rows as { inboxMessageId: unknown }[]).map((r) => Number(r.inboxMessageId));
  }

  /**
   * Last answer counts: a later answer replaces the number's earlier one (a message that arrives
   * late but was sent earlier does not overwrite a newer answer).
   */
  async recordLast(tx: Tx, answers: AnswerInsert[]): Promise<number[]> {
    if (answers.length === 0) return [];
    const rows = await tx('poll_answers').insert(answers).onConflict(['pollId', 'mobile'])
      .merge(['optionId', 'inboxMessageId', 'answeredAt'])
      .where('poll_answers.answeredAt', '<=', tx.raw('excluded."answeredAt"'))
      .returning('inboxMessageId');
    return (rows as { inboxMessageId: unknown }[]).map((r) => Number(r.inboxMessageId));
  }

  /** Counted answers per option (options nobody chose are absent). */
  async counts(pollIds: number[]): Promise<Map<number, Map<number, number>>> {
    const out = new Map<number, Map<number, number>>();
    if (pollIds.length === 0) return out;
    const rows = await this.knex('poll_answers').whereIn('pollId', pollIds).groupBy('pollId', 'optionId').select('pollId', 'optionId').count({ n: '*' });
    for (const r of rows as Record<string, unknown>[]) {
      const pollId = Number(r.pollId);
      if (!out.has(pollId)) out.set(pollId, new Map());
      out.get(pollId)!.set(Number(r.optionId), Number(r.n));
    }
    return out;
  }

  /** Participants with their counted answer, oldest answer first. */
  async participants(pollId: number, onlyCorrect: boolean, db: Knex | Tx = this.knex): Promise<ParticipantRow[]> {
    const q = db('poll_answers as a').join('poll_options as o', 'o.id', 'a.optionId').where('a.pollId', pollId)
      .select('a.mobile', 'a.optionId', 'o.optionTitle', 'o.answerValue', 'o.isCorrect', 'a.answeredAt').orderBy(['a.answeredAt', 'a.id']);
    if (onlyCorrect) q.where('o.isCorrect', true);
    return ((await q) as Record<string, unknown>[]).map((r) => ({
      mobile: String(r.mobile), optionId: Number(r.optionId), optionTitle: String(r.optionTitle), answerValue: String(r.answerValue),
      isCorrect: r.isCorrect === true, answeredAt: date(r.answeredAt),
    }));
  }

  async hasAnswers(tx: Tx, pollId: number): Promise<boolean> {
    return (await tx('poll_answers').where({ pollId }).first('id')) !== undefined;
  }

  /** The poll row locked for the draw: two draws at once wait for each other (and the unique index refuses the second). */
  async lock(tx: Tx, id: number): Promise<void> {
    await tx('polls').where({ id }).forUpdate().first('id');
  }

  async insertDraw(tx: Tx, draw: Omit<DrawRow, 'id' | 'createdAt'>): Promise<DrawRow> {
    const [row] = await tx('poll_draws').insert({ ...draw, winners: JSON.stringify(draw.winners) }).returning('*');
    return drawOf(row as Record<string, unknown>);
  }

  async drawOf(pollId: number, db: Knex | Tx = this.knex): Promise<DrawRow | null> {
    const row = await db('poll_draws').where({ pollId }).first();
    return row ? drawOf(row as Record<string, unknown>) : null;
  }

  /** For deleting: how many rows went (PGlite answers counts in another shape). */
  async deleteCount(tx: Tx, id: number): Promise<number> {
    return affectedRows(await tx('polls').where({ id }).delete());
  }
}

function drawOf(r: Record<string, unknown>): DrawRow {
  return {
    id: Number(r.id), pollId: Number(r.pollId), userId: r.userId == null ? null : Number(r.userId), seed: String(r.seed),
    winnersCount: Number(r.winnersCount), participantsCount: Number(r.participantsCount),
    winners: json<DrawRow['winners']>(r.winners), createdAt: date(r.createdAt),
  };
}
