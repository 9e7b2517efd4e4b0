import { normalizeMobile, toLatinDigits } from '../../shared/sms/phone-numbers.js';
import { CONTACT_LIMITS, parseCustomFieldValue, type ContactOwnFields, type CustomFieldValue } from '../../shared/contacts/contact-fields.js';
import { stripBidiControls } from '../../shared/text/bidi-controls.js';
import { isValidJalaliDate, jalaliToGregorian } from '../../shared/dates/jalali.js';
import { instantOfWallTime } from '../../shared/dates/tehran-time.js';
import { BIRTHDATE_MIN, normalizeTelephone, type FieldDefinition } from './contact-input.js';
import type { CellValue } from './contact-import.sheet.js';
import { IMPORT_CONTACT_COLUMNS } from '../../shared/contacts/contact-import.answers.js';

/**
 * One spreadsheet row → one contact, by the column mapping the user chose: the same rules as the
 * contact form (contact-input.ts, contact-fields.ts), adapted to what files hold — numbers and
 * dates as typed cells or written in either calendar, line breaks and bidi embeddings pasted into names, Excel serial dates. A
 * row either becomes a contact or is rejected with every reason at once (the rejected-rows file).
 */

/** The contact's own columns a file may fill, in the order the mapping screen lists them. */
// One list with the answer contract the client reads (a column added here shows in its mapping).
export const CONTACT_COLUMNS = IMPORT_CONTACT_COLUMNS;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

/** Which column (0-based) holds what; `fields` by custom field id. The cellphone is required. */
export interface ColumnMapping {
  columns: Partial<Record<ContactColumn, number>>;
  fields: Record<string, number>;
}

export interface ImportedContact extends ContactOwnFields {
  /** Custom values by field id (only non-empty ones). */
  fields: Record<string, CustomFieldValue>;
}

export interface RowIssue {
  key: string;
  params?: Record<string, unknown>;
}

export type RowResult = { ok: true; contact: ImportedContact } | { ok: false; issues: RowIssue[] };

/** A row that did not become a contact: where it was, why, and its cells as text (the rejected-rows file). */
export interface RejectedRow {
  rowNumber: number;
  reasons: RowIssue[];
  cells: string[];
}

/** Names of the contact's columns in both languages, for reasons that name one (the messages pick theirs). */
export const COLUMN_LABELS: Record<ContactColumn, { fa: string; en: string }> = {
  cellphone: { fa: 'موبایل', en: 'Mobile' },
  firstName: { fa: 'نام', en: 'First name' },
  lastName: { fa: 'نام خانوادگی', en: 'Last name' },
  email: { fa: 'ایمیل', en: 'Email' },
  job: { fa: 'شغل', en: 'Job' },
  birthdate: { fa: 'تاریخ تولد', en: 'Birthdate' },
  telephone: { fa: 'تلفن', en: 'Telephone' },
  address: { fa: 'نشانی', en: 'Address' },
  phonebookGroup: { fa: 'گروه', en: 'Group' },
};

const TEXT_LIMITS: Partial<Record<ContactColumn, number>> = {
  firstName: CONTACT_LIMITS.name, lastName: CONTACT_LIMITS.name, email: CONTACT_LIMITS.email, job: CONTACT_LIMITS.job,
  address: CONTACT_LIMITS.address, phonebookGroup: CONTACT_LIMITS.phonebookGroup,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL_RUNS = /[\u0000-\u001f\u007f\s]+/g;

/** Whether a text needs cleaning at all: most cells are one clean line, and a million rows pass here several times each. */
function isClean(text: string): boolean {
  const n = text.length;
  if (n === 0) return true;
  if (text.charCodeAt(0) <= 32 || text.charCodeAt(n - 1) <= 32) return false;
  let previousSpace = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c === 127 || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x3000 || c === 0xfeff) return false;
    if (c === 32) {
      if (previousSpace) return false;
      previousSpace = true;
    } else previousSpace = false;
  }
  return true;
}

/** One line of text: line breaks and tabs pasted into a cell become spaces, bidi embeddings (formatting only) go. */
export function cleanText(text: string): string {
  return isClean(text) ? text : stripBidiControls(text).replace(CONTROL_RUNS, ' ').trim();
}

/** What a cell says as text: numbers as written without exponent for whole values, dates as ISO. */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** Excel's day 0 (serial dates count days from here, the 1900 leap-year bug included for dates after Feb 1900). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** A date cell's wall-clock parts (exceljs gives them as UTC fields), or a serial number's. */
function wallClock(value: CellValue): { y: number; mo: number; d: number; h: number; mi: number; s: number } | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number' && value >= 1 && value < 2_958_466) date = new Date(EXCEL_EPOCH_MS + Math.round(value * DAY_MS / 1000) * 1000);
  if (date) return { y: date.getUTCFullYear(), mo: date.getUTCMonth() + 1, d: date.getUTCDate(), h: date.getUTCHours(), mi: date.getUTCMinutes(), s: date.getUTCSeconds() };
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(toLatinDigits(value.trim()));
  if (!m) return null;
  let [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y >= JALALI_FROM_YEAR && y < JALALI_TO_YEAR) {
    // A solar date, as Persian users write them (1369/01/01): read, not taken for the year 1369 AD.
    if (!isValidJalaliDate({ year: y, month: mo, day: d })) return null;
    ({ year: y, month: mo, day: d } = jalaliToGregorian({ year: y, month: mo, day: d }));
  }
  return { y, mo, d, h: Number(m[4] ?? 0), mi: Number(m[5] ?? 0), s: Number(m[6] ?? 0) };
}

/**
 * Years of written dates taken as solar (Jalali): no contact was born or joined in 1200–1499 AD,
 * while solar years of living people and of records are 1280–1420. Before this a Datetime cell
 * "1402/05/10" became an instant in the year 1402 AD.
 */
const JALALI_FROM_YEAR = 1200;
const JALALI_TO_YEAR = 1500;

function validDay(y: number, mo: number, d: number): boolean {
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The instant a Tehran wall-clock time is (how the panel stores a Jalali day: the instant it starts in Tehran). */
export function tehranInstant(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date {
  return instantOfWallTime({ year: y, month: mo, day: d, hour: h, minute: mi, second: s });
}

/** Reads rows by one mapping against one organization's custom fields; `today` (Tehran) bounds birthdates. */
export class RowReader {
  private readonly contactColumns: [ContactColumn, number][];
  private readonly fieldColumns: { def: FieldDefinition; column: number }[];

  constructor(private readonly mapping: ColumnMapping, definitions: readonly FieldDefinition[], private readonly today: string) {
    this.contactColumns = CONTACT_COLUMNS.filter((c) => c !== 'cellphone' && mapping.columns[c] !== undefined).map((c) => [c, mapping.columns[c]!]);
    const byId = new Map(definitions.map((d) => [String(d.id), d]));
    this.fieldColumns = Object.entries(mapping.fields).filter(([id]) => byId.has(id)).map(([id, column]) => ({ def: byId.get(id)!, column }));
  }

  /** The row's mobile as every Peyk number (`98…`), or null; the worker rebuilds its duplicate set with this on a resume. */
  mobileOf(cells: readonly CellValue[]): string | null {
    const raw = cells[this.mapping.columns.cellphone!] ?? null;
    const text = cellText(raw).trim();
    return text ? normalizeMobile(text)?.number ?? null : null;
  }

  read(cells: readonly CellValue[]): RowResult {
    const issues: RowIssue[] = [];
    const rawMobile = cellText(cells[this.mapping.columns.cellphone!] ?? null).trim();
    const mobile = rawMobile ? normalizeMobile(rawMobile) : null;
    if (!rawMobile) issues.push({ key: 'contacts.import.reason.mobileMissing' });
    else if (!mobile) issues.push({ key: 'contacts.import.reason.mobileInvalid' });
    const contact: ImportedContact = {
      cellphone: mobile?.number ?? '', firstName: null, lastName: null, email: null, job: null, birthdate: null, telephone: null, address: null, phonebookGroup: null, fields: {},
    };
    for (const [column, index] of this.contactColumns) {
      const raw = cells[index] ?? null;
      if (column === 'birthdate') {
        const day = this.birthdate(raw, issues);
        if (day) contact.birthdate = day;
        continue;
      }
      const text = cleanText(cellText(raw));
      if (text === '') continue;
      if (column === 'telephone') {
        const phone = normalizeTelephone(text);
        if (phone === null) issues.push({ key: 'contacts.telephoneInvalid' });
        else contact.telephone = phone;
        continue;
      }
      const limit = TEXT_LIMITS[column]!;
      if (text.length > limit) {
        issues.push({ key: 'contacts.import.reason.tooLong', params: { labelFa: COLUMN_LABELS[column].fa, labelEn: COLUMN_LABELS[column].en, limit } });
        continue;
      }
      if (column === 'email' && !EMAIL.test(text)) {
        issues.push({ key: 'contacts.import.reason.emailInvalid' });
        continue;
      }
      contact[column] = text;
    }
    for (const { def, column } of this.fieldColumns) {
      const raw = cells[column] ?? null;
      const parsed = parseCustomFieldValue(def.type, this.fieldInput(def, raw));
      if (!parsed.ok) {
        issues.push({ key: `contacts.fieldValue.${parsed.issue}`, params: { nameEn: def.nameEn, nameFa: def.nameFa, limit: CONTACT_LIMITS.stringValue } });
      } else if (parsed.value !== null) {
        contact.fields[def.id] = parsed.value;
      }
    }
    return issues.length > 0 ? { ok: false, issues } : { ok: true, contact };
  }

  private birthdate(raw: CellValue, issues: RowIssue[]): string | null {
    if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
    const w = wallClock(raw);
    if (!w || !validDay(w.y, w.mo, w.d)) {
      issues.push({ key: 'contacts.import.reason.birthdateInvalid' });
      return null;
    }
    const day = `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}`;
    if (day < BIRTHDATE_MIN || day > this.today) {
      issues.push({ key: 'contacts.birthdateRange' });
      return null;
    }
    return day;
  }

  /** A cell as the form's value parser takes it for this field's type. */
  private fieldInput(def: FieldDefinition, raw: CellValue): unknown {
    if (raw === null) return null;
    switch (def.type) {
      case 'Datetime': {
        if (typeof raw !== 'string') return this.wallClockInstant(raw);
        // The same dates come again and again in a file (days of birth, of joining).
        let value = this.dates.get(raw);
        if (value === undefined) {
          const text = toLatinDigits(raw.trim());
          // An instant with its zone is taken as written; a day or a wall-clock time is Tehran's.
          value = /[zZ]$|[+-]\d{2}:\d{2}$/.test(text) ? text : this.wallClockInstant(raw);
          if (this.dates.size >= 20_000) this.dates.clear();
          this.dates.set(raw, value);
        }
        return value;
      }
      case 'String':
        return raw instanceof Date || typeof raw === 'boolean' ? cellText(raw) : typeof raw === 'string' ? cleanText(raw) : raw;
      case 'Integer':
        // Plain ASCII digits (most cells) need none of the parser's digit-script and separator handling.
        return typeof raw === 'string' && PLAIN_INTEGER.test(raw) ? Number(raw) : raw instanceof Date ? cellText(raw) : raw;
      case 'Float':
        return typeof raw === 'string' && PLAIN_FLOAT.test(raw) ? Number(raw) : raw instanceof Date ? cellText(raw) : raw;
      case 'Boolean':
        return raw instanceof Date ? cellText(raw) : raw;
    }
  }

  private readonly dates = new Map<string, unknown>();

  /** A date cell, a serial number or a written day/time as the instant it is in Tehran; '!' (refused by the parser) when it is none. */
  private wallClockInstant(raw: CellValue): unknown {
    const w = wallClock(raw);
    if (!w || !validDay(w.y, w.mo, w.d) || w.h > 23 || w.mi > 59 || w.s > 59) return typeof raw === 'string' ? raw : '!';
    return tehranInstant(w.y, w.mo, w.d, w.h, w.mi, w.s);
  }
}

const PLAIN_INTEGER = /^-?\d{1,15}$/;
const PLAIN_FLOAT = /^-?\d{1,15}(\.\d{1,15})?$/;

/**
 * The numbers of a file seen so far (the in-file duplicate check): an open-addressing hash set
 * over a Float64Array. A normalised number (`98…`, or an international one of at most 15 digits)
 * is exact as a double; a million of them take 16 MB here instead of ~60 MB in a Set.
 */
export class MobileSet {
  private table = new Float64Array(1 << 16);
  private count = 0;

  /** Adds the number; false when it was there already. */
  add(mobile: string): boolean {
    const key = Number(mobile);
    if (this.count * 2 >= this.table.length) this.grow();
    const added = this.insert(this.table, key);
    if (added) this.count++;
    return added;
  }

  get size(): number { return this.count; }

  private insert(table: Float64Array, key: number): boolean {
    const mask = table.length - 1;
    // Multiplicative hashing of the low and high halves (numbers of one file share their leading digits).
    let i = (Math.imul(key % 4294967296 | 0, 0x9e3779b1) ^ Math.imul(Math.floor(key / 4294967296), 0x85ebca6b)) & mask;
    for (;;) {
      const v = table[i];
      if (v === 0) {
        table[i] = key;
        return true;
      }
      if (v === key) return false;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Float64Array(old.length * 2);
    for (const v of old) if (v !== 0) this.insert(this.table, v);
  }
}

