import { flag, instant, integer, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * Online surveys (server module engage, "Online surveys"): the enumerations both sides use and what
 * `OnlineSurvey/*` answers (the client's surveys feature reads these types).
 */
export const SURVEY_THEME_COLORS = ['default', 'blue', 'green', 'yellow', 'red', 'purple', 'orange', 'pink', 'gray'] as const;
export type SurveyThemeColor = (typeof SURVEY_THEME_COLORS)[number];
export const SURVEY_QUESTION_TYPES = ['Text', 'Select'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];
export const SURVEY_IMAGE_TYPES = ['Logo', 'BackgroundImage'] as const;
export type SurveyImageType = (typeof SURVEY_IMAGE_TYPES)[number];
/** Logo and background: png/jpeg of at most 1 MB. */
export const SURVEY_IMAGE_MAX_BYTES = 1_048_576;

export const surveyOptionAnswer = {
  type: 'object', required: ['id', 'text', 'nextQuestionId'],
  properties: { id: integer, text, nextQuestionId: nullableInteger },
} as const;

export const surveyQuestionAnswer = {
  type: 'object',
  required: ['id', 'surveyId', 'order', 'text', 'type', 'isRequired', 'minLength', 'maxLength', 'answerPattern', 'nextQuestionId', 'previousQuestionId', 'visitCount', 'answers'],
  properties: {
    id: integer, surveyId: integer, order: integer, text, type: text, isRequired: flag,
    minLength: nullableInteger, maxLength: nullableInteger, answerPattern: nullableText,
    nextQuestionId: nullableInteger, previousQuestionId: nullableInteger, visitCount: integer,
    answers: { type: 'array', items: surveyOptionAnswer },
  },
} as const;

export const surveyAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'userId', 'publicId', 'publicPath', 'title', 'startAt', 'endAt', 'introPage', 'outroPage', 'themeColor', 'logo', 'backgroundImage',
    'redirectUrl', 'hasPassword', 'crmAccessKey', 'crmUserName', 'enableSaveResponseInCrm', 'crmField', 'spreadSheetId', 'isActive', 'status', 'questionCount', 'responseCount', 'createdAt'],
  properties: {
    id: integer, organizationId: integer, userId: integer,
    publicId: text,
    /** `online-survey/{publicId}`: the public page's path under the panel's origin. */
    publicPath: text,
    title: text, startAt: instant, endAt: instant, introPage: nullableText, outroPage: nullableText, themeColor: text,
    /** Paths under the API root of the public image route, or null. */
    logo: nullableText, backgroundImage: nullableText,
    redirectUrl: nullableText, hasPassword: flag,
    crmAccessKey: nullableText, crmUserName: nullableText, enableSaveResponseInCrm: flag, crmField: nullableText, spreadSheetId: nullableText,
    isActive: flag,
    /** NotStarted | Open | Closed | Inactive, by the server's clock. */
    status: text,
    questionCount: integer, responseCount: integer, createdAt: instant,
  },
} as const;

export const surveysPageAnswer = pageOf(surveyAnswer);

export const surveyDetailAnswer = {
  type: 'object', required: ['survey', 'questions'],
  properties: { survey: surveyAnswer, questions: { type: 'array', items: surveyQuestionAnswer } },
} as const;


export const surveyStatisticsAnswer = {
  type: 'object', required: ['surveyId', 'responseCount', 'startedCount', 'days', 'months', 'years', 'questions'],
  properties: {
    surveyId: integer,
    /** Finished responses. */
    responseCount: integer,
    /** Responses started (finished or not). */
    startedCount: integer,
    days: { type: 'array', items: { type: 'object', required: ['persianYear', 'persianMonth', 'persianDay', 'responseCount'], properties: { persianYear: integer, persianMonth: integer, persianDay: integer, responseCount: integer } } },
    months: { type: 'array', items: { type: 'object', required: ['persianYear', 'persianMonth', 'responseCount'], properties: { persianYear: integer, persianMonth: integer, responseCount: integer } } },
    years: { type: 'array', items: { type: 'object', required: ['persianYear', 'responseCount'], properties: { persianYear: integer, responseCount: integer } } },
    questions: {
      type: 'array',
      items: {
        type: 'object', required: ['questionId', 'text', 'type', 'visitCount', 'answerCount', 'options'],
        properties: {
          questionId: integer, text, type: text, visitCount: integer, answerCount: integer,
          options: { type: 'array', items: { type: 'object', required: ['answerId', 'text', 'count'], properties: { answerId: integer, text, count: integer } } },
        },
      },
    },
  },
} as const;

export const surveyTextAnswersAnswer = pageOf({
  type: 'object', required: ['responseId', 'value', 'answeredAt', 'receiver', 'sl'],
  properties: { responseId: integer, value: text, answeredAt: instant, receiver: nullableText, sl: nullableText },
} as const);

export const surveyResponsesAnswer = pageOf({
  type: 'object', required: ['id', 'receiver', 'sl', 'startedAt', 'finishedAt'],
  properties: { id: integer, receiver: nullableText, sl: nullableText, startedAt: instant, finishedAt: nullableInstant },
} as const);

// ---- the public page ----

export const publicSurveyAnswer = {
  type: 'object', required: ['publicId', 'title', 'introPage', 'themeColor', 'logo', 'backgroundImage', 'hasPassword', 'questionCount'],
  properties: { publicId: text, title: text, introPage: nullableText, themeColor: text, logo: nullableText, backgroundImage: nullableText, hasPassword: flag, questionCount: integer },
} as const;

export const publicQuestionAnswer = {
  type: 'object', required: ['id', 'text', 'type', 'isRequired', 'minLength', 'maxLength', 'answerPattern', 'answers', 'value', 'optionId', 'canGoBack'],
  properties: {
    id: integer, text, type: text, isRequired: flag, minLength: nullableInteger, maxLength: nullableInteger, answerPattern: nullableText,
    answers: { type: 'array', items: { type: 'object', required: ['id', 'text'], properties: { id: integer, text } } },
    /** The answer given before, when the respondent comes back to the question. */
    value: nullableText, optionId: nullableInteger,
    canGoBack: flag,
  },
} as const;

/** Where a respondent stands: the question to answer, or finished (the outro, then the redirect). */
export const surveyStepAnswer = {
  type: 'object', required: ['token', 'finished', 'question', 'outroPage', 'redirectUrl'],
  properties: {
    token: text, finished: flag,
    question: { anyOf: [publicQuestionAnswer, { type: 'null' }] },
    outroPage: nullableText, redirectUrl: nullableText,
  },
} as const;

export type SurveyAnswer = AnswerOf<typeof surveyAnswer>;
export type SurveyDetailAnswer = AnswerOf<typeof surveyDetailAnswer>;
export type SurveyQuestionAnswer = AnswerOf<typeof surveyQuestionAnswer>;
export type SurveyStatisticsAnswer = AnswerOf<typeof surveyStatisticsAnswer>;
export type SurveyTextAnswersAnswer = AnswerOf<typeof surveyTextAnswersAnswer>;
export type SurveyResponsesAnswer = AnswerOf<typeof surveyResponsesAnswer>;
export type PublicSurveyAnswer = AnswerOf<typeof publicSurveyAnswer>;
export type PublicQuestionAnswer = AnswerOf<typeof publicQuestionAnswer>;
export type SurveyStepAnswer = AnswerOf<typeof surveyStepAnswer>;
