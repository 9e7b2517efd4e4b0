/**
 * The pure half of the JSON-Schema form (`schema-form.tsx`): which control a property gets, the
 * editable draft of a value (numbers and lists are edited as text) and back. Kept generic so any
 * gateway plugin's options render without code of its own:
 * - string → text input (`writeOnly` → password input, `x-multiline` → textarea), `enum` → select;
 * - integer / number → numeric input with `minimum` / `maximum` checked here;
 * - boolean → checkbox;
 * - object with `properties` → a fieldset of its properties (recursively);
 * - array of strings → a textarea, one item per line;
 * - anything else (other arrays, free objects, `oneOf`…) → a JSON textarea.
 * Texts: `title` / `description` are English; `x-title-fa` / `x-description-fa` are the Persian
 * pair (the plugin convention in gateway-sdk.ts), see `textsOf`. A root `examples` array holds
 * complete values the form offers as starting points, see `examplesOf` / `draftFromExample`.
 */

import { toLatinDigits } from './to-latin-digits';

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  'x-title-fa'?: string;
  'x-description-fa'?: string;
  examples?: readonly unknown[];
  default?: unknown;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  writeOnly?: boolean;
  /** A multi-line string (a PEM certificate): a textarea, its line breaks kept. */
  'x-multiline'?: boolean;
  /** The option that is the agent's throughput (the agent form then asks for no rate of its own). */
  'x-agent-rate'?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
}

export type ControlKind = 'text' | 'multiline' | 'secret' | 'integer' | 'number' | 'boolean' | 'enum' | 'object' | 'lines' | 'json';

/** A draft: text for text-edited controls, booleans for checkboxes, nested drafts for fieldsets. */
export type Draft = { [key: string]: string | boolean | Draft };

/** The value the server answers for a secret; sent back unchanged it keeps the stored value. */
export const SECRET_MASK = '***';

function mainType(schema: JsonSchema): string | undefined {
  const t = schema.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
}

export function controlOf(schema: JsonSchema): ControlKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  switch (mainType(schema)) {
    case 'string': return schema.writeOnly ? 'secret' : schema['x-multiline'] ? 'multiline' : 'text';
    case 'integer': return 'integer';
    case 'number': return 'number';
    case 'boolean': return 'boolean';
    case 'object': return schema.properties ? 'object' : 'json';
    case 'array': return mainType(schema.items ?? {}) === 'string' && !schema.items?.enum ? 'lines' : 'json';
    default: return 'json';
  }
}

/** The draft of an object schema: the given value where there is one, else the default, else empty. */
export function draftOf(schema: JsonSchema, value: Record<string, unknown> | null | undefined): Draft {
  const draft: Draft = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const given = value && key in value ? value[key] : prop.default;
    draft[key] = draftValue(prop, given);
  }
  return draft;
}

function draftValue(schema: JsonSchema, value: unknown): string | boolean | Draft {
  switch (controlOf(schema)) {
    case 'boolean': return value === true;
    case 'object': return draftOf(schema, value && typeof value === 'object' ? (value as Record<string, unknown>) : null);
    case 'lines': return Array.isArray(value) ? value.map(String).join('\n') : '';
    case 'json': return value === undefined ? '' : JSON.stringify(value, null, 2);
    case 'enum': return value === undefined || value === null ? '' : String(value);
    default: return value === undefined || value === null ? '' : String(value);
  }
}

const given = (text: string | undefined): string | undefined => (typeof text === 'string' && text.trim() !== '' ? text : undefined);

/**
 * The label and hint of a property in the panel's language: in Persian the `x-…-fa` texts, else
 * (or when a plugin left them out) `title` / `description`; a property without any title is
 * labelled by its name, so no field is ever unlabelled.
 */
export function textsOf(schema: JsonSchema, name: string, language: string): { label: string; hint: string | undefined } {
  const fa = language.toLowerCase().startsWith('fa');
  const label = (fa ? given(schema['x-title-fa']) : undefined) ?? given(schema.title) ?? name;
  const hint = (fa ? given(schema['x-description-fa']) : undefined) ?? given(schema.description);
  return { label, hint };
}

/** A starting point the schema offers: the root `examples` entry, its `preset` name when it has one. */
export interface SchemaExample {
  index: number;
  name: string | null;
  value: Record<string, unknown>;
}

/** The root `examples` that are objects (anything else could not fill an object form). */
export function examplesOf(schema: JsonSchema): SchemaExample[] {
  if (!Array.isArray(schema.examples)) return [];
  const out: SchemaExample[] = [];
  schema.examples.forEach((value: unknown, index) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const record = value as Record<string, unknown>;
    const name = typeof record.preset === 'string' && record.preset.trim() !== '' ? record.preset : null;
    out.push({ index, name, value: record });
  });
  return out;
}

/**
 * The draft of an example, for "start from". Secrets never come from an example (it has none to
 * give, and one it did carry would be a leak): each secret field keeps what the current draft holds,
 * empty on a new form, the `***` mask on a saved agent, so switching presets while editing does not
 * silently drop the stored key on the next save.
 */
export function draftFromExample(schema: JsonSchema, example: Record<string, unknown>, current: Draft = {}): Draft {
  const draft = draftOf(schema, example);
  return keepSecrets(schema, draft, current);
}

function keepSecrets(schema: JsonSchema, draft: Draft, current: Draft): Draft {
  const out: Draft = { ...draft };
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const kind = controlOf(prop);
    if (kind === 'secret') {
      const held = current[key];
      out[key] = typeof held === 'string' ? held : '';
    } else if (kind === 'object') {
      const held = current[key];
      out[key] = keepSecrets(prop, out[key] as Draft, held && typeof held === 'object' ? held : {});
    }
  }
  return out;
}

/** A problem found before sending: the field path (dots) and a `ui:` text key with its values. */
export interface DraftIssue {
  path: string;
  key: 'validation.required' | 'validation.number' | 'validation.integer' | 'validation.minValue' | 'validation.maxValue' | 'validation.json'
    | 'validation.minLength' | 'validation.maxLength';
  values?: Record<string, unknown>;
}

/**
 * The value to send and the issues the form can see itself (the server checks the rest with the
 * plugin's schema). Empty optional fields are left out, so the plugin's defaults apply.
 */
export function valueOf(schema: JsonSchema, draft: Draft, prefix = ''): { value: Record<string, unknown>; issues: DraftIssue[] } {
  const value: Record<string, unknown> = {};
  const issues: DraftIssue[] = [];
  const required = new Set(schema.required ?? []);
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    const raw = draft[key];
    const kind = controlOf(prop);
    if (kind === 'boolean') {
      value[key] = raw === true;
      continue;
    }
    if (kind === 'object') {
      const nestedDraft = (raw && typeof raw === 'object' ? raw : {}) as Draft;
      // An optional group still at its defaults (nobody typed into the HTTP plugin's `inbound` or
      // `poll`) is left out like any empty optional field: sending its defaults alone would make
      // the server ask for its required fields, which only matter once the group is used.
      if (!required.has(key) && sameDraft(nestedDraft, draftOf(prop, null))) continue;
      const nested = valueOf(prop, nestedDraft, path);
      issues.push(...nested.issues);
      if (Object.keys(nested.value).length > 0 || required.has(key)) value[key] = nested.value;
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (text.trim() === '') {
      if (required.has(key)) issues.push({ path, key: 'validation.required' });
      continue;
    }
    switch (kind) {
      case 'integer':
      case 'number': {
        const n = Number(toLatinDigits(text.trim()));
        if (!Number.isFinite(n)) { issues.push({ path, key: 'validation.number' }); break; }
        if (kind === 'integer' && !Number.isInteger(n)) { issues.push({ path, key: 'validation.integer' }); break; }
        if ((prop.minimum !== undefined && n < prop.minimum) || (prop.exclusiveMinimum !== undefined && n <= prop.exclusiveMinimum)) {
          issues.push({ path, key: 'validation.minValue', values: { min: prop.minimum ?? prop.exclusiveMinimum } });
          break;
        }
        if ((prop.maximum !== undefined && n > prop.maximum) || (prop.exclusiveMaximum !== undefined && n >= prop.exclusiveMaximum)) {
          issues.push({ path, key: 'validation.maxValue', values: { max: prop.maximum ?? prop.exclusiveMaximum } });
          break;
        }
        value[key] = n;
        break;
      }
      case 'enum': {
        // The option's text back to the enum member it stands for (numbers stay numbers).
        value[key] = prop.enum!.find((e) => String(e) === text) ?? text;
        break;
      }
      case 'lines':
        value[key] = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
        break;
      case 'json':
        try {
          value[key] = JSON.parse(text);
        } catch {
          issues.push({ path, key: 'validation.json' });
        }
        break;
      default: {
        // The length the plugin states (SMPP's 8-character password) is told, never cut silently:
        // a truncated secret would only fail later, at the operator. The mask of a kept secret is no value.
        const length = [...text].length;
        if (text !== SECRET_MASK && prop.maxLength !== undefined && length > prop.maxLength) {
          issues.push({ path, key: 'validation.maxLength', values: { max: prop.maxLength } });
          break;
        }
        if (text !== SECRET_MASK && prop.minLength !== undefined && length < prop.minLength) {
          issues.push({ path, key: 'validation.minLength', values: { min: prop.minLength } });
          break;
        }
        value[key] = text;
      }
    }
  }
  return { value, issues };
}

function sameDraft(a: Draft, b: Draft): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (typeof x === 'object' && typeof y === 'object') {
      if (!sameDraft(x, y)) return false;
    } else if ((typeof x === 'string' ? x.trim() : x) !== (typeof y === 'string' ? y.trim() : y)) {
      return false;
    }
  }
  return true;
}

/** Sets one field of a (nested) draft by its dotted path, without touching the others. */
export function setDraft(draft: Draft, path: string, next: string | boolean): Draft {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...draft, [head!]: next };
  const inner = (draft[head!] && typeof draft[head!] === 'object' ? draft[head!] : {}) as Draft;
  return { ...draft, [head!]: setDraft(inner, rest.join('.'), next) };
}
