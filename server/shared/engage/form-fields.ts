/**
 * The form builder's vocabulary and the one judge of a submitted value (server module engage,
 * "Forms"): the server answers every field with it and the public page checks the same rules
 * before sending. Pure (imports only server/shared), so the browser bundle uses this copy.
 */
import { CUSTOM_FIELD_TYPES, parseCustomFieldValue } from '../contacts/contact-fields.js';
import { normalizeMobile, toLatinDigits } from '../sms/phone-numbers.js';
import { tehranDayOf } from '../dates/tehran-days.js';

/** The spec's colour list for a form's theme. */
export const FORM_THEMES = ['default', 'blue', 'green', 'yellow', 'red', 'purple', 'orange', 'pink', 'gray'] as const;
export type FormTheme = (typeof FORM_THEMES)[number];

/** The spec's CustomFieldTypes, plus the visitor's mobile (the contact's key) and an uploaded file. */
export const FORM_FIELD_TYPES = [...CUSTOM_FIELD_TYPES, 'Mobile', 'File'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** A contact's own fields a form field may fill (the mobile field always fills `cellphone`). */
export const FORM_CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'address'] as const;
export type FormContactField = (typeof FORM_CONTACT_FIELDS)[number];

/** Which field types may fill which contact field (a birthdate needs a date; names need text). */
export function contactFieldFits(field: FormContactField, type: FormFieldType): boolean {
  return field === 'birthdate' ? type === 'Datetime' : type === 'String';
}

export const FORM_LIMITS = { fields: 50, label: 200, title: 200, description: 2_000, thankYouText: 1_000, regex: 500, stringValue: 500, maxFileMegabytes: 20 } as const;

/** The rules of one field, as stored (null = no rule). */
export interface FormFieldRules {
  fieldType: FormFieldType;
  isRequired: boolean;
  minValue: number | null;
  maxValue: number | null;
  minLength: number | null;
  maxLength: number | null;
  regexValidation: string | null;
}

/** A field as stored and as the builder sends it: its rules plus label, file limit and where the value goes. */
export interface FormFieldValues extends FormFieldRules {
  label: string;
  labelEn: string | null;
  maxFileSizeByMegabyte: number | null;
  contactField: FormContactField | null;
  customFieldId: number | null;
}

export type FormValue = boolean | number | string;

/** Why a value was refused: the message key's last part (`forms.value.<issue>`) and its numbers. */
export interface FormValueIssue {
  issue: 'required' | 'boolean' | 'integer' | 'float' | 'datetime' | 'string' | 'control' | 'mobile' | 'minValue' | 'maxValue' | 'minLength' | 'maxLength' | 'regex' | 'file';
  params?: Record<string, number | string>;
}

/** A date of a date input (`YYYY-MM-DD`) is the start of that Tehran day; a full ISO instant is taken as is. */
function dateInstant(raw: string): string {
  const text = toLatinDigits(raw.trim());
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00+03:30` : text;
}

/** A regex the form's owner wrote; one that does not compile matches nothing (the save refuses it anyway). */
export function compileFormRegex(source: string): RegExp | null {
  try {
    return new RegExp(source, 'u');
  } catch {
    return null;
  }
}

/**
 * A submitted value judged by its field's rules: `{ value }` to store (null when empty and not
 * required), or the first rule it breaks. Numbers are read in any digit script; length counts
 * characters of the trimmed text; the regex must match the whole text (anchored here).
 * File values are the key the upload answered; the service checks the file itself.
 */
export function judgeFormValue(rules: FormFieldRules, raw: unknown): { value: FormValue | null } | FormValueIssue {
  const empty = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '') || (rules.fieldType === 'Boolean' && raw === false && rules.isRequired);
  if (empty) return rules.isRequired ? { issue: 'required' } : { value: null };
  switch (rules.fieldType) {
    case 'Mobile': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { issue: 'mobile' };
      const mobile = normalizeMobile(String(raw));
      return mobile ? { value: mobile.number } : { issue: 'mobile' };
    }
    case 'File':
      return typeof raw === 'string' && /^[0-9a-f-]{36}$/.test(raw) ? { value: raw } : { issue: 'file' };
    case 'Datetime': {
      const parsed = parseCustomFieldValue('Datetime', typeof raw === 'string' ? dateInstant(raw) : raw);
      return parsed.ok ? { value: parsed.value } : { issue: 'datetime' };
    }
    case 'Integer':
    case 'Float': {
      const parsed = parseCustomFieldValue(rules.fieldType, raw);
      if (!parsed.ok) return { issue: rules.fieldType === 'Integer' ? 'integer' : 'float' };
      const n = parsed.value as number;
      if (rules.minValue !== null && n < rules.minValue) return { issue: 'minValue', params: { min: rules.minValue } };
      if (rules.maxValue !== null && n > rules.maxValue) return { issue: 'maxValue', params: { max: rules.maxValue } };
      return { value: n };
    }
    case 'Boolean': {
      const parsed = parseCustomFieldValue('Boolean', raw);
      return parsed.ok ? { value: parsed.value } : { issue: 'boolean' };
    }
    case 'String': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { issue: 'string' };
      const text = String(raw).trim();
      // Line breaks are allowed (an address); other control characters are not.
      if (/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return { issue: 'control' };
      const length = [...text].length;
      const max = Math.min(rules.maxLength ?? FORM_LIMITS.stringValue, FORM_LIMITS.stringValue);
      if (rules.minLength !== null && length < rules.minLength) return { issue: 'minLength', params: { min: rules.minLength } };
      if (length > max) return { issue: 'maxLength', params: { max } };
      if (rules.regexValidation) {
        const re = compileFormRegex(`^(?:${rules.regexValidation})$`);
        if (!re || !re.test(text)) return { issue: 'regex' };
      }
      return { value: text };
    }
  }
}

/** A Datetime value (an instant) as the Tehran day a contact's birthdate takes. */
export function formDateDay(value: FormValue): string {
  return tehranDayOf(new Date(String(value)));
}
