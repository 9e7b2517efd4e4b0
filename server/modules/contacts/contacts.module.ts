import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { contactsMessages } from './contacts.messages.js';
import { PhonebooksRepository } from './phonebooks.repository.js';
import { ContactsRepository } from './contacts.repository.js';
import { CustomFieldsRepository } from './custom-fields.repository.js';
import { PhonebookAccessService } from './phonebook-access.service.js';
import { PhonebooksService } from './phonebooks.service.js';
import { CustomFieldsService } from './custom-fields.service.js';
import { ContactsService } from './contacts.service.js';
import { contactsController, customFieldsController, phonebooksController } from './contacts.routes.js';

export const contactsModule: PeykModule = {
  name: 'contacts',
  messages: contactsMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [
      PhonebooksRepository, ContactsRepository, CustomFieldsRepository, PhonebookAccessService, PhonebooksService, CustomFieldsService, ContactsService,
    ];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [
    phonebooksController(container.get(PhonebooksService)),
    contactsController(container.get(ContactsService)),
    customFieldsController(container.get(CustomFieldsService)),
  ],
};
