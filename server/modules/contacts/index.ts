export { contactsModule } from './contacts.module.js';
export { ContactsService, type StreamedContact, type StreamOptions } from './contacts.service.js';
export { CustomFieldsService } from './custom-fields.service.js';
export type { ContactInput } from './contact-input.js';
export type { CustomFieldRow } from './custom-fields.repository.js';
// Spreadsheet reading (xlsx and CSV) for other modules' uploads (the P2P send's file): pure readers, no contacts in them.
export { readSheetRows, sheetFormatOf } from './contact-import.files.js';
export { cellText } from './contact-import.rows.js';
export { isEmptyRow, SheetError, type CellValue, type SheetFormat, type SheetRow, type StoredFile } from './contact-import.sheet.js';
