import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Realtime } from '../../platform/realtime.js';
import { AppError, badRequest, conflict, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import { AuditService } from '../audit/index.js';
import { ContactsService } from '../contacts/index.js';
import { PrivateNumbersService } from '../numbers/index.js';
import { foldKeyword, isOptOutText } from './inbox-text.js';
import { drawWinners, newDrawSeed } from './polls.draw.js';
import { PollsRepository, type CountedAnswer, type DrawRow, type PollOptionRow, type PollOptionValues, type PollRow, type PollType, type PollValues } from './polls.repository.js';

/** The claim of polls and competitions: the Facility menu's. */
export const POLLS_CLAIM = 'Facility.Use';
/** Pushed after answers are stored, to who may read the poll (its owner, administrators above). */
export const POLL_RESULTS_EVENT = 'poll-results';

export interface PollInput {
  type: PollType;
  title: string;
  privateNumberId: number;
  senderPhonebookId?: number | null;
  options: { optionTitle: string; answerValue: string; isCorrect?: boolean }[];
  isJustTrueAnswer?: boolean;
  isMainQuestion?: boolean;
  startAt: string;
  endAt: string;
  countedAnswer?: CountedAnswer;
  replyText?: string | null;
  winnersCount?: number | null;
}

function sameOptions(a: PollOptionValues[], b: PollOptionValues[]): boolean {
  return a.length === b.length && a.every((o, i) => o.optionTitle === b[i].optionTitle && o.answerKey === b[i].answerKey && o.isCorrect === b[i].isCorrect && o.answerValue === b[i].answerValue);
}

/** Polls and competitions: definitions judged against the caller's lines and phonebooks, live results, the draw. */
@injectable()
export class PollsService {
  constructor(
    @inject(PollsRepository) private readonly repo: PollsRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Realtime) private readonly realtime: Realtime,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    // Plain users see their own polls; administrators their organization's and below.
    const page = await this.repo.list(ctx.tenant, { ...normalizeSearch(filter), userId: ctx.tenant.subtree ? undefined : ctx.principal.userId });
    const options = await this.repo.options(page.items.map((p) => p.id));
    return { items: page.items.map((p) => this.view(p, options.filter((o) => o.pollId === p.id))), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number) {
    const poll = await this.visible(ctx, id);
    const options = await this.repo.options([id]);
    return { ...this.view(poll, options), results: await this.resultsOf(poll, options), draw: await this.drawView(id) };
  }

  async results(ctx: Actor, id: number) {
    const poll = await this.visible(ctx, id);
    return this.resultsOf(poll, await this.repo.options([id]));
  }

  async create(ctx: Actor, input: PollInput) {
    const { values, options } = await this.judge(ctx, input, null);
    const id = await this.uow.run(async (tx) => {
      await this.refuseTakenKeywords(tx, values, options, null);
      const pollId = await this.repo.insert(tx, { organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId }, values, options);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Poll', referenceId: pollId, newData: { ...values, options } });
      return pollId;
    });
    return this.get(ctx, id);
  }

  /** The owner stays the creator: replies are sent in the owner's name (line, credit). */
  async update(ctx: Actor, id: number, input: PollInput) {
    const current = await this.visible(ctx, id);
    const { values, options } = await this.judge(ctx, input, id);
    await this.uow.run(async (tx) => {
      const existing = (await this.repo.options([id], tx)).map((o) => ({ optionTitle: o.optionTitle, answerValue: o.answerValue, answerKey: o.answerKey, isCorrect: o.isCorrect }));
      const optionsChange = !sameOptions(existing, options);
      // Counted answers point at options: changing them would move or drop votes already cast.
      if (optionsChange && await this.repo.hasAnswers(tx, id)) throw badRequest('status.400', {}, [{ propertyName: 'options', key: 'polls.optionsLocked' }]);
      if (current.drawn && values.winnersCount !== current.winnersCount) throw badRequest('status.400', {}, [{ propertyName: 'winnersCount', key: 'polls.winnersLocked' }]);
      await this.refuseTakenKeywords(tx, values, options, id);
      await this.repo.update(tx, id, values, optionsChange ? options : null, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Poll', referenceId: id, newData: { ...values, options } });
    });
    return this.get(ctx, id);
  }

  async delete(ctx: Actor, id: number) {
    const poll = await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.delete(tx, id);
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Poll', referenceId: id, oldData: { title: poll.title, type: poll.type, participantsCount: poll.participantsCount } });
    });
    return { id };
  }

  /**
   * Draws the poll's winners once (decided: no redraw). Eligible: every counted answer, or only
   * correct ones in a competition with isJustTrueAnswer. The seed comes from the crypto source and
   * is stored with the winners and in the audit row, so anyone can replay the draw.
   */
  async draw(ctx: Actor, id: number) {
    await this.visible(ctx, id);
    const draw = await this.uow.run(async (tx) => {
      await this.repo.lock(tx, id);
      const poll = await this.repo.byId(id, tx) as PollRow;
      if (await this.repo.drawOf(id, tx)) throw conflict('polls.alreadyDrawn');
      if (poll.winnersCount === null) throw badRequest('status.400', {}, [{ propertyName: 'winnersCount', key: 'polls.winnersCountNotSet' }]);
      const eligible = await this.repo.participants(id, poll.type === 'Competition' && poll.isJustTrueAnswer, tx);
      if (poll.winnersCount > eligible.length) {
        throw badRequest('status.400', {}, [{ propertyName: 'winnersCount', key: 'polls.winnersExceedParticipants', params: { participants: eligible.length } }]);
      }
      const seed = newDrawSeed();
      const winners = drawWinners(seed, eligible, poll.winnersCount, (p) => p.mobile)
        .map((w) => ({ mobile: w.mobile, optionId: w.optionId, answeredAt: w.answeredAt.toISOString() }));
      const row = await this.repo.insertDraw(tx, { pollId: id, userId: ctx.principal.userId, seed, winnersCount: poll.winnersCount, participantsCount: eligible.length, winners });
      await this.audit.record(tx, ctx, { operationType: 'Draw', className: 'Poll', referenceId: id, newData: { seed, winnersCount: poll.winnersCount, participantsCount: eligible.length, winners: winners.map((w) => w.mobile) } });
      return row;
    });
    return this.drawPublic(draw);
  }

  /** Every participant with the answer that counts (the export). */
  async participants(ctx: Actor, id: number) {
    const poll = await this.visible(ctx, id);
    const draw = await this.repo.drawOf(id);
    const winners = new Set(draw?.winners.map((w) => w.mobile) ?? []);
    return { poll, rows: (await this.repo.participants(id, false)).map((p) => ({ ...p, isWinner: winners.has(p.mobile) })) };
  }

  /**
   * After the store transaction committed (the listener): the new counts of the polls that took
   * messages, to who may read each poll. Never throws: the answers are stored already.
   */
  async pushResults(pollIds: number[]): Promise<void> {
    try {
      for (const id of new Set(pollIds)) {
        const poll = await this.repo.byId(id);
        if (!poll) continue;
        const results = await this.resultsOf(poll, await this.repo.options([id]));
        this.realtime.emitToReaders({ claim: POLLS_CLAIM, organizationId: poll.organizationId, organizationPath: poll.organizationPath, userIds: [poll.userId] }, POLL_RESULTS_EVENT, results);
      }
    } catch (err) {
      this.logger.warn({ err }, 'poll answers stored but the results were not pushed');
    }
  }

  private async resultsOf(poll: PollRow, options: PollOptionRow[]) {
    const counts = (await this.repo.counts([poll.id])).get(poll.id) ?? new Map<number, number>();
    const list = options.map((o) => ({ optionId: o.id, optionTitle: o.optionTitle, answerValue: o.answerValue, isCorrect: o.isCorrect, count: counts.get(o.id) ?? 0 }));
    return { pollId: poll.id, participantsCount: list.reduce((n, o) => n + o.count, 0), options: list };
  }

  private async drawView(id: number) {
    const d = await this.repo.drawOf(id);
    return d ? this.drawPublic(d) : null;
  }

  private drawPublic(d: DrawRow) {
    return { id: d.id, pollId: d.pollId, seed: d.seed, winnersCount: d.winnersCount, participantsCount: d.participantsCount, winners: d.winners, createdAt: d.createdAt };
  }

  private async visible(ctx: Actor, id: number): Promise<PollRow> {
    const row = await this.repo.visible(ctx.tenant, id);
    if (!row || (!ctx.tenant.subtree && row.userId !== ctx.principal.userId)) throw notFound('polls.notFound');
    return row;
  }

  private view(p: PollRow, options: PollOptionRow[]) {
    const now = this.clock.now().getTime();
    const status = now < p.startAt.getTime() ? 'NotStarted' : now < p.endAt.getTime() ? 'Open' : 'Closed';
    return {
      id: p.id, organizationId: p.organizationId, userId: p.userId, type: p.type, title: p.title, privateNumberId: p.privateNumberId, senderNumber: p.senderNumber,
      senderPhonebookId: p.senderPhonebookId, phonebookName: p.phonebookName, isJustTrueAnswer: p.isJustTrueAnswer, isMainQuestion: p.isMainQuestion,
      startAt: p.startAt, endAt: p.endAt, countedAnswer: p.countedAnswer, replyText: p.replyText, winnersCount: p.winnersCount,
      participantsCount: p.participantsCount, drawn: p.drawn, status, createdAt: p.createdAt,
      options: options.map((o) => ({ id: o.id, optionTitle: o.optionTitle, answerValue: o.answerValue, isCorrect: o.isCorrect })),
    };
  }

  /**
   * Two polls open on one line at the same time cannot share a keyword: the text would count in
   * both, or in one by chance. Checked in the saving transaction (a race of two saves is settled in
   * the step: the older poll takes the text).
   */
  private async refuseTakenKeywords(tx: Parameters<Parameters<UnitOfWork['run']>[0]>[0], values: PollValues, options: PollOptionValues[], exceptId: number | null) {
    const taken = await this.repo.overlapping(tx, values.privateNumberId, values.startAt, values.endAt, exceptId);
    const issues: ValidationIssue[] = [];
    options.forEach((o, i) => {
      const other = taken.find((t) => t.answerKey === o.answerKey);
      if (other) issues.push({ propertyName: `options[${i}].answerValue`, key: 'polls.answerValueTaken', params: { value: o.answerValue, title: other.title } });
    });
    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
  }

  /** Every problem of the form at once, each on its field (the spec's validationErrors). */
  private async judge(ctx: Actor, input: PollInput, _id: number | null): Promise<{ values: PollValues; options: PollOptionValues[] }> {
    const issues: ValidationIssue[] = [];
    const title = input.title.trim();
    if (!title) issues.push({ propertyName: 'title', key: 'polls.titleRequired' });
    // Replies to answers are single sends from the poll's line.
    const line = (await this.numbers.myNumbers(ctx, 'Single')).find((l) => l.id === input.privateNumberId);
    if (!line) issues.push({ propertyName: 'privateNumberId', key: 'polls.lineNotUsable' });
    let senderPhonebookId: number | null = null;
    if (input.senderPhonebookId) {
      try {
        senderPhonebookId = (await this.contacts.phonebookForSend(ctx, input.senderPhonebookId)).id;
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
        issues.push({ propertyName: 'senderPhonebookId', key: 'contacts.phonebookNotFound' });
      }
    }
    const startAt = new Date(input.startAt);
    const endAt = new Date(input.endAt);
    if (!(endAt.getTime() > startAt.getTime())) issues.push({ propertyName: 'endAt', key: 'polls.endBeforeStart' });

    const options: PollOptionValues[] = [];
    if (input.options.length === 0) issues.push({ propertyName: 'options', key: 'polls.noOption' });
    const titles = new Map<string, number>();
    const keys = new Map<string, number>();
    input.options.forEach((o, i) => {
      const optionTitle = o.optionTitle.trim();
      const answerValue = o.answerValue.trim();
      const answerKey = foldKeyword(answerValue);
      if (!optionTitle && !answerKey) { issues.push({ propertyName: `options[${i}]`, key: 'polls.optionEmpty' }); return; }
      if (!optionTitle) issues.push({ propertyName: `options[${i}].optionTitle`, key: 'polls.optionTitleRequired' });
      else if (titles.has(optionTitle.toLowerCase())) issues.push({ propertyName: `options[${i}].optionTitle`, key: 'polls.optionTitleRepeated' });
      else titles.set(optionTitle.toLowerCase(), i);
      if (!answerKey) issues.push({ propertyName: `options[${i}].answerValue`, key: 'polls.answerValueRequired' });
      else if (keys.has(answerKey)) issues.push({ propertyName: `options[${i}].answerValue`, key: 'polls.answerValueRepeated' });
      else if (isOptOutText(answerValue)) issues.push({ propertyName: `options[${i}].answerValue`, key: 'polls.answerValueReserved', params: { value: answerValue } });
      else keys.set(answerKey, i);
      options.push({ optionTitle, answerValue, answerKey, isCorrect: o.isCorrect === true });
    });
    const correct = options.filter((o) => o.isCorrect).length;
    if (correct > 1) issues.push({ propertyName: 'options', key: 'polls.oneCorrectOnly' });
    const isJustTrueAnswer = input.type === 'Competition' && input.isJustTrueAnswer === true;
    if (isJustTrueAnswer && correct === 0 && options.length > 0) issues.push({ propertyName: 'options', key: 'polls.correctRequired' });
    if (issues.length) throw new AppError(400, 'status.400', {}, issues);
    return {
      values: {
        type: input.type, title, privateNumberId: input.privateNumberId, senderPhonebookId, isJustTrueAnswer, isMainQuestion: input.isMainQuestion === true,
        startAt, endAt, countedAnswer: input.countedAnswer ?? 'First', replyText: input.replyText?.trim() || null, winnersCount: input.winnersCount ?? null,
      },
      // A plain poll has no correct answer.
      options: input.type === 'Poll' ? options.map((o) => ({ ...o, isCorrect: false })) : options,
    };
  }
}
