import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import type { PhonebooksService } from './phonebooks.service.js';
import type { ContactsService } from './contacts.service.js';
import type { CustomFieldsService } from './custom-fields.service.js';
import {
  bulkDeleteSchema, contactIdParams, contactsQuery, createContactSchema, createCustomFieldSchema, createPhonebookSchema, customFieldsQuery,
  moveCopySchema, phonebookSelectQuery, phonebooksQuery, updateContactSchema, updateCustomFieldSchema, updatePhonebookSchema,
} from './contacts.schemas.js';
import {
  contactAnswer, contactsCopiedAnswer, contactsDeletedAnswer, contactsMovedAnswer, contactsPageAnswer, customFieldAnswer, customFieldListAnswer,
  phonebookAnswer, phonebookDeletedAnswer, phonebookSelectListAnswer, phonebooksPageAnswer,
} from '../../shared/contacts/contacts.answers.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';

/** The Phonebook menu's claim guards every call; who may see or change which phonebook is the service's (CONTEXT.md). */
const CLAIM = 'Phonebook.Manage';

export function phonebooksController(s: PhonebooksService): Controller {
  return {
    name: 'Phonebooks',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: CLAIM, body: createPhonebookSchema, answer: phonebookAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: CLAIM, body: updatePhonebookSchema, answer: phonebookAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: CLAIM, params: idParamSchema, answer: phonebookAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({
        method: 'GET', action: 'GetAll', claim: CLAIM, query: phonebooksQuery, answer: phonebooksPageAnswer,
        handler: ({ ctx, query }) => s.list(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }),
      }),
      userRoute({ method: 'GET', action: 'GetSelectList', claim: CLAIM, query: phonebookSelectQuery, answer: phonebookSelectListAnswer, handler: ({ ctx, query }) => s.selectList(ctx, query.manageable === true) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: CLAIM, params: idParamSchema, answer: phonebookDeletedAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}

export function contactsController(s: ContactsService): Controller {
  return {
    name: 'Contacts',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: CLAIM, body: createContactSchema, answer: contactAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: CLAIM, body: updateContactSchema, answer: contactAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: CLAIM, params: contactIdParams, answer: contactAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: CLAIM, query: contactsQuery, answer: contactsPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: CLAIM, params: contactIdParams, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'DeleteMany', claim: CLAIM, body: bulkDeleteSchema, answer: contactsDeletedAnswer, handler: ({ ctx, body }) => s.deleteMany(ctx, body) }),
      userRoute({ method: 'POST', action: 'Move', claim: CLAIM, body: moveCopySchema, answer: contactsMovedAnswer, handler: ({ ctx, body }) => s.transfer(ctx, body, 'Move') }),
      userRoute({ method: 'POST', action: 'Copy', claim: CLAIM, body: moveCopySchema, answer: contactsCopiedAnswer, handler: ({ ctx, body }) => s.transfer(ctx, body, 'Copy') }),
    ],
  };
}

export function customFieldsController(s: CustomFieldsService): Controller {
  return {
    name: 'CustomFields',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim: CLAIM, query: customFieldsQuery, answer: customFieldListAnswer, handler: ({ ctx, query }) => s.list(ctx, query.phonebookId) }),
      userRoute({ method: 'POST', action: 'Create', claim: CLAIM, body: createCustomFieldSchema, answer: customFieldAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: CLAIM, body: updateCustomFieldSchema, answer: customFieldAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: CLAIM, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}
