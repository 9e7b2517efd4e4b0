import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { Actor } from '../../../platform/actor.js';
import type { AppConfig } from '../../../platform/config.js';
import type { Clock } from '../../../platform/clock.js';
import type { KeyValueStore } from '../../../platform/kv.js';
import type { Translator } from '../../../platform/i18n.js';
import { AppError } from '../../../platform/http/errors.js';
import {
  cosineSimilarity, keywordScore, prepare, questionScore, sectionScore, type PreparedText,
} from '../../../shared/engage/assistant-matching.js';
import { AssistantRepository, faqSourceKey, type BotRow, type FaqRow } from './assistant.repository.js';
import { EmbeddingClient } from './embedding-client.service.js';
import { HelpPagesService, helpLink, type HelpCandidate, type HelpLanguage } from './help-pages.service.js';

export type MatchKind = 'Fuzzy' | 'Semantic' | 'None';
/** Whether meaning was compared for this question: Off (bot or installation), Used, or Failed (endpoint down: spelling alone). */
export type SemanticState = 'Off' | 'Used' | 'Failed';

/** Entries one question is compared with, at most (the newest): an FAQ is a short list, this only bounds a runaway one. */
const FAQ_LIMIT = 2000;
/** A keyword found whole in the question counts a little under a question that matches outright. */
const KEYWORD_WEIGHT = 0.9;
/** Help sections are general; an administrator's own answer wins a tie. */
const HELP_WEIGHT = 0.9;
/** With meaning compared, the score leans on it; the spelling score still counts (names, codes, numbers). */
const SEMANTIC_WEIGHT = 0.65;
const MINUTE_MS = 60_000;
/** Prepared entries kept between questions, at most (a whole cache is dropped past it: simple, and rebuilt in one question). */
const PREPARED_LIMIT = 20_000;

interface Candidate {
  kind: 'Faq' | 'HelpPage';
  sourceKey: string;
  text: string;
  fuzzy: number;
  cosine: number | null;
  faq?: FaqRow;
  help?: HelpCandidate;
}

/**
 * `Assistant/Ask`: a question answered from the answering bot's FAQ entries and the help pages of the
 * asker's language, by spelling (fuzzy, always computed) and, where the bot and the installation
 * have it, by meaning (embeddings). Below both thresholds it says it does not know.
 */
@injectable()
export class AssistantService {
  constructor(
    @inject(AssistantRepository) private readonly repo: AssistantRepository,
    @inject(HelpPagesService) private readonly help: HelpPagesService,
    @inject(EmbeddingClient) private readonly embeddings: EmbeddingClient,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /**
   * Entries' question and keywords, tokenised once per version (`id:lastModified`): an edit makes a
   * new key, so a changed entry is never matched in its old words. Per process; nothing to share.
   */
  private readonly prepared = new Map<string, { question: PreparedText; keywords: PreparedText[] }>();

  private preparedOf(faq: FaqRow) {
    const key = `${faq.id}:${faq.lastModified.getTime()}`;
    let found = this.prepared.get(key);
    if (!found) {
      if (this.prepared.size >= PREPARED_LIMIT) this.prepared.clear();
      found = { question: prepare(faq.question), keywords: faq.keywords.map((k) => prepare(k)) };
      this.prepared.set(key, found);
    }
    return found;
  }

  async ask(ctx: Actor, input: { question: string; language?: HelpLanguage }) {
    const language: HelpLanguage = input.language ?? (ctx.culture === 'fa' ? 'fa' : 'en');
    const culture = language === 'fa' ? 'fa' : 'en-US';
    const question = input.question.trim();
    if (!question) throw new AppError(400, 'status.400', {}, [{ propertyName: 'question', key: 'assistant.questionRequired' }]);
    await this.count(ctx.principal.userId);

    const bot = await this.repo.answeringBot(ctx.principal.organizationPath);
    const q = prepare(question);
    const candidates = await this.candidates(bot, language, q);
    const semantic = await this.compareMeaning(bot, question, candidates);

    const fuzzyOn = bot?.fuzzyMatch ?? true;
    // Fuzzy off: only the same words (after normalising) count as a spelling match.
    const fuzzyThreshold = fuzzyOn ? bot?.fuzzyThreshold ?? 0.5 : 0.999;
    const semanticThreshold = bot?.semanticThreshold ?? 0.8;
    let best: { c: Candidate; score: number; kind: MatchKind } | null = null;
    for (const c of candidates) {
      const byMeaning = c.cosine !== null && c.cosine >= semanticThreshold;
      const bySpelling = c.fuzzy >= fuzzyThreshold;
      if (!byMeaning && !bySpelling) continue;
      const score = c.cosine === null ? c.fuzzy : Math.max(c.fuzzy, (1 - SEMANTIC_WEIGHT) * c.fuzzy + SEMANTIC_WEIGHT * c.cosine);
      const kind: MatchKind = byMeaning && (!bySpelling || (c.cosine as number) > c.fuzzy) ? 'Semantic' : 'Fuzzy';
      if (!best || score > best.score) best = { c, score, kind };
    }
    const botId = bot?.id ?? null;
    if (!best) {
      return {
        known: false, answer: this.translator.t(culture, 'assistant.unknown'), source: null, score: 0, matchKind: 'None' as MatchKind, semantic, botId,
        documentationLink: '/documentation', supportText: this.translator.t(culture, 'assistant.support'),
      };
    }
    const { c } = best;
    const source = c.faq
      ? { kind: 'Faq' as const, faqId: c.faq.id, title: c.faq.question, link: null, slug: null, sectionId: null }
      : { kind: 'HelpPage' as const, faqId: null, title: sourceTitle(c.help as HelpCandidate), link: helpLink((c.help as HelpCandidate).page.slug, (c.help as HelpCandidate).section.id), slug: (c.help as HelpCandidate).page.slug, sectionId: (c.help as HelpCandidate).section.id };
    return {
      known: true, answer: c.faq ? c.faq.answer : (c.help as HelpCandidate).section.markdown, source, score: round(best.score), matchKind: best.kind, semantic, botId,
      documentationLink: '/documentation', supportText: null,
    };
  }

  /** A fixed window per user and minute in the key-value store (shared by every web process with Redis). */
  private async count(userId: number): Promise<void> {
    const limit = this.config.assistant.asksPerMinute;
    if (limit <= 0) return;
    const now = this.clock.now().getTime();
    const index = Math.floor(now / MINUTE_MS);
    const endsAt = (index + 1) * MINUTE_MS;
    if ((await this.kv.incr(`assistant:ask:${index}:${userId}`, endsAt - now + 1_000)) > limit) {
      const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
      throw new AppError(429, 'assistant.tooManyQuestions', { seconds }, [], { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
    }
  }

  private async candidates(bot: BotRow | null, language: HelpLanguage, q: PreparedText): Promise<Candidate[]> {
    const out: Candidate[] = [];
    // An inactive default bot still leaves the help pages: only its own entries are silenced.
    const faqs = bot && bot.isActive ? await this.repo.activeFaqs(bot.id, language, FAQ_LIMIT) : [];
    for (const faq of faqs) {
      const ready = this.preparedOf(faq);
      let fuzzy = questionScore(q, ready.question);
      for (const keyword of ready.keywords) fuzzy = Math.max(fuzzy, KEYWORD_WEIGHT * keywordScore(q, keyword));
      out.push({ kind: 'Faq', sourceKey: faqSourceKey(faq.id), text: [faq.question, ...faq.keywords].join('\n'), fuzzy, cosine: null, faq });
    }
    for (const help of await this.help.candidates(language)) {
      if (!help.plain) continue;
      out.push({
        kind: 'HelpPage', sourceKey: `help:${language}/${help.page.slug}#${help.section.id}`, text: `${sourceTitle(help)}\n${help.plain}`,
        fuzzy: HELP_WEIGHT * sectionScore(q, help.title, help.body), cosine: null, help,
      });
    }
    return out;
  }

  /**
   * Cosine of the question with every candidate, when the bot asks for meaning and the installation
   * has an embedding endpoint. Vectors of entries and help sections are cached by source and text
   * hash (a changed text is embedded again); only the question is embedded on every call. Any
   * failure leaves the candidates without a cosine: the answer comes from spelling alone.
   */
  private async compareMeaning(bot: BotRow | null, question: string, candidates: Candidate[]): Promise<SemanticState> {
    if (!bot?.semanticMatch || !this.embeddings.configured) return 'Off';
    try {
      const model = this.embeddings.model;
      const hashes = candidates.map((c) => hashOf(c.text));
      const cached = await this.repo.embeddings(model, candidates.map((c) => c.sourceKey));
      const missing = candidates.map((c, i) => ({ c, i })).filter(({ c, i }) => cached.get(c.sourceKey)?.contentHash !== hashes[i]);
      const [questionVector, ...fresh] = await this.embeddings.embed([question, ...missing.map(({ c }) => c.text)]);
      await this.repo.saveEmbeddings(model, missing.map(({ c, i }, n) => ({ sourceKey: c.sourceKey, contentHash: hashes[i], vector: fresh[n] })));
      const vectors = new Map(missing.map(({ c }, n) => [c.sourceKey, fresh[n]]));
      for (const c of candidates) {
        const vector = vectors.get(c.sourceKey) ?? cached.get(c.sourceKey)?.vector;
        c.cosine = vector ? cosineSimilarity(questionVector, vector) : null;
      }
      return 'Used';
    } catch (err) {
      for (const c of candidates) c.cosine = null;
      this.logger.warn({ err: err instanceof Error ? err.message : String(err), botId: bot.id }, 'assistant: embedding endpoint failed, answering by spelling alone');
      return 'Failed';
    }
  }
}

function sourceTitle(help: HelpCandidate): string {
  return help.section.id === 's0' ? help.page.title : `${help.page.title} — ${help.section.title}`;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const round = (n: number) => Math.round(n * 1000) / 1000;
