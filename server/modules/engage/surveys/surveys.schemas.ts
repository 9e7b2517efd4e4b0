import { NAME_FORMAT } from '../../../platform/http/validation.js';
import { pagingQuerySchema } from '../../../platform/http/router.js';
import { SURVEY_THEME_COLORS, SURVEY_QUESTION_TYPES, SURVEY_IMAGE_TYPES } from '../../../shared/engage/surveys.answers.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullableId = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, default: null } as const;
// Required texts have no minLength: an empty one is answered with the module's own message, on its field.
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max, default: null }) as const;
const length = { type: ['integer', 'null'], minimum: 0, maximum: 4000, default: null } as const;

const surveyFields = {
  title: { ...text(200), format: NAME_FORMAT },
  startAt: { type: 'string', format: 'date-time' },
  endAt: { type: 'string', format: 'date-time' },
  introPage: nullableText(5000),
  outroPage: nullableText(5000),
  themeColor: { type: 'string', enum: SURVEY_THEME_COLORS, default: 'default' },
  redirectUrl: nullableText(2000),
  // Absent: unchanged (update); null: no password; text: the new password (hashed, never answered).
  password: { type: ['string', 'null'], maxLength: 100 },
  crmAccessKey: nullableText(500),
  crmUserName: nullableText(200),
  enableSaveResponseInCrm: { type: 'boolean', default: false },
  crmField: nullableText(200),
  spreadSheetId: nullableText(200),
  isActive: { type: 'boolean', default: true },
} as const;

const SURVEY_REQUIRED = ['title', 'startAt', 'endAt'] as const;

export const createSurveySchema = { type: 'object', additionalProperties: false, required: SURVEY_REQUIRED, properties: surveyFields } as const;
export const updateSurveySchema = { type: 'object', additionalProperties: false, required: ['id', ...SURVEY_REQUIRED], properties: { id, ...surveyFields } } as const;

const questionFields = {
  text: text(2000),
  type: { type: 'string', enum: SURVEY_QUESTION_TYPES },
  isRequired: { type: 'boolean', default: false },
  minLength: length,
  maxLength: length,
  answerPattern: nullableText(500),
  nextQuestionId: nullableId,
  previousQuestionId: nullableId,
  // Absent on create: after the last question.
  order: { type: 'integer', minimum: 0, maximum: 10000 },
  answers: {
    type: 'array', maxItems: 50, default: [],
    items: {
      type: 'object', additionalProperties: false, required: ['text'],
      properties: { id, text: text(500), nextQuestionId: nullableId },
    },
  },
} as const;

export const createQuestionSchema = { type: 'object', additionalProperties: false, required: ['surveyId', 'text', 'type'], properties: { surveyId: id, ...questionFields } } as const;
export const updateQuestionSchema = { type: 'object', additionalProperties: false, required: ['id', 'text', 'type'], properties: { id, ...questionFields } } as const;

export const surveysQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema } } as const;

export const surveyPageQuery = {
  type: 'object', additionalProperties: false, required: ['surveyId'],
  properties: { surveyId: id, pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize },
} as const;

export const textAnswersQuery = {
  type: 'object', additionalProperties: false, required: ['questionId'],
  properties: { questionId: id, pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize },
} as const;

export const uploadSurveyImageQuery = {
  type: 'object', additionalProperties: false, required: ['id', 'imageType'],
  properties: { id, imageType: { type: 'string', enum: SURVEY_IMAGE_TYPES }, fileName: { type: 'string', maxLength: 255 } },
} as const;

export const removeSurveyImageSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'imageType'],
  properties: { id, imageType: { type: 'string', enum: SURVEY_IMAGE_TYPES } },
} as const;

const publicId = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;
const token = { type: 'string', minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;

export const publicSurveyParams = { type: 'object', additionalProperties: false, required: ['publicId'], properties: { publicId } } as const;
export const surveyImageParams = {
  type: 'object', additionalProperties: false, required: ['publicId', 'key'],
  properties: { publicId, key: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' } },
} as const;

export const startSurveySchema = {
  type: 'object', additionalProperties: false, required: ['publicId'],
  properties: { publicId, password: { type: ['string', 'null'], maxLength: 100 }, sl: { type: ['string', 'null'], maxLength: 64 }, token: { ...token, type: ['string', 'null'] } },
} as const;

export const answerSurveySchema = {
  type: 'object', additionalProperties: false, required: ['token', 'questionId'],
  properties: { token, questionId: id, value: { type: ['string', 'null'], maxLength: 4000 }, optionId: nullableId },
} as const;

export const backSurveySchema = { type: 'object', additionalProperties: false, required: ['token'], properties: { token } } as const;

export const reorderQuestionsSchema = {
  type: 'object', additionalProperties: false, required: ['surveyId', 'questionIds'],
  properties: { surveyId: id, questionIds: { type: 'array', minItems: 1, maxItems: 500, items: id } },
} as const;
