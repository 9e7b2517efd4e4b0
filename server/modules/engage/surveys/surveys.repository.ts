import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/http/context.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import { likeContains } from '../../../platform/http/search.js';

export type QuestionType = 'Text' | 'Select';

export interface SurveyValues {
  title: string;
  startAt: Date;
  endAt: Date;
  introPage: string | null;
  outroPage: string | null;
  themeColor: string;
  redirectUrl: string | null;
  crmAccessKey: string | null;
  crmUserName: string | null;
  enableSaveResponseInCrm: boolean;
  crmField: string | null;
  spreadSheetId: string | null;
  isActive: boolean;
}

export interface SurveyRow extends SurveyValues {
  id: number;
  organizationId: number;
  userId: number;
  publicId: string;
  backgroundImageKey: string | null;
  logoKey: string | null;
  passwordHash: string | null;
  createdAt: Date;
  lastModified: Date;
  questionCount: number;
  responseCount: number;
}

export interface QuestionValues {
  order: number;
  text: string;
  type: QuestionType;
  isRequired: boolean;
  minLength: number | null;
  maxLength: number | null;
  answerPattern: string | null;
  nextQuestionId: number | null;
  previousQuestionId: number | null;
}

export interface QuestionRow extends QuestionValues {
  id: number;
  surveyId: number;
  visitCount: number;
}

export interface OptionValues {
  id?: number;
  text: string;
  nextQuestionId: number | null;
}

export interface OptionRow {
  id: number;
  questionId: number;
  order: number;
  text: string;
  nextQuestionId: number | null;
}

export interface ResponseRow {
  id: number;
  surveyId: number;
  token: string;
  sl: string | null;
  receiver: string | null;
  sendId: string | null;
  currentQuestionId: number | null;
  path: number[];
  startedAt: Date;
  finishedAt: Date | null;
}

export interface AnswerRow {
  responseId: number;
  questionId: number;
  optionId: number | null;
  value: string;
  answeredAt: Date;
}

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const nullableDate = (v: unknown): Date | null => (v == null ? null : date(v));
const nullableInt = (v: unknown): number | null => (v == null ? null : Number(v));
const nullableText = (v: unknown): string | null => (v == null ? null : String(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
// PGlite answers `date` columns as Date at UTC midnight, pg (types parser) as text: both read as YYYY-MM-DD.
const dayText = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

function surveyOf(r: Record<string, unknown>): SurveyRow {
  return {
    id: Number(r.id), organizationId: Number(r.organizationId), userId: Number(r.userId), publicId: String(r.publicId), title: String(r.title),
    startAt: date(r.startAt), endAt: date(r.endAt), introPage: nullableText(r.introPage), outroPage: nullableText(r.outroPage),
    themeColor: String(r.themeColor), backgroundImageKey: nullableText(r.backgroundImageKey), logoKey: nullableText(r.logoKey),
    redirectUrl: nullableText(r.redirectUrl), passwordHash: nullableText(r.passwordHash), crmAccessKey: nullableText(r.crmAccessKey),
    crmUserName: nullableText(r.crmUserName), enableSaveResponseInCrm: r.enableSaveResponseInCrm === true, crmField: nullableText(r.crmField),
    spreadSheetId: nullableText(r.spreadSheetId), isActive: r.isActive === true, createdAt: date(r.createdAt), lastModified: date(r.lastModified),
    questionCount: Number(r.questionCount ?? 0), responseCount: Number(r.responseCount ?? 0),
  };
}

function questionOf(r: Record<string, unknown>): QuestionRow {
  return {
    id: Number(r.id), surveyId: Number(r.surveyId), order: Number(r.order), text: String(r.text), type: r.type as QuestionType,
    isRequired: r.isRequired === true, minLength: nullableInt(r.minLength), maxLength: nullableInt(r.maxLength), answerPattern: nullableText(r.answerPattern),
    nextQuestionId: nullableInt(r.nextQuestionId), previousQuestionId: nullableInt(r.previousQuestionId), visitCount: Number(r.visitCount),
  };
}

function optionOf(r: Record<string, unknown>): OptionRow {
  return { id: Number(r.id), questionId: Number(r.questionId), order: Number(r.order), text: String(r.text), nextQuestionId: nullableInt(r.nextQuestionId) };
}

function responseOf(r: Record<string, unknown>): ResponseRow {
  return {
    id: Number(r.id), surveyId: Number(r.surveyId), token: String(r.token), sl: nullableText(r.sl), receiver: nullableText(r.receiver),
    sendId: nullableText(r.sendId), currentQuestionId: nullableInt(r.currentQuestionId), path: json<number[]>(r.path).map(Number),
    startedAt: date(r.startedAt), finishedAt: nullableDate(r.finishedAt),
  };
}

/** Online surveys, their questions and options, responses and answers (engage CONTEXT.md, "Online surveys"). */
@injectable()
export class SurveysRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private base(db: Knex | Tx) {
    return db('surveys as s').select('s.*',
      db.raw('(select count(*) from survey_questions q where q."surveyId" = s.id) as "questionCount"'),
      db.raw('(select count(*) from survey_responses r where r."surveyId" = s.id and r."finishedAt" is not null) as "responseCount"'));
  }

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string; userId?: number }) {
    const q = this.knex('surveys as s').where((w) => { whereOrganizationVisible(w, this.knex, 's.organizationId', tenant); });
    if (filter.userId !== undefined) q.where('s.userId', filter.userId);
    if (filter.search) q.where('s.title', 'ilike', likeContains(filter.search));
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const ids = (await q.select('s.id').orderBy('s.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize)).map((r: { id: number }) => Number(r.id));
    if (ids.length === 0) return { items: [] as SurveyRow[], totalCount: Number(n) };
    const rows = await this.base(this.knex).whereIn('s.id', ids).orderBy('s.id', 'desc');
    return { items: (rows as Record<string, unknown>[]).map(surveyOf), totalCount: Number(n) };
  }

  async visible(tenant: Tenant, id: number, db: Knex | Tx = this.knex): Promise<SurveyRow | null> {
    const q = this.base(db).where('s.id', id);
    whereOrganizationVisible(q, db, 's.organizationId', tenant);
    const row = await q.first();
    return row ? surveyOf(row as Record<string, unknown>) : null;
  }

  async byId(id: number, db: Knex | Tx = this.knex): Promise<SurveyRow | null> {
    const row = await this.base(db).where('s.id', id).first();
    return row ? surveyOf(row as Record<string, unknown>) : null;
  }

  async byPublicId(publicId: string, db: Knex | Tx = this.knex): Promise<SurveyRow | null> {
    const row = await this.base(db).where('s.publicId', publicId).first();
    return row ? surveyOf(row as Record<string, unknown>) : null;
  }

  async insert(tx: Tx, values: SurveyValues & { organizationId: number; userId: number; publicId: string; passwordHash: string | null }): Promise<number> {
    const [row] = await tx('surveys').insert(values).returning('id');
    return Number((row as { id: number }).id);
  }

  async update(tx: Tx, id: number, values: Partial<SurveyValues & { passwordHash: string | null; logoKey: string | null; backgroundImageKey: string | null }>, now: Date): Promise<void> {
    await tx('surveys').where({ id }).update({ ...values, lastModified: now });
  }

  async lock(tx: Tx, id: number): Promise<void> {
    await tx('surveys').where({ id }).forUpdate().select('id');
  }

  async delete(tx: Tx, id: number): Promise<void> {
    // Answers point at questions and options of the survey: remove them first (the cascade order of two paths).
    await tx('survey_responses').where({ surveyId: id }).delete();
    await tx('survey_questions').where({ surveyId: id }).update({ nextQuestionId: null, previousQuestionId: null });
    await tx('surveys').where({ id }).delete();
  }

  // ---- questions ----

  async questions(surveyId: number, db: Knex | Tx = this.knex): Promise<QuestionRow[]> {
    const rows = await db('survey_questions').where({ surveyId }).orderBy([{ column: 'order' }, { column: 'id' }]);
    return (rows as Record<string, unknown>[]).map(questionOf);
  }

  async question(id: number, db: Knex | Tx = this.knex): Promise<QuestionRow | null> {
    const row = await db('survey_questions').where({ id }).first();
    return row ? questionOf(row as Record<string, unknown>) : null;
  }

  async options(questionIds: number[], db: Knex | Tx = this.knex): Promise<OptionRow[]> {
    if (questionIds.length === 0) return [];
    const rows = await db('survey_question_answers').whereIn('questionId', questionIds).orderBy([{ column: 'questionId' }, { column: 'order' }, { column: 'id' }]);
    return (rows as Record<string, unknown>[]).map(optionOf);
  }

  async insertQuestion(tx: Tx, surveyId: number, values: QuestionValues): Promise<number> {
    const { order, text, type, isRequired, minLength, maxLength, answerPattern, nextQuestionId, previousQuestionId } = values;
    const [row] = await tx('survey_questions').insert({ surveyId, order, text, type, isRequired, minLength, maxLength, answerPattern, nextQuestionId, previousQuestionId }).returning('id');
    return Number((row as { id: number }).id);
  }

  async updateQuestion(tx: Tx, id: number, values: QuestionValues): Promise<void> {
    const { order, text, type, isRequired, minLength, maxLength, answerPattern, nextQuestionId, previousQuestionId } = values;
    await tx('survey_questions').where({ id }).update({ order, text, type, isRequired, minLength, maxLength, answerPattern, nextQuestionId, previousQuestionId });
  }

  /** Options as given: rows with a known id are updated, new ones inserted, the rest removed (their answers keep their text). */
  async replaceOptions(tx: Tx, questionId: number, options: OptionValues[]): Promise<void> {
    const keep = options.filter((o) => o.id !== undefined).map((o) => o.id as number);
    const gone = tx('survey_question_answers').where({ questionId });
    if (keep.length) gone.whereNotIn('id', keep);
    await gone.delete();
    for (const [order, o] of options.entries()) {
      if (o.id !== undefined) await tx('survey_question_answers').where({ id: o.id, questionId }).update({ order, text: o.text, nextQuestionId: o.nextQuestionId });
      else await tx('survey_question_answers').insert({ questionId, order, text: o.text, nextQuestionId: o.nextQuestionId });
    }
  }

  async setOrder(tx: Tx, id: number, order: number): Promise<void> {
    await tx('survey_questions').where({ id }).update({ order });
  }

  async deleteQuestion(tx: Tx, id: number): Promise<void> {
    await tx('survey_questions').where({ id }).delete();
  }

  async questionHasAnswers(tx: Tx, questionId: number): Promise<boolean> {
    return Boolean(await tx('survey_response_answers').where({ questionId }).first('id'));
  }

  async countVisit(db: Knex | Tx, questionId: number): Promise<void> {
    const n = affectedRows(await db('survey_questions').where({ id: questionId }).increment('visitCount', 1));
    if (n !== 1) throw new Error(`survey question ${questionId} gone while counting its visit`);
  }

  // ---- responses ----

  async responseByToken(token: string, db: Knex | Tx = this.knex): Promise<ResponseRow | null> {
    const row = await db('survey_responses').where({ token }).first();
    return row ? responseOf(row as Record<string, unknown>) : null;
  }

  async lockResponse(tx: Tx, id: number): Promise<ResponseRow> {
    const row = await tx('survey_responses').where({ id }).forUpdate().first();
    return responseOf(row as Record<string, unknown>);
  }

  async responseByCode(surveyId: number, sl: string, db: Knex | Tx = this.knex): Promise<ResponseRow | null> {
    const row = await db('survey_responses').where({ surveyId, sl }).first();
    return row ? responseOf(row as Record<string, unknown>) : null;
  }

  async insertResponse(tx: Tx, values: { surveyId: number; token: string; sl: string | null; receiver: string | null; sendId: string | null; currentQuestionId: number | null; startedAt: Date; finishedAt: Date | null; finishedDay: string | null }): Promise<number> {
    const [row] = await tx('survey_responses').insert({ ...values, path: JSON.stringify([]) }).returning('id');
    return Number((row as { id: number }).id);
  }

  async moveResponse(tx: Tx, id: number, values: { currentQuestionId: number | null; path: number[]; finishedAt?: Date; finishedDay?: string }): Promise<void> {
    await tx('survey_responses').where({ id }).update({ ...values, path: JSON.stringify(values.path) });
  }

  async saveAnswer(tx: Tx, a: AnswerRow): Promise<void> {
    await tx('survey_response_answers').insert(a).onConflict(['responseId', 'questionId']).merge(['optionId', 'value', 'answeredAt']);
  }

  async deleteAnswer(tx: Tx, responseId: number, questionId: number): Promise<void> {
    await tx('survey_response_answers').where({ responseId, questionId }).delete();
  }

  async answersOf(responseId: number, db: Knex | Tx = this.knex): Promise<AnswerRow[]> {
    const rows = await db('survey_response_answers').where({ responseId }).select('responseId', 'questionId', 'optionId', 'value', 'answeredAt');
    return (rows as Record<string, unknown>[]).map((r) => ({ responseId: Number(r.responseId), questionId: Number(r.questionId), optionId: nullableInt(r.optionId), value: String(r.value), answeredAt: date(r.answeredAt) }));
  }

  // ---- results ----

  /** Finished responses per Tehran day (YYYY-MM-DD). */
  async finishedPerDay(surveyId: number): Promise<{ day: string; count: number }[]> {
    const rows = await this.knex('survey_responses').where({ surveyId }).whereNotNull('finishedDay')
      .groupBy('finishedDay').orderBy('finishedDay').select('finishedDay').count({ n: '*' });
    return (rows as Record<string, unknown>[]).map((r) => ({ day: dayText(r.finishedDay), count: Number(r.n) }));
  }

  async startedCount(surveyId: number): Promise<number> {
    const [{ n }] = await this.knex('survey_responses').where({ surveyId }).count<{ n: string | number }[]>({ n: '*' });
    return Number(n);
  }

  /** Per question: answers given, and per option how many chose it. */
  async answerCounts(surveyId: number): Promise<{ questionId: number; optionId: number | null; count: number }[]> {
    const rows = await this.knex('survey_response_answers as a').join('survey_questions as q', 'q.id', 'a.questionId')
      .where('q.surveyId', surveyId).groupBy('a.questionId', 'a.optionId').select('a.questionId', 'a.optionId').count({ n: '*' });
    return (rows as Record<string, unknown>[]).map((r) => ({ questionId: Number(r.questionId), optionId: nullableInt(r.optionId), count: Number(r.n) }));
  }

  async textAnswers(questionId: number, page: { pageIndex: number; pageSize: number }) {
    const q = this.knex('survey_response_answers as a').join('survey_responses as r', 'r.id', 'a.responseId').where('a.questionId', questionId);
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const rows = await q.select('a.responseId', 'a.value', 'a.answeredAt', 'r.receiver', 'r.sl')
      .orderBy('a.id', 'desc').offset(page.pageIndex * page.pageSize).limit(page.pageSize);
    return {
      items: (rows as Record<string, unknown>[]).map((r) => ({ responseId: Number(r.responseId), value: String(r.value), answeredAt: date(r.answeredAt), receiver: nullableText(r.receiver), sl: nullableText(r.sl) })),
      totalCount: Number(n),
    };
  }

  async responses(surveyId: number, page: { pageIndex: number; pageSize: number }) {
    const q = this.knex('survey_responses').where({ surveyId });
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const rows = await q.select('*').orderBy('id', 'desc').offset(page.pageIndex * page.pageSize).limit(page.pageSize);
    return { items: (rows as Record<string, unknown>[]).map(responseOf), totalCount: Number(n) };
  }

  /** Every response with its answers, in id pages (the export). */
  async *responsePages(surveyId: number, size = 500): AsyncGenerator<{ response: ResponseRow; answers: AnswerRow[] }[]> {
    let after = 0;
    for (;;) {
      const rows = ((await this.knex('survey_responses').where({ surveyId }).where('id', '>', after).orderBy('id').limit(size)) as Record<string, unknown>[]).map(responseOf);
      if (rows.length === 0) return;
      const answers = (await this.knex('survey_response_answers').whereIn('responseId', rows.map((r) => r.id)).select('responseId', 'questionId', 'optionId', 'value', 'answeredAt') as Record<string, unknown>[])
        .map((r) => ({ responseId: Number(r.responseId), questionId: Number(r.questionId), optionId: nullableInt(r.optionId), value: String(r.value), answeredAt: date(r.answeredAt) }));
      yield rows.map((response) => ({ response, answers: answers.filter((a) => a.responseId === response.id) }));
      after = rows[rows.length - 1].id;
    }
  }
}
