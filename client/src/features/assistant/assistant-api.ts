import { endpoint } from '../../shared/api/endpoint';
import type {
  AskAnswer, BotAnswer, BotsPage, FaqAnswer, FaqsPage, HelpContents, HelpPageAnswer, HelpSearchHits,
} from '../../../../server/shared/engage/assistant.answers';

/** Shapes of `Assistant/*`, `AssistantBots/*`, `AssistantFaqs/*`, `HelpPages/*` (server: engage, part assistant). */
export type { AskAnswer, BotAnswer, BotsPage, FaqAnswer, FaqsPage, HelpContents, HelpPageAnswer, HelpSearchHits };
export type HelpLanguage = 'fa' | 'en';

export interface BotInput {
  title: string;
  fuzzyMatch: boolean;
  fuzzyThreshold: number;
  semanticMatch: boolean;
  semanticThreshold: number;
  isActive: boolean;
}

export interface FaqInput {
  botId: number;
  question: string;
  answer: string;
  language: HelpLanguage;
  keywords: string[];
  isActive: boolean;
}

export const assistantApi = {
  ask: endpoint.post<{ question: string; language: HelpLanguage }, AskAnswer>('/Assistant/Ask'),
  bots: endpoint.get<BotsPage, { pageIndex: number; pageSize: number }>('/AssistantBots/GetAll'),
  createBot: endpoint.post<BotInput, BotAnswer>('/AssistantBots/Create'),
  updateBot: endpoint.post<BotInput & { botId: number }, BotAnswer>('/AssistantBots/Update'),
  deleteBot: endpoint.deleteById<{ id: number }>('/AssistantBots/Delete'),
  faqs: endpoint.get<FaqsPage, { botId: number; pageIndex: number; pageSize: number; search?: string }>('/AssistantFaqs/GetAll'),
  createFaq: endpoint.post<FaqInput, FaqAnswer>('/AssistantFaqs/Create'),
  updateFaq: endpoint.post<FaqInput & { id: number }, FaqAnswer>('/AssistantFaqs/Update'),
  deleteFaq: endpoint.deleteById<{ id: number }>('/AssistantFaqs/Delete'),
  contents: endpoint.get<HelpContents, { language: HelpLanguage }>('/HelpPages/GetAll'),
  page: endpoint.getByIdWith<HelpPageAnswer, { language: HelpLanguage }>('/HelpPages/Get'),
  search: endpoint.get<HelpSearchHits, { language: HelpLanguage; search: string }>('/HelpPages/Search'),
};

export const assistantKeys = {
  bots: () => ['assistant-bots'] as const,
  faqs: (botId: number, pageIndex: number, pageSize: number, search: string) => ['assistant-faqs', botId, pageIndex, pageSize, search] as const,
  contents: (language: HelpLanguage) => ['help-contents', language] as const,
  page: (language: HelpLanguage, slug: string) => ['help-page', language, slug] as const,
  search: (language: HelpLanguage, search: string) => ['help-search', language, search] as const,
  isAssistantKey: (key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && (key[0] as string).startsWith('assistant-'),
};

export const ASSISTANT_ADMIN_PATH = '/configuration/assistant';
export const DOCUMENTATION_PATH = '/documentation';
/** The help language of the panel's language ('en-US' and anything not Persian read the English pages). */
export const helpLanguageOf = (language: string): HelpLanguage => (language === 'fa' ? 'fa' : 'en');
