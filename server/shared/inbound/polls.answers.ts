import { flag, idAnswer, instant, integer, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Polls/*` answers and the `poll-results` push carries (server module inbound, "Polls"; the
 * client's polls feature reads these types).
 */
export const pollOptionAnswer = {
  type: 'object',
  required: ['id', 'optionTitle', 'answerValue', 'isCorrect'],
  properties: { id: integer, optionTitle: text, answerValue: text, isCorrect: flag },
} as const;

export const pollAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'userId', 'type', 'title', 'privateNumberId', 'senderNumber', 'senderPhonebookId', 'phonebookName', 'isJustTrueAnswer', 'isMainQuestion',
    'startAt', 'endAt', 'countedAnswer', 'replyText', 'winnersCount', 'participantsCount', 'drawn', 'status', 'options', 'createdAt'],
  properties: {
    id: integer, organizationId: integer, userId: integer,
    /** Poll | Competition */
    type: text,
    title: text,
    privateNumberId: integer,
    senderNumber: nullableText,
    senderPhonebookId: nullableInteger,
    phonebookName: nullableText,
    isJustTrueAnswer: flag,
    isMainQuestion: flag,
    startAt: instant,
    endAt: instant,
    /** First | Last */
    countedAnswer: text,
    replyText: nullableText,
    winnersCount: nullableInteger,
    participantsCount: integer,
    drawn: flag,
    /** NotStarted | Open | Closed, by the server's clock. */
    status: text,
    options: { type: 'array', items: pollOptionAnswer },
    createdAt: instant,
  },
} as const;

export const pollsPageAnswer = pageOf(pollAnswer);

export const pollResultsAnswer = {
  type: 'object',
  required: ['pollId', 'participantsCount', 'options'],
  properties: {
    pollId: integer,
    participantsCount: integer,
    options: {
      type: 'array',
      items: { type: 'object', required: ['optionId', 'optionTitle', 'answerValue', 'isCorrect', 'count'], properties: { optionId: integer, optionTitle: text, answerValue: text, isCorrect: flag, count: integer } },
    },
  },
} as const;

export const pollDrawAnswer = {
  type: 'object',
  required: ['id', 'pollId', 'seed', 'winnersCount', 'participantsCount', 'winners', 'createdAt'],
  properties: {
    id: integer, pollId: integer,
    /** The seed the winners were drawn with: the same seed and participants give the same winners. */
    seed: text,
    winnersCount: integer,
    /** Eligible participants at the draw (correct answers only when the competition says so). */
    participantsCount: integer,
    winners: {
      type: 'array',
      items: { type: 'object', required: ['mobile', 'optionId', 'answeredAt'], properties: { mobile: text, optionId: integer, answeredAt: instant } },
    },
    createdAt: instant,
  },
} as const;

export const pollDetailAnswer = {
  type: 'object',
  required: [...pollAnswer.required, 'results', 'draw'],
  properties: { ...pollAnswer.properties, results: pollResultsAnswer, draw: { anyOf: [pollDrawAnswer, { type: 'null' }] } },
} as const;

export const pollDeletedAnswer = idAnswer;

export type PollAnswer = AnswerOf<typeof pollAnswer>;
export type PollsPage = AnswerOf<typeof pollsPageAnswer>;
export type PollResults = AnswerOf<typeof pollResultsAnswer>;
export type PollDraw = AnswerOf<typeof pollDrawAnswer>;
export type PollDetail = AnswerOf<typeof pollDetailAnswer>;
