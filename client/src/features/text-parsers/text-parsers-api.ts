import { endpoint } from '../../shared/api/endpoint';
import type { TextParserAnswer, TextParserListItem, TextParsersPage } from '../../../../server/shared/inbound/text-parsers.answers';

/** Shapes of `TextParsers/*`: the server's answer contracts (module inbound). */
export type TextParser = TextParserListItem;

/** The enum values the spec leaves out (server: text-parsers.match.ts; CONTEXT.md "Text parsers"). */
export const SENDER_CONDITION_TYPES = ['Any', 'Equals', 'StartsWith', 'InPhonebook', 'NotInPhonebook'] as const;
export const IF_CONDITION_TYPES = ['Any', 'Equals', 'Contains', 'StartsWith', 'EndsWith', 'Regex', 'NumberRange'] as const;
export const THEN_CONDITION_TYPES = ['ReplyText', 'ReplyDynamicTemplate', 'AddToPhonebook', 'ForwardToMobile', 'ForwardToEmail', 'CallUrl'] as const;
export const SENT_DELAY_TYPES = ['None', 'Minute', 'Hour', 'Daily'] as const;

/** What the form sends (`Create`; `Update` adds the id). */
export interface TextParserInput {
  title: string;
  privateNumberId: number | null;
  isActive: boolean;
  isChildrenChange: boolean;
  senderConditionType: string;
  senderConditionValue: string | null;
  senderPhonebookId: number | null;
  ifConditionType: string;
  ifConditionValue: string | null;
  thenConditionType: string;
  thenConditionValue: string | null;
  mobileNumber: string | null;
  email: string | null;
  matchingDynamicTemplateId: number | null;
  noMatchingDynamicTemplateId: number | null;
  ipAndPort: string | null;
  sentDelayType: string;
  sentDelayValue: number;
}

export const textParsersApi = {
  list: endpoint.get<TextParsersPage, { pageIndex: number; pageSize: number; search?: string }>('/TextParsers/GetAll'),
  get: endpoint.getById<TextParserAnswer>('/TextParsers/Get'),
  create: endpoint.post<TextParserInput, TextParserAnswer>('/TextParsers/Create'),
  update: endpoint.post<TextParserInput & { id: number }, TextParserAnswer>('/TextParsers/Update'),
  changeStatus: endpoint.post<{ id: number; isActive: boolean }, TextParserAnswer>('/TextParsers/ChangeStatus'),
  delete: endpoint.deleteById<{ id: number }>('/TextParsers/Delete'),
};

export const textParsersKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['text-parsers', pageIndex, pageSize, search] as const,
  one: (id: number) => ['text-parser', id] as const,
  isParserKey: (key: unknown) => Array.isArray(key) && (key[0] === 'text-parsers' || key[0] === 'text-parser'),
  phonebooks: () => ['text-parser-phonebooks'] as const,
  templates: () => ['text-parser-templates'] as const,
};

export const TEXT_PARSERS_PATH = '/inbox/text-parsers';
export const textParserPath = (id: number | 'new') => `${TEXT_PARSERS_PATH}/${id}`;
