import { Ajv, type ErrorObject, type ValidateFunction, type AnySchema } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { AppError, type ValidationIssue } from './errors.js';
import { hasBidiControls } from '../../shared/text/bidi-controls.js';
import { isClockTime } from '../../shared/dates/clock-time.js';
import { messageParam, type MessageParam } from '../i18n.js';

// ajv-formats ships CommonJS with a default export; under NodeNext the callable sits on .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/** Iranian mobile in any common written form; the normalised form is 989XXXXXXXXX. */
export const MOBILE_PATTERN = /^(?:\+98|0098|98|0)?9\d{9}$/;

/**
 * `format: 'name'` marks a name-like field (names, titles, labels shown in lists, menus and
 * headers): a string without bidi controls (server/shared/text/bidi-controls.ts). One format for
 * every schema, so the rule and its message are the same everywhere. The SMS text is not a name:
 * messaging judges it by its own character rules.
 */
export const NAME_FORMAT = 'name';

function buildAjv(coerce: boolean, useDefaults = true): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: coerce ? 'array' : false, useDefaults, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('mobile', MOBILE_PATTERN);
  // A time of day as people type it (8:00, 08:00, Persian digits); services store normalizeClockTime's HH:mm.
  ajv.addFormat('hhmm', { type: 'string', validate: isClockTime });
  ajv.addFormat(NAME_FORMAT, { type: 'string', validate: (value: string) => !hasBidiControls(value) });
  return ajv;
}

const bodyAjv = buildAjv(false);
const queryAjv = buildAjv(true);
// Answers are checked as they are, never filled in or coerced: the check may not change what is sent.
const answerAjv = buildAjv(false, false);

/** `/bulkRecipients/3/mobile` → `bulkRecipients[3].mobile` */
export function toPropertyName(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  let out = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

const JSON_TYPES = ['integer', 'number', 'string', 'boolean', 'array', 'object', 'null'];

/** ajv's expected type (`integer`, `integer,null`) as a message naming it in the caller's language. */
function typeName(type: unknown): MessageParam | string {
  const types = String(type).split(',');
  const shown = types.find((t) => t !== 'null') ?? types[0];
  return JSON_TYPES.includes(shown) ? messageParam(`validation.typeName.${shown}`) : shown;
}

function issueOf(error: ErrorObject): ValidationIssue | null {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const name = toPropertyName(error.instancePath, String(p.missingProperty));
      return { propertyName: name, key: 'validation.required', params: { field: name } };
    }
    case 'additionalProperties': {
      const name = toPropertyName(error.instancePath, String(p.additionalProperty));
      return { propertyName: name, key: 'validation.unknownField', params: { field: name } };
    }
    default: break;
  }
  const name = toPropertyName(error.instancePath);
  const field = name || 'body';
  switch (error.keyword) {
    case 'minLength': return { propertyName: name, key: 'validation.minLength', params: { field, limit: p.limit } };
    case 'maxLength': return { propertyName: name, key: 'validation.maxLength', params: { field, limit: p.limit } };
    case 'minimum': case 'exclusiveMinimum': return { propertyName: name, key: 'validation.minimum', params: { field, limit: p.limit } };
    case 'maximum': case 'exclusiveMaximum': return { propertyName: name, key: 'validation.maximum', params: { field, limit: p.limit } };
    case 'minItems': return { propertyName: name, key: 'validation.minItems', params: { field, limit: p.limit } };
    case 'maxItems': return { propertyName: name, key: 'validation.maxItems', params: { field, limit: p.limit } };
    case 'type': return { propertyName: name, key: 'validation.type', params: { field, type: typeName(p.type) } };
    case 'enum': case 'const': return { propertyName: name, key: 'validation.enum', params: { field } };
    case 'pattern': return { propertyName: name, key: 'validation.pattern', params: { field } };
    case 'format': {
      const format = String(p.format);
      if (format === 'mobile') return { propertyName: name, key: 'validation.mobile', params: { field } };
      if (format === 'email') return { propertyName: name, key: 'validation.email', params: { field } };
      if (format === 'hhmm') return { propertyName: name, key: 'validation.time', params: { field } };
      if (format === NAME_FORMAT) return { propertyName: name, key: 'validation.bidiControl', params: { field } };
      if (format === 'date-time' || format === 'date') return { propertyName: name, key: 'validation.dateTime', params: { field } };
      return { propertyName: name, key: 'validation.pattern', params: { field } };
    }
    // anyOf/oneOf/if report their branches' errors as well; the summary adds nothing for a user.
    case 'anyOf': case 'oneOf': case 'if': return null;
    default: return { propertyName: name, key: 'validation.invalid', params: { field } };
  }
}

export function issuesOf(errors: ErrorObject[] | null | undefined): ValidationIssue[] {
  const seen = new Set<string>();
  // A value that fits no branch of an anyOf fails each branch; only the first (the real shape,
  // e.g. "invalid mobile number") speaks to the user, not "expected null" from the others.
  const anyOfReported = new Set<string>();
  const out: ValidationIssue[] = [];
  for (const e of errors ?? []) {
    const issue = issueOf(e);
    if (!issue) continue;
    const id = `${issue.propertyName}|${issue.key}`;
    if (seen.has(id)) continue;
    if (/\/anyOf\/\d+\//.test(e.schemaPath)) {
      if (anyOfReported.has(e.instancePath)) continue;
      anyOfReported.add(e.instancePath);
    }
    seen.add(id);
    out.push(issue);
  }
  return out;
}

export type Validator = (value: unknown) => void;

function compile(ajv: Ajv, schema: AnySchema): Validator {
  const fn: ValidateFunction = ajv.compile(schema);
  return (value: unknown) => {
    if (!fn(value)) throw new AppError(400, 'status.400', {}, issuesOf(fn.errors));
  };
}

export const compileBody = (schema: AnySchema): Validator => compile(bodyAjv, schema);
export const compileQuery = (schema: AnySchema): Validator => compile(queryAjv, schema);

/** What is wrong with an answer, as one line for the developer; null when it fits its schema. */
export type AnswerCheck = (value: unknown) => string | null;

/**
 * A checker of a route's answer (`data` of the envelope) against the route's `answer` schema. It
 * reads the answer as JSON (the wire form: dates are strings); extra fields are no fault unless the
 * schema itself closes an object, and nothing is removed or filled in.
 */
export function compileAnswer(schema: AnySchema): AnswerCheck {
  const fn: ValidateFunction = answerAjv.compile(schema);
  return (value: unknown) => (fn(value) ? null : answerAjv.errorsText(fn.errors, { dataVar: 'data' }));
}
