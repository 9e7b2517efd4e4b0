import { flag, idAnswer, instant, integer, listOf, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `AssistantBots/*`, `AssistantFaqs/*`, `Assistant/Ask` and `HelpPages/*` answer (engage, part assistant). */
const score = { type: 'number' } as const;
const language = { type: 'string', enum: ['fa', 'en'] } as const;

export const botAnswer = {
  type: 'object',
  required: ['botId', 'organizationId', 'organizationName', 'isDefault', 'title', 'fuzzyMatch', 'fuzzyThreshold', 'semanticMatch', 'semanticThreshold', 'semanticAvailable', 'isActive', 'createdAt', 'lastModified'],
  properties: {
    botId: integer,
    /** null: the installation's default bot. */
    organizationId: nullableInteger,
    organizationName: nullableText,
    isDefault: flag,
    title: text,
    fuzzyMatch: flag,
    fuzzyThreshold: score,
    semanticMatch: flag,
    semanticThreshold: score,
    /** The installation has an embedding endpoint (PEYK_ASSISTANT_EMBEDDING_URL); without one semantic match does nothing. */
    semanticAvailable: flag,
    isActive: flag,
    createdAt: instant,
    lastModified: instant,
  },
} as const;
export const botsPageAnswer = pageOf(botAnswer);

export const faqAnswer = {
  type: 'object',
  required: ['id', 'botId', 'question', 'answer', 'language', 'keywords', 'isActive', 'createdAt', 'lastModified'],
  properties: {
    id: integer, botId: integer, question: text, answer: text, language, keywords: { type: 'array', items: text }, isActive: flag,
    createdAt: instant, lastModified: instant,
  },
} as const;
export const faqsPageAnswer = pageOf(faqAnswer);
export const assistantDeletedAnswer = idAnswer;

export const askAnswer = {
  type: 'object',
  required: ['known', 'answer', 'source', 'score', 'matchKind', 'semantic', 'botId', 'documentationLink', 'supportText'],
  properties: {
    known: flag,
    /** The FAQ entry's answer, a help section's markdown, or the "does not know" text. */
    answer: text,
    source: {
      type: ['object', 'null'],
      required: ['kind', 'faqId', 'title', 'link', 'slug', 'sectionId'],
      properties: {
        kind: { type: 'string', enum: ['Faq', 'HelpPage'] },
        faqId: nullableInteger,
        title: text,
        /** The documentation viewer's address of a help section. */
        link: nullableText,
        slug: nullableText,
        sectionId: nullableText,
      },
    },
    score,
    matchKind: { type: 'string', enum: ['Fuzzy', 'Semantic', 'None'] },
    /** Off: not configured or the bot does not ask for it; Used; Failed: the endpoint failed, spelling alone. */
    semantic: { type: 'string', enum: ['Off', 'Used', 'Failed'] },
    botId: nullableInteger,
    documentationLink: text,
    supportText: nullableText,
  },
} as const;

const sectionRef = { type: 'object', required: ['id', 'title'], properties: { id: text, title: text } } as const;
export const helpContentsAnswer = listOf({
  type: 'object', required: ['slug', 'title', 'sections'], properties: { slug: text, title: text, sections: listOf(sectionRef) },
} as const);
export const helpPageAnswer = {
  type: 'object', required: ['slug', 'language', 'title', 'sections'],
  properties: {
    slug: text, language, title: text,
    sections: listOf({ type: 'object', required: ['id', 'title', 'markdown'], properties: { id: text, title: text, markdown: text } } as const),
  },
} as const;
export const helpSearchAnswer = listOf({
  type: 'object', required: ['slug', 'pageTitle', 'sectionId', 'sectionTitle', 'snippet', 'link', 'score'],
  properties: { slug: text, pageTitle: text, sectionId: text, sectionTitle: text, snippet: text, link: text, score },
} as const);

export type BotAnswer = AnswerOf<typeof botAnswer>;
export type BotsPage = AnswerOf<typeof botsPageAnswer>;
export type FaqAnswer = AnswerOf<typeof faqAnswer>;
export type FaqsPage = AnswerOf<typeof faqsPageAnswer>;
export type AskAnswer = AnswerOf<typeof askAnswer>;
export type HelpContents = AnswerOf<typeof helpContentsAnswer>;
export type HelpPageAnswer = AnswerOf<typeof helpPageAnswer>;
export type HelpSearchHits = AnswerOf<typeof helpSearchAnswer>;
