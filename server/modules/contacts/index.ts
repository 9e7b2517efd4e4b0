export { contactsModule } from './contacts.module.js';
export { ContactsService, type StreamedContact, type StreamOptions } from './contacts.service.js';
export { CustomFieldsService } from './custom-fields.service.js';
export type { CustomFieldRow } from './custom-fields.repository.js';
