/**
 * Dynamic templates (`CreateDynamicScheduledMessage`): `{name}` is a placeholder — a contact field
 * (`DYNAMIC_CONTACT_FIELDS`) or a custom field's `nameEn` of the phonebook's organization, any case;
 * `{{` and `}}` are literal braces; any other brace is literal text. A value missing or empty
 * sends as empty text (the spec); other values as stored (numbers and booleans as written, dates
 * as their stored ISO text).
 */

/** The contact's own fields a template may name (the streamed contact's keys). */
export const DYNAMIC_CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'cellphone', 'address', 'phonebookGroup'] as const;
type ContactField = (typeof DYNAMIC_CONTACT_FIELDS)[number];

export type TemplatePart = string | { name: string };

const TOKEN = /\{\{|\}\}|\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** The template cut into literal text and placeholders, once per send. */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  let literal = '';
  for (const m of template.matchAll(TOKEN)) {
    literal += template.slice(last, m.index);
    last = (m.index ?? 0) + m[0].length;
    if (m[0] === '{{') literal += '{';
    else if (m[0] === '}}') literal += '}';
    else {
      if (literal) parts.push(literal);
      literal = '';
      parts.push({ name: m[1] });
    }
  }
  literal += template.slice(last);
  if (literal) parts.push(literal);
  return parts;
}

/** The placeholders' names as written (for the message naming an unknown one). */
export function placeholderNames(parts: readonly TemplatePart[]): string[] {
  return [...new Set(parts.filter((p): p is { name: string } => typeof p !== 'string').map((p) => p.name))];
}

export interface TemplateContact {
  fields: Record<string, unknown>;
}

type Getter = (c: TemplateContact & Record<string, unknown>) => unknown;

/**
 * A renderer for one phonebook: each placeholder resolved to its field (the custom fields given by
 * their nameEn); answers the names that match nothing instead, so the caller can refuse the send.
 */
export function compileTemplate(parts: readonly TemplatePart[], customNames: readonly string[]): { render: (c: TemplateContact) => string } | { unknown: string[] } {
  const unknown: string[] = [];
  const pieces: (string | Getter)[] = parts.map((p) => {
    if (typeof p === 'string') return p;
    const lower = p.name.toLowerCase();
    const own = DYNAMIC_CONTACT_FIELDS.find((f) => f.toLowerCase() === lower);
    if (own) return ((c) => c[own as ContactField]) as Getter;
    const custom = customNames.find((n) => n.toLowerCase() === lower);
    if (custom !== undefined) return ((c) => c.fields[custom]) as Getter;
    unknown.push(p.name);
    return '';
  });
  if (unknown.length) return { unknown: [...new Set(unknown)] };
  return {
    render: (c) => {
      let out = '';
      for (const piece of pieces) {
        if (typeof piece === 'string') out += piece;
        else {
          const v = piece(c as TemplateContact & Record<string, unknown>);
          if (v !== null && v !== undefined) out += String(v);
        }
      }
      return out;
    },
  };
}
