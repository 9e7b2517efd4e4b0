import { TEHRAN_TIME_ZONE, tehranDayOf, zonedGregorianToUtc } from '../../shared/dates/jalali';
import type { CreateType, CustomFieldType, CustomFieldValue } from '../../../../server/shared/contacts/contact-fields';
import { endpoint } from '../../shared/api/endpoint';
import type { PhonebookChoice } from '../sending/sending-api';

export interface Phonebook {
  id: number;
  organizationId: number;
  organizationName: string;
  userId: number;
  userName: string | null;
  title: string;
  isPublic: boolean;
  isShowNumber: boolean;
  contactsCount: number;
  createdAt: string;
  lastModified: string;
  canManage: boolean;
  canSeeContacts: boolean;
  numbersHidden: boolean;
  fromParent: boolean;
}

export interface PhonebookPage {
  items: Phonebook[];
  totalCount: number;
  maxPhonebook: number | null;
  phonebookCount: number;
}

export interface CustomField {
  id: number;
  organizationId: number;
  type: CustomFieldType;
  nameEn: string;
  nameFa: string;
}

export interface CustomFieldList {
  items: CustomField[];
  totalCount: number;
  organizationId: number;
  maxCustomFiled: number | null;
}

export interface Contact {
  id: number;
  phonebookId: number;
  cellphone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  job: string | null;
  birthdate: string | null;
  telephone: string | null;
  address: string | null;
  phonebookGroup: string | null;
  createType: CreateType;
  fields: Record<string, CustomFieldValue>;
  createdAt: string;
  numbersHidden: boolean;
}

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

/** A phonebook export as the server answers it (ContactExports/*); `path` is the download link (relative to the API root) once done. */
export interface ContactExport {
  id: number;
  phonebookId: number;
  format: 'xlsx' | 'csv';
  status: 'Waiting' | 'Running' | 'Done' | 'Failed';
  numbersHidden: boolean;
  progressPercent: number;
  rowCount: number;
  totalCount: number | null;
  failedReason: string | null;
  path: string | null;
}

/** The push the requester's sockets get on every step of an export (server: CONTACT_EXPORT_EVENT). */
export const CONTACT_EXPORT_EVENT = 'contact-export';

export const isContactExport = (value: unknown): value is ContactExport =>
  !!value && typeof value === 'object' && typeof (value as ContactExport).id === 'number' && typeof (value as ContactExport).progressPercent === 'number'
  && typeof (value as ContactExport).phonebookId === 'number';

/** Other features' pickers read phonebooks and custom fields through these. */
export const getPhonebookChoices = endpoint.get<PhonebookChoice[]>('/Phonebooks/GetSelectList');
export const getCustomFields = endpoint.get<CustomFieldList>('/CustomFields/GetAll');
