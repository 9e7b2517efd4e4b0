import type { ValidationIssue } from '../../platform/http/errors.js';
import { normalizeMobile, toLatinDigits } from '../../shared/sms/phone-numbers.js';
import { CONTACT_LIMITS, parseCustomFieldValue, type CustomFieldType, type CustomFieldValue } from '../../shared/contacts/contact-fields.js';
import { tehranDayOf } from '../../shared/dates/tehran-days.js';
import type { ContactValues } from './contacts.repository.js';

/** What a form or a later import gives for a contact; undefined = unchanged, null or blank = cleared. */
export interface ContactInput {
  cellphone?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  job?: string | null;
  birthdate?: string | null;
  telephone?: string | null;
  address?: string | null;
  phonebookGroup?: string | null;
  /** By custom field id; null clears that value. */
  fields?: Record<string, unknown>;
}

export interface FieldDefinition {
  id: number;
  type: CustomFieldType;
  nameEn: string;
  nameFa: string;
}

/** The earliest birthdate taken; the latest is today (Tehran). */
export const BIRTHDATE_MIN = '1900-01-01';

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'job', 'address', 'phonebookGroup'] as const;

function blankToNull(value: string | null): string | null {
  const t = value?.trim() ?? '';
  return t === '' ? null : t;
}

/**
 * A landline or any other number people keep beside the mobile: digits in any script with the
 * usual separators, an optional leading +, 3 to 15 digits; stored as digits (with the +).
 */
export function normalizeTelephone(raw: string): string | null {
  const latin = toLatinDigits(raw.trim());
  if (!/^\+?[\d\s\-().\u200c\u200e\u200f]+$/.test(latin)) return null;
  const digits = latin.replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 15) return null;
  return latin.startsWith('+') ? `+${digits}` : digits;
}

/**
 * Checks and normalises a contact's values against its organization's custom fields: the cellphone
 * as every Peyk number (`98…`), telephone digits, a birthdate from 1900 to `today`, each custom
 * value by its field's type. Answers the values to store and every problem at once (a form shows
 * them all). `current` is the stored custom values an update merges into; values of fields that no
 * longer exist are dropped from it.
 */
export function readContactInput(
  input: ContactInput,
  definitions: readonly FieldDefinition[],
  today: string,
  current: Record<string, CustomFieldValue> = {},
): { values: Partial<ContactValues>; issues: ValidationIssue[] } {
  const values: Partial<ContactValues> = {};
  const issues: ValidationIssue[] = [];
  if (input.cellphone !== undefined) {
    const mobile = normalizeMobile(input.cellphone);
    if (mobile) values.cellphone = mobile.number;
    else issues.push({ propertyName: 'cellphone', key: 'validation.mobile', params: { field: 'cellphone' } });
  }
  for (const name of TEXT_FIELDS) {
    const value = input[name];
    if (value !== undefined) values[name] = blankToNull(value);
  }
  if (input.telephone !== undefined) {
    const raw = blankToNull(input.telephone);
    const phone = raw === null ? null : normalizeTelephone(raw);
    if (raw !== null && phone === null) issues.push({ propertyName: 'telephone', key: 'contacts.telephoneInvalid' });
    else values.telephone = phone;
  }
  if (input.birthdate !== undefined) {
    const date = blankToNull(input.birthdate);
    if (date !== null && (date < BIRTHDATE_MIN || date > today)) issues.push({ propertyName: 'birthdate', key: 'contacts.birthdateRange' });
    else values.birthdate = date;
  }
  if (input.fields !== undefined) {
    const byId = new Map(definitions.map((d) => [String(d.id), d]));
    const merged: Record<string, CustomFieldValue> = {};
    for (const [key, value] of Object.entries(current)) if (byId.has(key)) merged[key] = value;
    for (const [key, raw] of Object.entries(input.fields)) {
      const propertyName = `fields.${key}`;
      const def = byId.get(key);
      if (!def) {
        issues.push({ propertyName, key: 'contacts.fieldUnknown' });
        continue;
      }
      const parsed = parseCustomFieldValue(def.type, raw);
      if (!parsed.ok) {
        issues.push({ propertyName, key: `contacts.fieldValue.${parsed.issue}`, params: { nameEn: def.nameEn, nameFa: def.nameFa, limit: CONTACT_LIMITS.stringValue } });
        continue;
      }
      if (parsed.value === null) delete merged[key];
      else merged[key] = parsed.value;
    }
    values.fields = merged;
  }
  return { values, issues };
}

/** Today's date in Tehran as YYYY-MM-DD. */
export const tehranToday = (now: Date): string => tehranDayOf(now);
