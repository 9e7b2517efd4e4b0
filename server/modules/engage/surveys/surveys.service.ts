import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { Tx, UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, badRequest, fieldError, notFound, type ValidationIssue } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import type { SchemaType } from '../../../platform/http/router.js';
import { UploadIntake, type UploadSource } from '../../../platform/upload/upload-intake.service.js';
import { imageUploadKind } from '../../../platform/upload/image-upload.js';
import { KeptFiles } from '../../../platform/upload/kept-files.js';
import { AuditService } from '../../audit/index.js';
import { PasswordHasher } from '../../identity/index.js';
import { userPatternRefusal } from '../../../shared/text/user-pattern.js';
import { toJalali } from '../../../shared/dates/jalali.js';
import { dayNumber } from '../../../shared/dates/calendar-days.js';
import {
  SURVEY_IMAGE_MAX_BYTES, type SurveyAnswer, type SurveyImageType, type SurveyQuestionAnswer, type SurveyStatisticsAnswer,
} from '../../../shared/engage/surveys.answers.js';
import { branchProblems, type BranchQuestion } from './surveys.branching.js';
import { SurveysRepository, type OptionRow, type OptionValues, type QuestionRow, type QuestionValues, type SurveyRow, type SurveyValues } from './surveys.repository.js';
import type { createQuestionSchema, createSurveySchema, updateQuestionSchema, updateSurveySchema } from './surveys.schemas.js';

/** The claim of online surveys: the spec's Services menu. */
export const SURVEYS_CLAIM = 'Services.Use';
const CLASS_NAME = 'OnlineSurvey';
/** The kept-files folder of survey logos and background images. */
export const SURVEY_IMAGES_FOLDER = 'survey-images';
export const SURVEY_IMAGE_KIND = imageUploadKind('survey-image', { maxBytes: SURVEY_IMAGE_MAX_BYTES, maxWidth: 8_000, maxHeight: 8_000, maxPixels: 40_000_000 });

type SurveyInput = SchemaType<typeof createSurveySchema> | SchemaType<typeof updateSurveySchema>;
type QuestionInput = SchemaType<typeof createQuestionSchema> | SchemaType<typeof updateQuestionSchema>;

/** Path under the API root of the public image route. */
export const surveyImagePath = (publicId: string, key: string) => `OnlineSurvey/Image/${publicId}/${key}`;

export function surveyStatus(row: SurveyRow, now: Date): 'NotStarted' | 'Open' | 'Closed' | 'Inactive' {
  if (!row.isActive) return 'Inactive';
  if (now < row.startAt) return 'NotStarted';
  return now < row.endAt ? 'Open' : 'Closed';
}

/** What the audit keeps: no password hash, no CRM key. */
function auditData(row: Partial<SurveyRow>): Record<string, unknown> {
  const { passwordHash: _hash, crmAccessKey: _key, ...rest } = row;
  return { ...rest, hasPassword: Boolean(row.passwordHash) };
}

function graphOf(questions: QuestionRow[], options: OptionRow[]): (BranchQuestion & { text: string })[] {
  return questions.map((q) => ({
    id: q.id, text: q.text, nextQuestionId: q.nextQuestionId, previousQuestionId: q.previousQuestionId,
    options: q.type === 'Select' ? options.filter((o) => o.questionId === q.id).map((o) => ({ id: o.id, nextQuestionId: o.nextQuestionId })) : [],
  }));
}

/** Orders questions as the walk does: by `order`, then id. */
const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) => a.order - b.order || a.id - b.id;

/**
 * Online surveys in the panel (engage CONTEXT.md, "Online surveys"): the surveys of the caller's
 * organization subtree (plain users: their own), their questions with branching judged as a whole
 * on every change, images, statistics and text answers.
 */
@injectable()
export class SurveysService {
  constructor(
    @inject(SurveysRepository) private readonly repo: SurveysRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(KeptFiles) private readonly files: KeptFiles,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  view(row: SurveyRow): SurveyAnswer {
    return {
      id: row.id, organizationId: row.organizationId, userId: row.userId, publicId: row.publicId, publicPath: `online-survey/${row.publicId}`,
      title: row.title, startAt: row.startAt.toISOString(), endAt: row.endAt.toISOString(), introPage: row.introPage, outroPage: row.outroPage,
      themeColor: row.themeColor, logo: row.logoKey ? surveyImagePath(row.publicId, row.logoKey) : null,
      backgroundImage: row.backgroundImageKey ? surveyImagePath(row.publicId, row.backgroundImageKey) : null,
      redirectUrl: row.redirectUrl, hasPassword: row.passwordHash !== null, crmAccessKey: row.crmAccessKey, crmUserName: row.crmUserName,
      enableSaveResponseInCrm: row.enableSaveResponseInCrm, crmField: row.crmField, spreadSheetId: row.spreadSheetId, isActive: row.isActive,
      status: surveyStatus(row, this.clock.now()), questionCount: row.questionCount, responseCount: row.responseCount, createdAt: row.createdAt.toISOString(),
    };
  }

  private questionView(q: QuestionRow, options: OptionRow[]): SurveyQuestionAnswer {
    return {
      id: q.id, surveyId: q.surveyId, order: q.order, text: q.text, type: q.type, isRequired: q.isRequired, minLength: q.minLength, maxLength: q.maxLength,
      answerPattern: q.answerPattern, nextQuestionId: q.nextQuestionId, previousQuestionId: q.previousQuestionId, visitCount: q.visitCount,
      answers: options.filter((o) => o.questionId === q.id).map((o) => ({ id: o.id, text: o.text, nextQuestionId: o.nextQuestionId })),
    };
  }

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    const page = await this.repo.list(ctx.tenant, { ...normalizeSearch(filter), userId: ctx.tenant.subtree ? undefined : ctx.principal.userId });
    return { items: page.items.map((r) => this.view(r)), totalCount: page.totalCount };
  }

  /** A survey the caller may see: its organization subtree, and a plain user's own only; anything else is 'survey not found'. */
  async visible(ctx: Actor, id: number): Promise<SurveyRow> {
    const row = await this.repo.visible(ctx.tenant, id);
    if (!row || (!ctx.tenant.subtree && row.userId !== ctx.principal.userId)) throw notFound('onlineSurvey.notFound');
    return row;
  }

  /** `visible` read inside a transaction (the embedded database has one connection: a read beside the transaction would wait for ever). */
  private async visibleIn(tx: Tx, ctx: Actor, id: number): Promise<SurveyRow> {
    const row = await this.repo.visible(ctx.tenant, id, tx);
    if (!row || (!ctx.tenant.subtree && row.userId !== ctx.principal.userId)) throw notFound('onlineSurvey.notFound');
    return row;
  }

  async get(ctx: Actor, id: number) {
    const row = await this.visible(ctx, id);
    const questions = await this.repo.questions(id);
    const options = await this.repo.options(questions.map((q) => q.id));
    return { survey: this.view(row), questions: questions.map((q) => this.questionView(q, options)) };
  }

  async create(ctx: Actor, body: SchemaType<typeof createSurveySchema>) {
    const values = this.judgeSurvey(body);
    const passwordHash = typeof body.password === 'string' ? await this.hasher.hash(this.judgePassword(body.password)) : null;
    const id = await this.uow.run(async (tx) => {
      const surveyId = await this.repo.insert(tx, { ...values, organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, publicId: randomBytes(9).toString('base64url'), passwordHash });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: CLASS_NAME, referenceId: surveyId, newData: auditData({ ...values, passwordHash }) });
      return surveyId;
    });
    return this.view(await this.visible(ctx, id));
  }

  async update(ctx: Actor, body: SchemaType<typeof updateSurveySchema>) {
    const old = await this.visible(ctx, body.id);
    const values: Partial<SurveyValues & { passwordHash: string | null }> = this.judgeSurvey(body);
    // Absent: the password stays; null: removed; text: replaced.
    if (body.password === null) values.passwordHash = null;
    else if (typeof body.password === 'string') values.passwordHash = await this.hasher.hash(this.judgePassword(body.password));
    await this.uow.run(async (tx) => {
      await this.repo.lock(tx, old.id);
      await this.repo.update(tx, old.id, values, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Update', className: CLASS_NAME, referenceId: old.id, organizationId: old.organizationId, oldData: auditData(old), newData: auditData({ ...old, ...values }) });
    });
    return this.view(await this.visible(ctx, old.id));
  }

  async delete(ctx: Actor, id: number) {
    const old = await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: CLASS_NAME, referenceId: id, organizationId: old.organizationId, oldData: auditData(old) });
    });
    for (const key of [old.logoKey, old.backgroundImageKey]) if (key) await this.files.remove(SURVEY_IMAGES_FOLDER, key);
    return { id };
  }

  private judgeSurvey(body: SurveyInput): SurveyValues {
    const issues: ValidationIssue[] = [];
    const title = body.title.trim();
    if (title === '') issues.push({ propertyName: 'title', key: 'onlineSurvey.titleRequired' });
    const startAt = new Date(body.startAt);
    const endAt = new Date(body.endAt);
    if (!(endAt > startAt)) issues.push({ propertyName: 'endAt', key: 'onlineSurvey.endBeforeStart' });
    const redirectUrl = body.redirectUrl?.trim() || null;
    if (redirectUrl !== null && !isWebAddress(redirectUrl)) issues.push({ propertyName: 'redirectUrl', key: 'onlineSurvey.invalidUrl' });
    if (typeof body.password === 'string' && body.password === '') issues.push({ propertyName: 'password', key: 'onlineSurvey.passwordEmpty' });
    if (issues.length) throw badRequest('status.400', {}, issues);
    const optional = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    return {
      title, startAt, endAt, introPage: optional(body.introPage), outroPage: optional(body.outroPage), themeColor: body.themeColor ?? 'default', redirectUrl,
      crmAccessKey: optional(body.crmAccessKey), crmUserName: optional(body.crmUserName), enableSaveResponseInCrm: body.enableSaveResponseInCrm ?? false,
      crmField: optional(body.crmField), spreadSheetId: optional(body.spreadSheetId), isActive: body.isActive ?? true,
    };
  }

  private judgePassword(password: string): string {
    if (password === '') throw fieldError('password', 'onlineSurvey.passwordEmpty');
    return password;
  }

  // ---- questions ----

  async createQuestion(ctx: Actor, body: SchemaType<typeof createQuestionSchema>) {
    const survey = await this.visible(ctx, body.surveyId);
    const { values, options } = this.judgeQuestion(body);
    const id = await this.uow.run(async (tx) => {
      await this.repo.lock(tx, survey.id);
      const questions = await this.repo.questions(survey.id, tx);
      const order = body.order ?? (questions.length ? Math.max(...questions.map((q) => q.order)) + 1 : 0);
      refuseUnknownTargets(questions, values, options, null);
      const questionId = await this.repo.insertQuestion(tx, survey.id, { ...values, order });
      await this.repo.replaceOptions(tx, questionId, options);
      await this.judgeBranches(tx, survey.id, questionId);
      await this.audit.record(tx, ctx, { operationType: 'CreateQuestion', className: CLASS_NAME, referenceId: survey.id, organizationId: survey.organizationId, newData: { questionId, ...values, options } });
      return questionId;
    });
    return this.questionOf(survey.id, id);
  }

  async updateQuestion(ctx: Actor, body: SchemaType<typeof updateQuestionSchema>) {
    const { survey, question } = await this.visibleQuestion(ctx, body.id);
    const { values, options } = this.judgeQuestion(body);
    await this.uow.run(async (tx) => {
      await this.repo.lock(tx, survey.id);
      const known = new Set((await this.repo.options([question.id], tx)).map((o) => o.id));
      const issues: ValidationIssue[] = options.flatMap((o, i) => (o.id !== undefined && !known.has(o.id) ? [{ propertyName: `answers[${i}].id`, key: 'onlineSurvey.optionUnknown' }] : []));
      if (issues.length) throw badRequest('status.400', {}, issues);
      refuseUnknownTargets(await this.repo.questions(survey.id, tx), values, options, question.id);
      await this.repo.updateQuestion(tx, question.id, { ...values, order: body.order ?? question.order });
      await this.repo.replaceOptions(tx, question.id, values.type === 'Select' ? options : []);
      await this.judgeBranches(tx, survey.id, question.id);
      await this.audit.record(tx, ctx, { operationType: 'UpdateQuestion', className: CLASS_NAME, referenceId: survey.id, organizationId: survey.organizationId, oldData: question, newData: { ...values, options } });
    });
    return this.questionOf(survey.id, question.id);
  }

  async deleteQuestion(ctx: Actor, id: number) {
    const { survey, question } = await this.visibleQuestion(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.lock(tx, survey.id);
      // Answers already given are results: never removed silently with their question.
      if (await this.repo.questionHasAnswers(tx, id)) throw fieldError('id', 'onlineSurvey.questionAnswered');
      const questions = await this.repo.questions(survey.id, tx);
      const options = await this.repo.options(questions.map((q) => q.id), tx);
      const pointing = questions.find((q) => q.id !== id && (q.nextQuestionId === id || q.previousQuestionId === id || options.some((o) => o.questionId === q.id && o.nextQuestionId === id)));
      if (pointing) throw fieldError('id', 'onlineSurvey.branch.referenced', { question: pointing.text });
      await this.repo.deleteQuestion(tx, id);
      await this.judgeBranches(tx, survey.id, null);
      await this.audit.record(tx, ctx, { operationType: 'DeleteQuestion', className: CLASS_NAME, referenceId: survey.id, organizationId: survey.organizationId, oldData: question });
    });
    return { id };
  }

  /** New order of the survey's questions (every question once); the walk is judged again, since order is the fallback branch. */
  async reorderQuestions(ctx: Actor, surveyId: number, questionIds: number[]) {
    const survey = await this.visible(ctx, surveyId);
    await this.uow.run(async (tx) => {
      await this.repo.lock(tx, survey.id);
      const questions = await this.repo.questions(survey.id, tx);
      const given = new Set(questionIds);
      if (given.size !== questionIds.length || questions.length !== questionIds.length || questions.some((q) => !given.has(q.id))) {
        throw fieldError('questionIds', 'onlineSurvey.branch.unknown');
      }
      for (const q of questions) await this.repo.setOrder(tx, q.id, questionIds.indexOf(q.id));
      await this.judgeBranches(tx, survey.id, null);
      await this.audit.record(tx, ctx, { operationType: 'ReorderQuestions', className: CLASS_NAME, referenceId: survey.id, organizationId: survey.organizationId, newData: { questionIds } });
    });
    return this.get(ctx, surveyId);
  }

  private async visibleQuestion(ctx: Actor, id: number) {
    const question = await this.repo.question(id);
    if (!question) throw notFound('onlineSurvey.questionNotFound');
    try {
      return { survey: await this.visible(ctx, question.surveyId), question };
    } catch (err) {
      // A foreign question answers as a missing one.
      if (err instanceof AppError && err.status === 404) throw notFound('onlineSurvey.questionNotFound');
      throw err;
    }
  }

  private async questionOf(surveyId: number, id: number): Promise<SurveyQuestionAnswer> {
    const q = (await this.repo.questions(surveyId)).find((x) => x.id === id) as QuestionRow;
    return this.questionView(q, await this.repo.options([id]));
  }

  private judgeQuestion(body: QuestionInput): { values: Omit<QuestionValues, 'order'>; options: OptionValues[] } {
    const issues: ValidationIssue[] = [];
    const text = body.text.trim();
    if (text === '') issues.push({ propertyName: 'text', key: 'onlineSurvey.questionTextRequired' });
    const answers = body.answers ?? [];
    const isText = body.type === 'Text';
    if (isText && answers.length) issues.push({ propertyName: 'answers', key: 'onlineSurvey.optionsOnlyForSelect' });
    if (!isText) {
      if (answers.length < 2) issues.push({ propertyName: 'answers', key: 'onlineSurvey.optionsRequired' });
      answers.forEach((a, i) => { if (a.text.trim() === '') issues.push({ propertyName: `answers[${i}].text`, key: 'onlineSurvey.optionTextRequired' }); });
    }
    const minLength = body.minLength ?? null;
    const maxLength = body.maxLength ?? null;
    const answerPattern = body.answerPattern?.trim() || null;
    if (!isText) {
      if (minLength !== null) issues.push({ propertyName: 'minLength', key: 'onlineSurvey.lengthForText' });
      if (maxLength !== null) issues.push({ propertyName: 'maxLength', key: 'onlineSurvey.lengthForText' });
      if (answerPattern !== null) issues.push({ propertyName: 'answerPattern', key: 'onlineSurvey.lengthForText' });
    } else {
      if (minLength !== null && maxLength !== null && minLength > maxLength) issues.push({ propertyName: 'minLength', key: 'onlineSurvey.lengthRange' });
      const refusal = answerPattern === null ? null : userPatternRefusal(answerPattern);
      if (refusal) issues.push({ propertyName: 'answerPattern', key: `onlineSurvey.pattern.${refusal}` });
    }
    if (issues.length) throw badRequest('status.400', {}, issues);
    return {
      values: {
        text, type: body.type, isRequired: body.isRequired ?? false, minLength, maxLength, answerPattern,
        nextQuestionId: body.nextQuestionId ?? null, previousQuestionId: body.previousQuestionId ?? null,
      },
      options: isText ? [] : answers.map((a) => ({ id: a.id, text: a.text.trim(), nextQuestionId: a.nextQuestionId ?? null })),
    };
  }

  /**
   * The survey's walk as stored in `tx` (after the change): dangling or cross-survey ids and loops
   * that can never end are refused, on the changed question's fields when they are its own.
   */
  private async judgeBranches(tx: Tx, surveyId: number, changedId: number | null): Promise<void> {
    const questions = (await this.repo.questions(surveyId, tx)).sort(byOrder);
    const graph = graphOf(questions, await this.repo.options(questions.map((q) => q.id), tx));
    const problems = branchProblems(graph);
    if (!problems.length) return;
    const issues: ValidationIssue[] = problems.map((p) => {
      const own = graph[p.index].id === changedId;
      const propertyName = own ? p.field : changedId === null ? 'id' : 'nextQuestionId';
      return { propertyName, key: `onlineSurvey.branch.${p.kind}`, params: { question: graph[p.index].text } };
    });
    throw badRequest('status.400', {}, issues);
  }

  // ---- images ----

  async uploadImage(ctx: Actor, q: { id: number; imageType: SurveyImageType }, source: UploadSource) {
    await this.visible(ctx, q.id);
    const stored = await this.intake.receive(SURVEY_IMAGE_KIND, source);
    const column = q.imageType === 'Logo' ? 'logoKey' : 'backgroundImageKey';
    return this.files.keepRecorded(SURVEY_IMAGES_FOLDER, stored, async (key) => {
      const replaced = await this.uow.run(async (tx) => {
        const old = await this.visibleIn(tx, ctx, q.id);
        await this.repo.lock(tx, old.id);
        await this.repo.update(tx, old.id, { [column]: key }, this.clock.now());
        await this.audit.record(tx, ctx, { operationType: 'UploadImage', className: CLASS_NAME, referenceId: old.id, organizationId: old.organizationId, newData: { imageType: q.imageType, key } });
        return old[column];
      });
      return { result: this.view(await this.visible(ctx, q.id)), replaced };
    });
  }

  async removeImage(ctx: Actor, id: number, imageType: SurveyImageType) {
    const old = await this.visible(ctx, id);
    const column = imageType === 'Logo' ? 'logoKey' : 'backgroundImageKey';
    const key = old[column];
    if (!key) throw fieldError('imageType', 'onlineSurvey.imageNotFound');
    await this.uow.run(async (tx) => {
      await this.repo.update(tx, id, { [column]: null }, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'RemoveImage', className: CLASS_NAME, referenceId: id, organizationId: old.organizationId, oldData: { imageType, key } });
    });
    await this.files.remove(SURVEY_IMAGES_FOLDER, key);
    return this.view(await this.visible(ctx, id));
  }

  /** A logo or background to anyone who has the survey's public address; a key not the survey's own is 404. */
  async image(publicId: string, key: string): Promise<{ content: Buffer; contentType: string }> {
    const row = await this.repo.byPublicId(publicId);
    if (!row || (row.logoKey !== key && row.backgroundImageKey !== key)) throw notFound('onlineSurvey.imageNotFound');
    const content = await this.files.read(SURVEY_IMAGES_FOLDER, key);
    return { content, contentType: content[0] === 0x89 ? 'image/png' : 'image/jpeg' };
  }

  // ---- results ----

  /** Finished responses per Persian (Jalali) day, month and year of the Tehran day they were finished; per question its options' counts. */
  async statistics(ctx: Actor, id: number): Promise<SurveyStatisticsAnswer> {
    await this.visible(ctx, id);
    const perDay = await this.repo.finishedPerDay(id);
    const days = perDay.map((d) => {
      const j = toJalali(dayNumber(d.day));
      return { persianYear: j.jy, persianMonth: j.jm, persianDay: j.jd, responseCount: d.count };
    });
    const months = new Map<string, { persianYear: number; persianMonth: number; responseCount: number }>();
    const years = new Map<number, { persianYear: number; responseCount: number }>();
    for (const d of days) {
      const m = months.get(`${d.persianYear}-${d.persianMonth}`) ?? { persianYear: d.persianYear, persianMonth: d.persianMonth, responseCount: 0 };
      m.responseCount += d.responseCount;
      months.set(`${d.persianYear}-${d.persianMonth}`, m);
      const y = years.get(d.persianYear) ?? { persianYear: d.persianYear, responseCount: 0 };
      y.responseCount += d.responseCount;
      years.set(d.persianYear, y);
    }
    const questions = (await this.repo.questions(id)).sort(byOrder);
    const options = await this.repo.options(questions.map((q) => q.id));
    const counts = await this.repo.answerCounts(id);
    return {
      surveyId: id,
      responseCount: days.reduce((n, d) => n + d.responseCount, 0),
      startedCount: await this.repo.startedCount(id),
      days, months: [...months.values()], years: [...years.values()],
      questions: questions.map((q) => ({
        questionId: q.id, text: q.text, type: q.type, visitCount: q.visitCount,
        answerCount: counts.filter((c) => c.questionId === q.id).reduce((n, c) => n + c.count, 0),
        options: options.filter((o) => o.questionId === q.id).map((o) => ({ answerId: o.id, text: o.text, count: counts.find((c) => c.questionId === q.id && c.optionId === o.id)?.count ?? 0 })),
      })),
    };
  }

  async textAnswers(ctx: Actor, q: { questionId: number; pageIndex: number; pageSize: number }) {
    await this.visibleQuestion(ctx, q.questionId);
    const page = await this.repo.textAnswers(q.questionId, q);
    return { items: page.items.map((a) => ({ ...a, answeredAt: a.answeredAt.toISOString() })), totalCount: page.totalCount };
  }

  async responses(ctx: Actor, q: { surveyId: number; pageIndex: number; pageSize: number }) {
    await this.visible(ctx, q.surveyId);
    const page = await this.repo.responses(q.surveyId, q);
    return {
      items: page.items.map((r) => ({ id: r.id, receiver: r.receiver, sl: r.sl, startedAt: r.startedAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null })),
      totalCount: page.totalCount,
    };
  }

  /** The export's questions (columns) and its pages of responses. */
  async exportSource(ctx: Actor, id: number) {
    await this.visible(ctx, id);
    const questions = (await this.repo.questions(id)).sort(byOrder);
    return { questions, pages: this.repo.responsePages(id) };
  }
}

/**
 * Branch targets must be questions of this survey (a foreign or missing id would otherwise reach the
 * foreign key, or worse, lead into another survey); pointing at itself is refused here too.
 */
function refuseUnknownTargets(questions: QuestionRow[], values: Omit<QuestionValues, 'order'>, options: OptionValues[], selfId: number | null): void {
  const known = new Set(questions.map((q) => q.id));
  const issues: ValidationIssue[] = [];
  const check = (propertyName: string, target: number | null) => {
    if (target === null) return;
    if (target === selfId) issues.push({ propertyName, key: 'onlineSurvey.branch.self' });
    else if (!known.has(target)) issues.push({ propertyName, key: 'onlineSurvey.branch.unknown' });
  };
  check('nextQuestionId', values.nextQuestionId);
  check('previousQuestionId', values.previousQuestionId);
  options.forEach((o, i) => check(`answers[${i}].nextQuestionId`, o.nextQuestionId));
  if (issues.length) throw badRequest('status.400', {}, issues);
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
