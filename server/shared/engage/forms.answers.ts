import { bigId, flag, idAnswer, instant, integer, nullableBigId, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * What `Forms/*` (the panel) and `PublicForms/*` (the outer route `form/{id}`) answer (server
 * module engage, "Forms"; the client's forms feature reads these types).
 */
const nullableNumber = { type: ['number', 'null'] } as const;

export const formFieldAnswer = {
  type: 'object',
  required: ['id', 'formId', 'sortOrder', 'label', 'labelEn', 'fieldType', 'isRequired', 'minValue', 'maxValue', 'minLength', 'maxLength', 'regexValidation',
    'maxFileSizeByMegabyte', 'contactField', 'customFieldId'],
  properties: {
    id: integer, formId: integer, sortOrder: integer, label: text, labelEn: nullableText,
    /** Boolean | Datetime | Float | Integer | String | Mobile | File */
    fieldType: text,
    isRequired: flag,
    minValue: nullableNumber, maxValue: nullableNumber, minLength: nullableInteger, maxLength: nullableInteger,
    regexValidation: nullableText, maxFileSizeByMegabyte: nullableNumber,
    contactField: nullableText, customFieldId: nullableInteger,
  },
} as const;

export const formAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'userId', 'title', 'description', 'theme', 'phonebookId', 'phonebookName', 'isPublished', 'privateNumberId', 'senderNumber',
    'dynamicTemplateId', 'thankYouSmsText', 'thankYouText', 'answersCount', 'createdAt', 'lastModified'],
  properties: {
    id: integer, organizationId: integer, userId: integer, title: text, description: nullableText,
    theme: text, phonebookId: nullableInteger, phonebookName: nullableText, isPublished: flag,
    privateNumberId: nullableInteger, senderNumber: nullableText, dynamicTemplateId: nullableInteger,
    thankYouSmsText: nullableText, thankYouText: nullableText, answersCount: integer,
    createdAt: instant, lastModified: instant,
  },
} as const;

export const formsPageAnswer = pageOf(formAnswer);

export const formDetailAnswer = {
  type: 'object',
  required: [...formAnswer.required, 'fields'],
  properties: { ...formAnswer.properties, fields: { type: 'array', items: formFieldAnswer } },
} as const;

export const formFieldsAnswer = { type: 'array', items: formFieldAnswer } as const;

export const formDeletedAnswer = idAnswer;

export const formSubmissionAnswer = {
  type: 'object',
  required: ['id', 'formId', 'values', 'mobile', 'contactId', 'contactCreated', 'contactFailure', 'shortLinkCode', 'linkReceiver', 'sendId', 'sendFailure', 'createdAt'],
  properties: {
    id: bigId, formId: integer,
    /** By field id: the stored value (a File field: { fileName, size }). */
    values: { type: 'object' },
    mobile: nullableText, contactId: nullableInteger, contactCreated: flag,
    /** Why no contact was written (the organization's contact limit's message key, PhonebookGone). */
    contactFailure: nullableText, shortLinkCode: nullableText,
    /** The receiver of the personal short link (`sl`) the visitor came from, when it is one of the form's organization. */
    linkReceiver: nullableText,
    sendId: nullableBigId, sendFailure: nullableText, createdAt: instant,
  },
} as const;

export const formSubmissionsPageAnswer = pageOf(formSubmissionAnswer);

/** The public page's form: no owner, phonebook or line (a visitor sees only what to fill). */
export const publicFormAnswer = {
  type: 'object',
  required: ['id', 'title', 'description', 'theme', 'fields'],
  properties: {
    id: integer, title: text, description: nullableText, theme: text,
    fields: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'labelEn', 'fieldType', 'isRequired', 'minValue', 'maxValue', 'minLength', 'maxLength', 'regexValidation', 'maxFileSizeByMegabyte'],
        properties: {
          id: integer, label: text, labelEn: nullableText, fieldType: text, isRequired: flag,
          minValue: nullableNumber, maxValue: nullableNumber, minLength: nullableInteger, maxLength: nullableInteger,
          regexValidation: nullableText, maxFileSizeByMegabyte: nullableNumber,
        },
      },
    },
  },
} as const;

export const publicSubmitAnswer = {
  type: 'object',
  required: ['thankYouText'],
  properties: { thankYouText: nullableText },
} as const;

export const publicUploadAnswer = {
  type: 'object',
  required: ['fileKey', 'fileName', 'size'],
  properties: { fileKey: text, fileName: nullableText, size: integer },
} as const;

export type FormFieldAnswer = AnswerOf<typeof formFieldAnswer>;
export type FormAnswer = AnswerOf<typeof formAnswer>;
export type FormDetailAnswer = AnswerOf<typeof formDetailAnswer>;
export type FormsPageAnswer = AnswerOf<typeof formsPageAnswer>;
export type FormSubmissionAnswer = AnswerOf<typeof formSubmissionAnswer>;
export type FormSubmissionsPageAnswer = AnswerOf<typeof formSubmissionsPageAnswer>;
export type PublicFormAnswer = AnswerOf<typeof publicFormAnswer>;
export type PublicSubmitAnswer = AnswerOf<typeof publicSubmitAnswer>;
export type PublicUploadAnswer = AnswerOf<typeof publicUploadAnswer>;
