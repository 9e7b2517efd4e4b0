import { TEHRAN_TIME_ZONE, tehranDayOf, zonedGregorianToUtc } from '../../shared/dates/jalali';
import { endpoint } from '../../shared/api/endpoint';
import type {
  ContactAnswer, ContactsCopiedAnswer, ContactsDeletedAnswer, ContactsMovedAnswer, ContactsPage, CustomFieldAnswer, CustomFieldList, PhonebookAnswer,
  PhonebookDeletedAnswer, PhonebookSelectList, PhonebooksPage,
} from '../../../../server/shared/contacts/contacts.answers';
import type { ContactExportAnswer, ContactExportsAnswer } from '../../../../server/shared/contacts/contact-export.answers';

/** Shapes of `Phonebooks/*`, `Contacts/*`, `CustomFields/*` and `ContactExports/*`: the server's answer contracts (module contacts). */
export type Phonebook = PhonebookAnswer;
export type CustomField = CustomFieldAnswer;
export type Contact = ContactAnswer;
export type { ContactsPage };

/** The filter a contacts list and its "all that match" bulk acts share. */
export interface ContactFilter {
  search: string;
  fieldId: number | null;
  fieldValue: string;
}

export const NO_FILTER: ContactFilter = { search: '', fieldId: null, fieldValue: '' };

export function filterQuery(f: ContactFilter): { search?: string; fieldId?: number; fieldValue?: string } {
  const out: { search?: string; fieldId?: number; fieldValue?: string } = {};
  if (f.search) out.search = f.search;
  if (f.fieldId !== null && f.fieldValue.trim() !== '') {
    out.fieldId = f.fieldId;
    out.fieldValue = f.fieldValue.trim();
  }
  return out;
}

export const phonebookPath = (id: number): string => `/phonebooks/${id}`;

/** The server's limit of ids in one bulk call; beyond it the page offers "all that match". */
export const MAX_BULK_IDS = 10_000;

/**
 * A calendar date (YYYY-MM-DD, Gregorian notation of a Tehran day: birthdates, Datetime filters) as
 * the date picker's value (the UTC instant the day starts in Tehran), and back.
 */
export function dayToPickerValue(day: string | null | undefined): string | null {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return null;
  return zonedGregorianToUtc({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0, second: 0 }, TEHRAN_TIME_ZONE).toISOString();
}

export function pickerValueToDay(iso: string | null): string | null {
  if (!iso) return null;
  return tehranDayOf(new Date(iso));
}

/** A phonebook export (`ContactExports/*` and its push); `path` is the download link (relative to the API root) once done. */
export type ContactExport = ContactExportAnswer;

/** The push the requester's sockets get on every step of an export (server: CONTACT_EXPORT_EVENT). */
export const CONTACT_EXPORT_EVENT = 'contact-export';

export const isContactExport = (value: unknown): value is ContactExport =>
  !!value && typeof value === 'object' && typeof (value as ContactExport).id === 'number' && typeof (value as ContactExport).progressPercent === 'number'
  && typeof (value as ContactExport).phonebookId === 'number';

/** What a contact form sends (`Create` adds the phonebook, `Update` the id); null clears a field on an update. */
export interface ContactInput {
  cellphone: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  job?: string | null;
  birthdate?: string | null;
  telephone?: string | null;
  address?: string | null;
  phonebookGroup?: string | null;
  /** Values by custom field id as typed; null removes one. */
  fields?: Record<string, string | null>;
}

/** Which contacts a bulk act or an export takes: ids, or every contact matching the list's filter. */
export type ContactSelection = { ids: number[] } | ({ selectAll: true } & ReturnType<typeof filterQuery>);

export interface PhonebookInput {
  title: string;
  isPublic: boolean;
  isShowNumber: boolean;
}

export const phonebooksApi = {
  list: endpoint.get<PhonebooksPage, { pageIndex: number; pageSize: number; search?: string }>('/Phonebooks/GetAll'),
  get: endpoint.getById<PhonebookAnswer>('/Phonebooks/Get'),
  /** By title (at most 1,000): every visible phonebook, or with `manageable` only those the caller may change. */
  selectList: endpoint.get<PhonebookSelectList, { manageable?: boolean }>('/Phonebooks/GetSelectList'),
  create: endpoint.post<PhonebookInput, PhonebookAnswer>('/Phonebooks/Create'),
  update: endpoint.post<PhonebookInput & { id: number }, PhonebookAnswer>('/Phonebooks/Update'),
  delete: endpoint.deleteById<PhonebookDeletedAnswer>('/Phonebooks/Delete'),
};

export const contactsApi = {
  list: endpoint.get<ContactsPage, { phonebookId: number; pageIndex: number; pageSize: number } & ReturnType<typeof filterQuery>>('/Contacts/GetAll'),
  create: endpoint.post<ContactInput & { phonebookId: number }, ContactAnswer>('/Contacts/Create'),
  update: endpoint.post<ContactInput & { id: number }, ContactAnswer>('/Contacts/Update'),
  delete: endpoint.deleteById<null>('/Contacts/Delete'),
  deleteMany: endpoint.post<{ phonebookId: number } & ContactSelection, ContactsDeletedAnswer>('/Contacts/DeleteMany'),
  move: endpoint.post<{ phonebookId: number; targetPhonebookId: number } & ContactSelection, ContactsMovedAnswer>('/Contacts/Move'),
  copy: endpoint.post<{ phonebookId: number; targetPhonebookId: number } & ContactSelection, ContactsCopiedAnswer>('/Contacts/Copy'),
};

export const customFieldsApi = {
  /** The active organization's fields, or those of a phonebook's organization. */
  list: endpoint.get<CustomFieldList, { phonebookId?: number }>('/CustomFields/GetAll'),
  create: endpoint.post<{ type: CustomField['type']; nameEn: string; nameFa: string }, CustomFieldAnswer>('/CustomFields/Create'),
  update: endpoint.post<{ id: number; nameEn: string; nameFa: string }, CustomFieldAnswer>('/CustomFields/Update'),
  delete: endpoint.deleteById<null>('/CustomFields/Delete'),
};

export const contactExportsApi = {
  /** The caller's latest exports of the phonebook, newest first. */
  list: endpoint.get<ContactExportsAnswer, { phonebookId: number }>('/ContactExports/GetAll'),
  get: endpoint.getById<ContactExportAnswer>('/ContactExports/Get'),
  create: endpoint.post<{ phonebookId: number; format: ContactExport['format'] } & ContactSelection, ContactExportAnswer>('/ContactExports/Create'),
};

/** The feature's SWR keys, in one place (the phonebook page and its import page share a phonebook's keys). */
export const contactsKeys = {
  phonebooks: (search: string, pageIndex: number, pageSize: number) => ['phonebooks', search, pageIndex, pageSize] as const,
  phonebook: (id: number) => ['phonebook', id] as const,
  /** The custom fields of a phonebook's organization. */
  phonebookFields: (id: number) => ['phonebook-fields', id] as const,
  contacts: (phonebookId: number, filter: ContactFilter, pageIndex: number, pageSize: number) => ['contacts', phonebookId, filter, pageIndex, pageSize] as const,
  /** The active organization's custom fields. */
  customFields: () => ['custom-fields'] as const,
  /** Phonebooks a move or copy may go to. */
  transferTargets: () => ['phonebook-targets'] as const,
  phonebookFiles: (phonebookId: number, pageIndex: number, pageSize: number) => ['phonebook-files', phonebookId, pageIndex, pageSize] as const,
};

/** Other features' pickers read phonebooks and custom fields through these. */
export const getPhonebookChoices = phonebooksApi.selectList;
export const getCustomFields = customFieldsApi.list;
