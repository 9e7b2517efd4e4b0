import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, badRequest, conflict, notFound, type ValidationIssue } from '../../../platform/http/errors.js';
import { AuditService } from '../../audit/index.js';
import { EmbeddingClient } from './embedding-client.service.js';
import { AssistantRepository, type BotReader, type BotRow, type BotValues, type FaqRow, type FaqValues } from './assistant.repository.js';

export interface BotInput {
  title: string;
  fuzzyMatch?: boolean;
  fuzzyThreshold?: number;
  semanticMatch?: boolean;
  semanticThreshold?: number;
  isActive?: boolean;
}

export interface FaqInput {
  botId: number;
  question: string;
  answer: string;
  language: 'fa' | 'en';
  keywords?: string[];
  isActive?: boolean;
}

/**
 * Bots and their FAQ entries, written by administrators holding Configuration.Manage (the spec's
 * Configuration section). Scope *(decided)*: the installation's default bot (no organization) is
 * the system administrator's; any organization in the caller's slice may have one bot of its own,
 * which then answers its users and everyone below it instead of the default one. A bot or entry
 * outside the slice answers as a missing one.
 */
@injectable()
export class AssistantAdminService {
  constructor(
    @inject(AssistantRepository) private readonly repo: AssistantRepository,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(EmbeddingClient) private readonly embeddings: EmbeddingClient,
  ) {}

  async listBots(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    const page = await this.repo.listBots(readerOf(ctx), filter);
    return { items: page.items.map((b) => this.view(b)), totalCount: page.totalCount };
  }

  async getBot(ctx: Actor, id: number) {
    return this.view(await this.visibleBot(ctx, id));
  }

  /** A bot for the active organization (the organization switcher's choice), one per organization. */
  async createBot(ctx: Actor, input: BotInput) {
    const values = judgeBot(input);
    const organizationId = ctx.tenant.organizationId;
    // The system organization's answers are the default bot's: a second bot there would never be asked.
    if (ctx.principal.scope === 'superAdmin' && organizationId === ctx.principal.organizationId) throw badRequest('assistant.systemUsesDefaultBot');
    if (await this.repo.botOfOrganization(organizationId)) throw conflict('assistant.botExists', {}, [{ propertyName: 'title', key: 'assistant.botExists' }]);
    const id = await this.uow.run(async (tx) => {
      const created = await this.repo.insertBot(tx, organizationId, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'AssistantBot', referenceId: created, newData: { ...values } });
      return created;
    }).catch((err: unknown) => {
      // Two creations at once: the unique index decides, the loser is answered as the check above.
      if ((err as { code?: string }).code === '23505') throw conflict('assistant.botExists', {}, [{ propertyName: 'title', key: 'assistant.botExists' }]);
      throw err;
    });
    return this.getBot(ctx, id);
  }

  async updateBot(ctx: Actor, id: number, input: BotInput) {
    const before = await this.visibleBot(ctx, id);
    const values = judgeBot(input);
    await this.uow.run(async (tx) => {
      if (!await this.repo.updateBot(tx, id, values, this.clock.now())) throw notFound('assistant.botNotFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'AssistantBot', referenceId: id, oldData: botSnapshot(before), newData: { ...values } });
    });
    return this.getBot(ctx, id);
  }

  async deleteBot(ctx: Actor, id: number) {
    const before = await this.visibleBot(ctx, id);
    if (before.organizationId === null) throw badRequest('assistant.defaultBotStays');
    await this.uow.run(async (tx) => {
      if (!await this.repo.softDeleteBot(tx, id, this.clock.now())) throw notFound('assistant.botNotFound');
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'AssistantBot', referenceId: id, oldData: botSnapshot(before) });
    });
    return { id };
  }

  async listFaqs(ctx: Actor, filter: { botId: number; pageIndex: number; pageSize: number; search?: string; language?: string }) {
    await this.visibleBot(ctx, filter.botId);
    const page = await this.repo.listFaqs(filter.botId, filter);
    return { items: page.items.map(faqView), totalCount: page.totalCount };
  }

  async getFaq(ctx: Actor, id: number) {
    return faqView(await this.visibleFaq(ctx, id));
  }

  async createFaq(ctx: Actor, input: FaqInput) {
    const bot = await this.visibleBot(ctx, input.botId, 'botId');
    const values = judgeFaq(input);
    const id = await this.uow.run(async (tx) => {
      const created = await this.repo.insertFaq(tx, { botId: bot.id, organizationId: bot.organizationId, userId: ctx.principal.userId }, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'AssistantFaq', referenceId: created, newData: { botId: bot.id, ...values } });
      return created;
    });
    return this.getFaq(ctx, id);
  }

  /** An entry stays with its bot: `botId` of an update must be the entry's own. */
  async updateFaq(ctx: Actor, id: number, input: FaqInput) {
    const before = await this.visibleFaq(ctx, id);
    if (input.botId !== before.botId) throw new AppError(400, 'status.400', {}, [{ propertyName: 'botId', key: 'assistant.faqBotFixed' }]);
    const values = judgeFaq(input);
    await this.uow.run(async (tx) => {
      if (!await this.repo.updateFaq(tx, id, values, this.clock.now())) throw notFound('assistant.faqNotFound');
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'AssistantFaq', referenceId: id, oldData: faqSnapshot(before), newData: { ...values } });
    });
    return this.getFaq(ctx, id);
  }

  async deleteFaq(ctx: Actor, id: number) {
    const before = await this.visibleFaq(ctx, id);
    await this.uow.run(async (tx) => {
      if (!await this.repo.softDeleteFaq(tx, id, this.clock.now())) throw notFound('assistant.faqNotFound');
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'AssistantFaq', referenceId: id, oldData: faqSnapshot(before) });
    });
    return { id };
  }

  /** `semanticAvailable`: whether the installation has an embedding endpoint, so the screen can say semantic match does nothing without one. */
  private view(b: BotRow) {
    return { ...botView(b), semanticAvailable: this.embeddings.configured };
  }

  private async visibleBot(ctx: Actor, id: number, field?: string): Promise<BotRow> {
    const bot = await this.repo.visibleBot(readerOf(ctx), id);
    if (bot) return bot;
    // Named on its field when it came from a form (an FAQ entry's bot), else a plain 404.
    if (field) throw new AppError(400, 'status.400', {}, [{ propertyName: field, key: 'assistant.botNotFound' }]);
    throw notFound('assistant.botNotFound');
  }

  private async visibleFaq(ctx: Actor, id: number): Promise<FaqRow> {
    const faq = await this.repo.faq(id);
    if (!faq || !await this.repo.visibleBot(readerOf(ctx), faq.botId)) throw notFound('assistant.faqNotFound');
    return faq;
  }
}

function readerOf(ctx: Actor): BotReader {
  return { tenant: ctx.tenant, seesDefault: ctx.principal.scope === 'superAdmin' };
}

function botView(b: BotRow) {
  return {
    botId: b.id, organizationId: b.organizationId, organizationName: b.organizationName, isDefault: b.organizationId === null, title: b.title,
    fuzzyMatch: b.fuzzyMatch, fuzzyThreshold: b.fuzzyThreshold, semanticMatch: b.semanticMatch, semanticThreshold: b.semanticThreshold,
    isActive: b.isActive, createdAt: b.createdAt, lastModified: b.lastModified,
  };
}

function faqView(f: FaqRow) {
  return {
    id: f.id, botId: f.botId, question: f.question, answer: f.answer, language: f.language, keywords: f.keywords, isActive: f.isActive,
    createdAt: f.createdAt, lastModified: f.lastModified,
  };
}

function botSnapshot(b: BotRow): Record<string, unknown> {
  const { title, fuzzyMatch, fuzzyThreshold, semanticMatch, semanticThreshold, isActive } = b;
  return { title, fuzzyMatch, fuzzyThreshold, semanticMatch, semanticThreshold, isActive };
}

function faqSnapshot(f: FaqRow): Record<string, unknown> {
  const { question, answer, language, keywords, isActive } = f;
  return { question, answer, language, keywords, isActive };
}

function judgeBot(input: BotInput): BotValues {
  const title = input.title.trim();
  if (!title) throw new AppError(400, 'status.400', {}, [{ propertyName: 'title', key: 'assistant.titleRequired' }]);
  return {
    title, fuzzyMatch: input.fuzzyMatch ?? true, fuzzyThreshold: input.fuzzyThreshold ?? 0.5,
    semanticMatch: input.semanticMatch ?? false, semanticThreshold: input.semanticThreshold ?? 0.8, isActive: input.isActive ?? true,
  };
}

/** Every problem of the form at once, each on its field. */
function judgeFaq(input: FaqInput): FaqValues {
  const issues: ValidationIssue[] = [];
  const question = input.question.trim();
  const answer = input.answer.trim();
  if (!question) issues.push({ propertyName: 'question', key: 'assistant.questionRequired' });
  if (!answer) issues.push({ propertyName: 'answer', key: 'assistant.answerRequired' });
  // Trimmed, blanks dropped, repeats (after trimming) kept once, in the order typed.
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim()).filter(Boolean))];
  if (issues.length) throw new AppError(400, 'status.400', {}, issues);
  return { question, answer, language: input.language, keywords, isActive: input.isActive ?? true };
}
