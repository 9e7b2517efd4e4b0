import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import { isUniqueViolation, type Tx, type UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, fieldError, notFound } from '../../../platform/http/errors.js';
import type { KeyValueStore } from '../../../platform/kv.js';
import { PasswordHasher } from '../../identity/index.js';
import { compileUserPattern, matchesUserPattern } from '../../../shared/text/user-pattern.js';
import { tehranDayOf } from '../../../shared/dates/tehran-days.js';
import type { PublicQuestionAnswer, PublicSurveyAnswer, SurveyStepAnswer } from '../../../shared/engage/surveys.answers.js';
import { ShortLinksService } from '../short-links/short-links.service.js';
import { nextAfter } from './surveys.branching.js';
import { SurveysRepository, type OptionRow, type QuestionRow, type ResponseRow, type SurveyRow } from './surveys.repository.js';
import { surveyImagePath, surveyStatus } from './surveys.service.js';

const byOrder = (a: QuestionRow, b: QuestionRow) => a.order - b.order || a.id - b.id;

/**
 * The public survey page's calls (no sign-in; engage CONTEXT.md, "Online surveys: answering"): a
 * survey is answered only while active and inside start..end, anything else answers 'survey not
 * found' as a missing one does. A respondent holds a random token; a personal link's code (`sl`)
 * gets one response only, so a second visit continues it or shows it finished.
 */
/** Wrong password guesses one address may make at one survey per window (then 429 until it ends). */
export const PASSWORD_GUESSES_PER_WINDOW = 10;
export const PASSWORD_WINDOW_MS = 10 * 60_000;

@injectable()
export class SurveyResponsesService {
  constructor(
    @inject(SurveysRepository) private readonly repo: SurveysRepository,
    @inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(ShortLinksService) private readonly shortLinks: ShortLinksService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
  ) {}

  private async open(publicId: string, db?: Tx): Promise<SurveyRow> {
    const row = await this.repo.byPublicId(publicId, db);
    if (!row || surveyStatus(row, this.clock.now()) !== 'Open') throw notFound('onlineSurvey.notFound');
    return row;
  }

  async survey(publicId: string): Promise<PublicSurveyAnswer> {
    const row = await this.open(publicId);
    return {
      publicId: row.publicId, title: row.title, introPage: row.introPage, themeColor: row.themeColor,
      logo: row.logoKey ? surveyImagePath(row.publicId, row.logoKey) : null,
      backgroundImage: row.backgroundImageKey ? surveyImagePath(row.publicId, row.backgroundImageKey) : null,
      hasPassword: row.passwordHash !== null, questionCount: row.questionCount,
    };
  }

  async start(input: { publicId: string; password?: string | null; sl?: string | null; token?: string | null }, ip = ''): Promise<SurveyStepAnswer> {
    const survey = await this.open(input.publicId);
    // The respondent's own token continues their response without the password again.
    if (input.token) {
      const mine = await this.repo.responseByToken(input.token);
      if (mine && mine.surveyId === survey.id) return this.step(survey, mine);
    }
    if (survey.passwordHash !== null) {
      if (!input.password) throw fieldError('password', 'onlineSurvey.passwordRequired');
      // The start is public: wrong guesses per address and survey are counted, and past the limit
      // even the right password waits for the window's end, so a password cannot be guessed fast.
      const now = this.clock.now().getTime();
      const index = Math.floor(now / PASSWORD_WINDOW_MS);
      const endsAt = (index + 1) * PASSWORD_WINDOW_MS;
      const guesses = `survey:guesses:${survey.id}:${index}:${ip}`;
      const wait = () => {
        const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
        return new AppError(429, 'onlineSurvey.tooManyGuesses', { seconds }, [], { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
      };
      if (Number(await this.kv.get(guesses) ?? 0) >= PASSWORD_GUESSES_PER_WINDOW) throw wait();
      if (!(await this.hasher.verify(input.password, survey.passwordHash))) {
        if ((await this.kv.incr(guesses, endsAt - now + 1_000)) > PASSWORD_GUESSES_PER_WINDOW) throw wait();
        throw fieldError('password', 'onlineSurvey.wrongPassword');
      }
    }
    // Only a personal link of this survey's organization names its respondent (and so gets one
    // response); any other code — public, unknown, another organization's — starts an anonymous one.
    const code = input.sl?.trim() || null;
    const resolved = code ? await this.shortLinks.receiverForCode(code) : null;
    const receiver = resolved && resolved.organizationId === survey.organizationId && resolved.receiver !== null ? resolved : null;
    const sl = receiver ? code : null;
    if (sl) {
      const existing = await this.repo.responseByCode(survey.id, sl);
      if (existing) return this.step(survey, existing);
    }
    try {
      const id = await this.uow.run(async (tx) => {
        const questions = (await this.repo.questions(survey.id, tx)).sort(byOrder);
        const now = this.clock.now();
        const first = questions[0]?.id ?? null;
        const responseId = await this.repo.insertResponse(tx, {
          surveyId: survey.id, token: randomBytes(24).toString('base64url'), sl, receiver: receiver?.receiver ?? null,
          sendId: receiver?.sendId == null ? null : String(receiver.sendId), currentQuestionId: first, startedAt: now,
          // A survey without questions is finished as soon as it is started.
          finishedAt: first === null ? now : null, finishedDay: first === null ? tehranDayOf(now) : null,
        });
        if (first !== null) await this.repo.countVisit(tx, first);
        return responseId;
      });
      return this.step(survey, await this.responseById(id));
    } catch (err) {
      // Two first visits of one personal link at once: the unique (survey, sl) keeps one response.
      if (sl && isUniqueViolation(err)) {
        const existing = await this.repo.responseByCode(survey.id, sl);
        if (existing) return this.step(survey, existing);
      }
      throw err;
    }
  }

  async answer(input: { token: string; questionId: number; value?: string | null; optionId?: number | null }): Promise<SurveyStepAnswer> {
    const { survey, response } = await this.respondent(input.token);
    const done = await this.uow.run(async (tx) => {
      const current = await this.repo.lockResponse(tx, response.id);
      if (current.finishedAt) return current;
      if (current.currentQuestionId !== input.questionId) throw fieldError('questionId', 'onlineSurvey.notCurrentQuestion');
      const questions = (await this.repo.questions(survey.id, tx)).sort(byOrder);
      const options = await this.repo.options(questions.map((q) => q.id), tx);
      const question = questions.find((q) => q.id === input.questionId) as QuestionRow;
      const own = options.filter((o) => o.questionId === question.id);
      const chosen = judgeAnswer(question, own, input);
      const now = this.clock.now();
      if (chosen) await this.repo.saveAnswer(tx, { responseId: current.id, questionId: question.id, optionId: chosen.optionId, value: chosen.value, answeredAt: now });
      else await this.repo.deleteAnswer(tx, current.id, question.id);
      const graph = questions.map((q) => ({ id: q.id, nextQuestionId: q.nextQuestionId, options: options.filter((o) => o.questionId === q.id) }));
      const next = nextAfter(graph, question.id, chosen?.optionId ?? null);
      const path = [...current.path, question.id];
      if (next === null) await this.repo.moveResponse(tx, current.id, { currentQuestionId: null, path, finishedAt: now, finishedDay: tehranDayOf(now) });
      else {
        await this.repo.moveResponse(tx, current.id, { currentQuestionId: next, path });
        await this.repo.countVisit(tx, next);
      }
      return this.repo.lockResponse(tx, current.id);
    });
    return this.step(survey, done);
  }

  /** One step back: the question's own `previousQuestionId` when it was answered on this walk, else the question answered last. */
  async back(token: string): Promise<SurveyStepAnswer> {
    const { survey, response } = await this.respondent(token);
    const moved = await this.uow.run(async (tx) => {
      const current = await this.repo.lockResponse(tx, response.id);
      if (current.finishedAt || current.path.length === 0) return current;
      const question = current.currentQuestionId === null ? null : await this.repo.question(current.currentQuestionId, tx);
      const preferred = question?.previousQuestionId ?? null;
      const index = preferred !== null && current.path.includes(preferred) ? current.path.lastIndexOf(preferred) : current.path.length - 1;
      const target = current.path[index];
      await this.repo.moveResponse(tx, current.id, { currentQuestionId: target, path: current.path.slice(0, index) });
      await this.repo.countVisit(tx, target);
      return this.repo.lockResponse(tx, current.id);
    });
    return this.step(survey, moved);
  }

  private async respondent(token: string): Promise<{ survey: SurveyRow; response: ResponseRow }> {
    const response = await this.repo.responseByToken(token);
    if (!response) throw notFound('onlineSurvey.notFound');
    const survey = await this.repo.byId(response.surveyId);
    if (!survey || surveyStatus(survey, this.clock.now()) !== 'Open') throw notFound('onlineSurvey.notFound');
    return { survey, response };
  }

  private async responseById(id: number): Promise<ResponseRow> {
    return this.uow.run((tx) => this.repo.lockResponse(tx, id));
  }

  private async step(survey: SurveyRow, response: ResponseRow): Promise<SurveyStepAnswer> {
    const finished = response.finishedAt !== null;
    let question: PublicQuestionAnswer | null = null;
    if (!finished && response.currentQuestionId !== null) {
      const q = await this.repo.question(response.currentQuestionId);
      if (q) {
        const options = await this.repo.options([q.id]);
        const given = (await this.repo.answersOf(response.id)).find((a) => a.questionId === q.id);
        question = {
          id: q.id, text: q.text, type: q.type, isRequired: q.isRequired, minLength: q.minLength, maxLength: q.maxLength, answerPattern: q.answerPattern,
          answers: options.map((o) => ({ id: o.id, text: o.text })), value: given?.value ?? null, optionId: given?.optionId ?? null,
          canGoBack: response.path.length > 0,
        };
      }
    }
    return { token: response.token, finished, question, outroPage: finished ? survey.outroPage : null, redirectUrl: finished ? survey.redirectUrl : null };
  }
}

/** The answer as stored, or null when an optional question is left empty; every refusal on its field. */
function judgeAnswer(q: QuestionRow, options: OptionRow[], input: { value?: string | null; optionId?: number | null }): { optionId: number | null; value: string } | null {
  if (q.type === 'Select') {
    const optionId = input.optionId ?? null;
    if (optionId === null) {
      if (q.isRequired) throw fieldError('optionId', 'onlineSurvey.chooseOption');
      return null;
    }
    const option = options.find((o) => o.id === optionId);
    if (!option) throw fieldError('optionId', 'onlineSurvey.optionUnknown');
    return { optionId, value: option.text };
  }
  const value = (input.value ?? '').trim();
  if (value === '') {
    if (q.isRequired) throw fieldError('value', 'onlineSurvey.answerRequired');
    return null;
  }
  const length = [...value].length;
  if (q.minLength !== null && length < q.minLength) throw fieldError('value', 'onlineSurvey.answerTooShort', { min: q.minLength });
  if (q.maxLength !== null && length > q.maxLength) throw fieldError('value', 'onlineSurvey.answerTooLong', { max: q.maxLength });
  if (q.answerPattern !== null) {
    const re = compileUserPattern(q.answerPattern);
    if (re && !matchesUserPattern(re, value)) throw fieldError('value', 'onlineSurvey.answerPattern');
  }
  return { optionId: null, value };
}
