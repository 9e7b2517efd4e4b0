import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { UploadIntake } from '../../platform/upload/upload-intake.service.js';
import { contactsMessages } from './contacts.messages.js';
import { PhonebooksRepository } from './phonebooks.repository.js';
import { ContactsRepository } from './contacts.repository.js';
import { CustomFieldsRepository } from './custom-fields.repository.js';
import { PhonebookAccessService } from './phonebook-access.service.js';
import { PhonebooksService } from './phonebooks.service.js';
import { CustomFieldsService } from './custom-fields.service.js';
import { ContactsService } from './contacts.service.js';
import { contactsController, customFieldsController, phonebooksController } from './contacts.routes.js';
import { contactImportMessages } from './contact-import.messages.js';
import { ContactImportRepository } from './contact-import.repository.js';
import { ContactImportService } from './contact-import.service.js';
import { ContactImporter } from './contact-import.worker.js';
import { phonebookFilesController } from './contact-import.routes.js';
import { contactExportMessages } from './contact-export.messages.js';
import { ContactExportRepository } from './contact-export.repository.js';
import { ContactExportService } from './contact-export.service.js';
import { ContactExporter } from './contact-export.worker.js';
import { contactExportsController } from './contact-export.routes.js';

export const contactsModule: PeykModule = {
  name: 'contacts',
  messages: { ...contactsMessages, ...contactImportMessages, ...contactExportMessages },
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [
      PhonebooksRepository, ContactsRepository, CustomFieldsRepository, PhonebookAccessService, PhonebooksService, CustomFieldsService, ContactsService,
      ContactImportRepository, ContactImportService, ContactImporter, ContactExportRepository, ContactExportService, ContactExporter,
    ];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [
    phonebooksController(container.get(PhonebooksService)),
    contactsController(container.get(ContactsService)),
    customFieldsController(container.get(CustomFieldsService)),
    phonebookFilesController(container.get(ContactImportService)),
    contactExportsController(container.get(ContactExportService)),
  ],
  async onStart(container) {
    // Imports never started are expired by the platform's one sweep of uploads.
    container.get(UploadIntake).register(container.get(ContactImportService).kind);
    // Imports run where jobs run (role all or worker); a web-only process only queues them.
    if (container.get<AppConfig>(TYPES.Config).role !== 'web') {
      await container.get(ContactImporter).start();
      container.get(ContactExporter).start();
    }
  },
  jobs(container) {
    const importer = container.get(ContactImporter);
    const exporter = container.get(ContactExporter);
    return [
      { name: 'contacts.sweep-exports', schedule: '0 41 * * * *', scope: 'global', run: async (now) => { await exporter.sweep(now); } },
      { name: 'contacts.resume-stuck-imports', schedule: '30 * * * * *', scope: 'global', run: () => importer.resumeStuck() },
    ];
  },
  async onStop(container) {
    await container.get(ContactImporter).stop();
    await container.get(ContactExporter).stop();
  },
};
