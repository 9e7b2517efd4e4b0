/**
 * Contacts and custom fields: the enumerations, limits and value rules the server enforces and
 * the client's forms check before asking. Pure (imports only server/shared), so the browser
 * bundle uses the same copy.
 */
import { normalizeMobile, toLatinDigits } from '../sms/phone-numbers.js';

/** The spec's CustomFieldTypes. */
export const CUSTOM_FIELD_TYPES = ['Boolean', 'Datetime', 'Float', 'Integer', 'String'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/**
 * How a contact came to be (the spec's createType; its values are not given): typed in the panel,
 * a file import, the REST API, a customer-club device, an inbound message (polls, parsers), or a
 * public form of engage's form builder.
 * A copied or moved contact keeps the way it was first made.
 */
export const CREATE_TYPES = ['Manual', 'Import', 'Api', 'Device', 'Inbound', 'Form'] as const;
export type CreateType = (typeof CREATE_TYPES)[number];

export const CONTACT_LIMITS = {
  name: 100,
  email: 200,
  job: 100,
  address: 500,
  phonebookGroup: 100,
  telephone: 20,
  phonebookTitle: 100,
  fieldName: 50,
  stringValue: 500,
} as const;

/**
 * `nameEn` is a placeholder in dynamic templates and a column title in spreadsheets (the spec: English,
 * no spaces): a Latin letter, then letters, digits or underscores.
 */
export const FIELD_NAME_EN_PATTERN = '^[A-Za-z][A-Za-z0-9_]*$';

/** A contact's own fields: a custom field of the same name would make a template placeholder ambiguous. */
export const RESERVED_FIELD_NAMES: readonly string[] = [
  'id', 'cellphone', 'mobile', 'firstName', 'lastName', 'fullName', 'email', 'job', 'birthdate', 'telephone',
  'address', 'phonebookGroup', 'group', 'createType', 'phonebookId', 'phonebookName',
];

export function isReservedFieldName(nameEn: string): boolean {
  const lower = nameEn.toLowerCase();
  return RESERVED_FIELD_NAMES.some((n) => n.toLowerCase() === lower);
}

export type CustomFieldValue = boolean | number | string;

/** A contact's own fields (the spec's names), as every reader and writer of contacts holds them. */
export interface ContactOwnFields {
  cellphone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  job: string | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  telephone: string | null;
  address: string | null;
  phonebookGroup: string | null;
}

export type FieldValueIssue = 'boolean' | 'integer' | 'float' | 'datetime' | 'string' | 'tooLong' | 'control';

export type ParsedFieldValue = { ok: true; value: CustomFieldValue | null } | { ok: false; issue: FieldValueIssue };

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'بله', 'بلی', 'آری', 'درست']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'خیر', 'نه', 'نادرست']);
// Control characters (line breaks included): a field value is one line of plain text.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Latin digits, Persian/Arabic separators made Latin: '٫' decimal point, '٬' and ',' thousands. */
function numericText(raw: string): string {
  return toLatinDigits(raw.trim()).replace(/\u066b/g, '.').replace(/[\u066c,\s]/g, '');
}

/** An ISO instant with its zone whose calendar date exists (Date would roll 31 February into March). */
function isoInstant(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  return new Date(text);
}

/**
 * A value for a field of this type, from what a form or a file gives: typed JSON (`true`, `12`,
 * an ISO instant) or text in any digit script. Empty (null, undefined, blank text) means "no value".
 * Datetime values are instants (ISO with a zone or `Z`), stored as `toISOString()` so they sort as text.
 */
export function parseCustomFieldValue(type: CustomFieldType, raw: unknown): ParsedFieldValue {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { ok: true, value: null };
  switch (type) {
    case 'Boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 1 || raw === 0) return { ok: true, value: raw === 1 };
      if (typeof raw === 'string') {
        const word = toLatinDigits(raw.trim()).toLowerCase();
        if (TRUE_WORDS.has(word)) return { ok: true, value: true };
        if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      }
      return { ok: false, issue: 'boolean' };
    }
    case 'Integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[+-]?\d+$/.test(numericText(raw)) ? Number(numericText(raw)) : NaN;
      return Number.isSafeInteger(n) ? { ok: true, value: n } : { ok: false, issue: 'integer' };
    }
    case 'Float': {
      const text = typeof raw === 'string' ? numericText(raw) : '';
      const n = typeof raw === 'number' ? raw : /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, issue: 'float' };
    }
    case 'Datetime': {
      const date = raw instanceof Date ? raw : typeof raw === 'string' ? isoInstant(toLatinDigits(raw.trim())) : null;
      if (!date || Number.isNaN(date.getTime())) return { ok: false, issue: 'datetime' };
      const year = date.getUTCFullYear();
      return year >= 1 && year <= 9999 ? { ok: true, value: date.toISOString() } : { ok: false, issue: 'datetime' };
    }
    case 'String': {
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
      if (typeof raw !== 'string') return { ok: false, issue: 'string' };
      const text = raw.trim();
      if (CONTROL.test(text)) return { ok: false, issue: 'control' };
      if (text.length > CONTACT_LIMITS.stringValue) return { ok: false, issue: 'tooLong' };
      return { ok: true, value: text };
    }
  }
}

export type ContactSearch =
  | { kind: 'number'; exact: string | null; digits: string }
  | { kind: 'name'; text: string };

/**
 * What a contact search term means: a number (digits in any script, with the fillers people type)
 * or a part of a name. A whole mobile in any written form is matched exactly on its normalised
 * form; a part of a number ('0912', '۳۴۵۶۷') is looked for inside the stored numbers, without
 * the leading zero that stored numbers never carry.
 */
export function parseContactSearch(term: string): ContactSearch {
  const latin = toLatinDigits(term.trim());
  if (/^\+?[\d\s\-().\u200c\u200e\u200f]+$/.test(latin) && /\d/.test(latin)) {
    const exact = normalizeMobile(latin)?.number ?? null;
    const digits = latin.replace(/\D/g, '').replace(/^0+/, '');
    return { kind: 'number', exact, digits };
  }
  return { kind: 'name', text: term.trim() };
}
