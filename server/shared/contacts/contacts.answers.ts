import { flag, instant, integer, listOf, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { CREATE_TYPES, CUSTOM_FIELD_TYPES, type CustomFieldValue } from './contact-fields.js';

/**
 * What `Phonebooks/*`, `Contacts/*` and `CustomFields/*` answer (server module contacts; the
 * client's contacts feature reads these types). Imports and exports have their own files
 * (contact-import.answers.ts, contact-export.answers.ts).
 */

const phonebookProperties = {
  id: integer,
  organizationId: integer,
  /** The creator: a private phonebook is theirs (and their administrators'). */
  userId: integer,
  title: text,
  isPublic: flag,
  isShowNumber: flag,
  contactsCount: integer,
  /** Columns of features that do not exist yet (whitemessage, customer-club devices): stored, never set here. */
  whiteMessageId: nullableInteger,
  deviceConnectionPort: nullableInteger,
  isSendMessageAfterAddFromDevice: flag,
  createdAt: instant,
  lastModified: instant,
  organizationName: text,
  /** Null when the owner's user row is gone. */
  userName: nullableText,
  /** What the caller may do with it (phonebook-access.ts). */
  canManage: flag,
  canSeeContacts: flag,
  /** Contacts are read with masked numbers (isShowNumber off, caller does not manage it). */
  numbersHidden: flag,
  /** A public phonebook of an organization above the caller's (read only). */
  fromParent: flag,
} as const;

const phonebookRequired = [
  'id', 'organizationId', 'userId', 'title', 'isPublic', 'isShowNumber', 'contactsCount', 'whiteMessageId', 'deviceConnectionPort',
  'isSendMessageAfterAddFromDevice', 'createdAt', 'lastModified', 'organizationName', 'userName', 'canManage', 'canSeeContacts', 'numbersHidden',
  'fromParent',
] as const;

/** A phonebook as `Create`, `Update`, `Get/:id`, `GetAll` and `GetSelectList` answer it. */
export const phonebookAnswer = { type: 'object', required: phonebookRequired, properties: phonebookProperties } as const;

/** `GetAll`: a page, and the active organization's phonebook count against its maxPhonebook (null: no limit). */
export const phonebooksPageAnswer = {
  type: 'object',
  required: ['items', 'totalCount', 'maxPhonebook', 'phonebookCount'],
  properties: {
    items: { type: 'array', items: phonebookAnswer },
    totalCount: integer,
    maxPhonebook: nullableInteger,
    phonebookCount: integer,
  },
} as const;

/** `GetSelectList`: by title, at most 1,000. */
export const phonebookSelectListAnswer = listOf(phonebookAnswer);

/** `Delete/:id`: its contacts went with it. */
export const phonebookDeletedAnswer = {
  type: 'object', required: ['deletedContactsCount'], properties: { deletedContactsCount: integer },
} as const;

/** A custom value: Boolean, Integer/Float (numbers), Datetime (an ISO instant) or String. */
const customFieldValue = { type: ['boolean', 'number', 'string'] } as const;

/** A contact as `Create`, `Update`, `Get/:id` and `GetAll` answer it; numbers masked when the phonebook hides them from the caller. */
export const contactAnswer = {
  type: 'object',
  required: [
    'id', 'phonebookId', 'cellphone', 'firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'address', 'phonebookGroup', 'createType',
    'fields', 'createdAt', 'lastModified', 'numbersHidden',
  ],
  properties: {
    id: integer,
    phonebookId: integer,
    cellphone: text,
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    job: nullableText,
    /** `YYYY-MM-DD`. */
    birthdate: nullableText,
    telephone: nullableText,
    address: nullableText,
    phonebookGroup: nullableText,
    createType: { type: 'string', enum: CREATE_TYPES },
    /** Values by custom field id, only of fields that still exist. */
    fields: { type: 'object', additionalProperties: customFieldValue },
    createdAt: instant,
    lastModified: instant,
    numbersHidden: flag,
  },
} as const;

export const contactsPageAnswer = pageOf(contactAnswer);

/** `DeleteMany`: how many went, and the phonebook's count after. */
export const contactsDeletedAnswer = {
  type: 'object', required: ['deletedCount', 'contactsCount'], properties: { deletedCount: integer, contactsCount: integer },
} as const;

const transferProperties = { selectedCount: integer, duplicateCount: integer, sourceContactsCount: integer, targetContactsCount: integer } as const;
const transferRequired = ['selectedCount', 'duplicateCount', 'sourceContactsCount', 'targetContactsCount'] as const;

/** `Move`: contacts whose cellphone the target has stay in the source (`duplicateCount`). */
export const contactsMovedAnswer = {
  type: 'object', required: [...transferRequired, 'movedCount'], properties: { ...transferProperties, movedCount: integer },
} as const;

/** `Copy`: cellphones the target has are skipped (`duplicateCount`). */
export const contactsCopiedAnswer = {
  type: 'object', required: [...transferRequired, 'copiedCount'], properties: { ...transferProperties, copiedCount: integer },
} as const;

/** A custom field as `Create` and `Update` answer it. */
export const customFieldAnswer = {
  type: 'object',
  required: ['id', 'organizationId', 'type', 'nameEn', 'nameFa', 'createdAt', 'lastModified'],
  properties: {
    id: integer,
    organizationId: integer,
    type: { type: 'string', enum: CUSTOM_FIELD_TYPES },
    nameEn: text,
    nameFa: text,
    createdAt: instant,
    lastModified: instant,
  },
} as const;

/** `GetAll`: the fields of the active organization (or of a phonebook's), with its limit (null: none). */
export const customFieldListAnswer = {
  type: 'object',
  required: ['items', 'totalCount', 'organizationId', 'maxCustomFiled'],
  properties: {
    items: { type: 'array', items: customFieldAnswer },
    totalCount: integer,
    organizationId: integer,
    maxCustomFiled: nullableInteger,
  },
} as const;

export type PhonebookAnswer = AnswerOf<typeof phonebookAnswer>;
export type PhonebooksPage = AnswerOf<typeof phonebooksPageAnswer>;
export type PhonebookSelectList = AnswerOf<typeof phonebookSelectListAnswer>;
export type PhonebookDeletedAnswer = AnswerOf<typeof phonebookDeletedAnswer>;
/** `fields` is a map by field id: `AnswerOf` drops index signatures, so it is named here. */
export type ContactAnswer = Omit<AnswerOf<typeof contactAnswer>, 'fields'> & { fields: Record<string, CustomFieldValue> };
export type ContactsPage = Omit<AnswerOf<typeof contactsPageAnswer>, 'items'> & { items: ContactAnswer[] };
export type ContactsDeletedAnswer = AnswerOf<typeof contactsDeletedAnswer>;
export type ContactsMovedAnswer = AnswerOf<typeof contactsMovedAnswer>;
export type ContactsCopiedAnswer = AnswerOf<typeof contactsCopiedAnswer>;
export type CustomFieldAnswer = AnswerOf<typeof customFieldAnswer>;
export type CustomFieldList = AnswerOf<typeof customFieldListAnswer>;
