import { instant, integer, listOf, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { TEMPLATE_FORMATS } from '../text/template-placeholders.js';

/** What dynamic templates answer (`DynamicTemplates/*`; server module messaging, client feature dynamic-templates). */
const templateProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  title: text,
  customText: text,
  /** The placeholder syntax of customText: Braces `{name}` or Brackets `[name]`. */
  format: { type: 'string', enum: TEMPLATE_FORMATS },
  createdAt: instant,
  lastModified: instant,
} as const;

const templateRequired = ['id', 'organizationId', 'userId', 'title', 'customText', 'format', 'createdAt', 'lastModified'] as const;

export const dynamicTemplateAnswer = { type: 'object', required: templateRequired, properties: templateProperties } as const;

export const dynamicTemplateListItemAnswer = {
  type: 'object',
  required: [...templateRequired, 'userName', 'organizationName'],
  properties: { ...templateProperties, userName: text, organizationName: text },
} as const;

export const dynamicTemplatesPageAnswer = pageOf(dynamicTemplateListItemAnswer);

export const dynamicTemplateChoiceAnswer = {
  type: 'object', required: ['id', 'title', 'customText', 'format'],
  properties: { id: integer, title: text, customText: text, format: { type: 'string', enum: TEMPLATE_FORMATS } },
} as const;

export const dynamicTemplateChoicesAnswer = listOf(dynamicTemplateChoiceAnswer);

export type DynamicTemplateAnswer = AnswerOf<typeof dynamicTemplateAnswer>;
export type DynamicTemplateListItem = AnswerOf<typeof dynamicTemplateListItemAnswer>;
export type DynamicTemplateChoice = AnswerOf<typeof dynamicTemplateChoiceAnswer>;
