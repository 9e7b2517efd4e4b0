import { flag, idAnswer, instant, integer, nullableInstant, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** What `News/*` answers (server module insight, "News"; the client's news feature reads these types). */
const newsProperties = {
  id: integer,
  organizationId: integer,
  /** The organization the news is written for. */
  organizationName: text,
  userId: integer,
  title: text,
  text,
  displayForAllSubOrganizations: flag,
  /** Stored only: it has no effect until white-label domains exist. */
  customerDomainName: nullableText,
  startDate: instant,
  endDate: instant,
  isRequiredToSeen: flag,
  createdAt: instant,
  lastModified: instant,
} as const;

const newsRequired = ['id', 'organizationId', 'organizationName', 'userId', 'title', 'text', 'displayForAllSubOrganizations', 'customerDomainName', 'startDate', 'endDate', 'isRequiredToSeen', 'createdAt', 'lastModified'] as const;

export const newsAnswer = { type: 'object', required: newsRequired, properties: newsProperties } as const;
export const newsPageAnswer = pageOf(newsAnswer);

/** A news as its reader sees it: no author, with the reader's own acknowledgement. */
const readerProperties = {
  id: integer,
  organizationName: text,
  title: text,
  text,
  startDate: instant,
  endDate: instant,
  isRequiredToSeen: flag,
  acknowledgedAt: nullableInstant,
} as const;

export const readerNewsAnswer = {
  type: 'object', required: ['id', 'organizationName', 'title', 'text', 'startDate', 'endDate', 'isRequiredToSeen', 'acknowledgedAt'], properties: readerProperties,
} as const;
export const latestNewsAnswer = pageOf(readerNewsAnswer);
export const mustReadNewsAnswer = { type: 'array', items: readerNewsAnswer } as const;
export const acknowledgeNewsAnswer = {
  type: 'object', required: ['id', 'acknowledgedAt'], properties: { id: integer, acknowledgedAt: instant },
} as const;
export const newsDeletedAnswer = idAnswer;

export type NewsAnswer = AnswerOf<typeof newsAnswer>;
export type NewsPage = AnswerOf<typeof newsPageAnswer>;
export type ReaderNews = AnswerOf<typeof readerNewsAnswer>;
export type LatestNewsPage = AnswerOf<typeof latestNewsAnswer>;
export type AcknowledgeNewsAnswer = AnswerOf<typeof acknowledgeNewsAnswer>;
