/**
 * Dynamic templates (`CreateDynamicScheduledMessage`): `{name}` is a placeholder — a contact field
 * (`DYNAMIC_CONTACT_FIELDS`) or a custom field's `nameEn` of the phonebook's organization, any case;
 * `{{` and `}}` are literal braces; any other brace is literal text. A value missing or empty
 * sends as empty text (the spec); numbers and booleans as written. Dates read as a Persian reader
 * expects them, in the solar (Jalali) calendar with Latin digits: `birthdate` (a calendar day) as
 * `1369/02/22`, a Datetime custom field (an instant) as its Tehran day, `1403/01/01`, with `06:30`
 * added when it is not midnight in Tehran.
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

/** A custom field a template may name: its English name, and its type when known (Datetime is rendered as a date). */
export type TemplateField = string | { nameEn: string; type?: string };

const solarParts = (zone: string, withTime: boolean) => new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
});
const SOLAR_DAY = solarParts('UTC', false);
const SOLAR_TEHRAN = solarParts('Asia/Tehran', true);

function partsOf(format: Intl.DateTimeFormat, at: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/** `YYYY-MM-DD` (a calendar day) in the solar calendar; anything else as it was stored. */
export function solarDay(value: unknown): unknown {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return value;
  const p = partsOf(SOLAR_DAY, new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
  return `${p.year}/${p.month}/${p.day}`;
}

/** An ISO instant as its Tehran solar day, with the Tehran time when it is not midnight. */
export function solarInstant(value: unknown): unknown {
  const at = typeof value === 'string' ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return value;
  const p = partsOf(SOLAR_TEHRAN, at);
  const time = p.hour === '00' && p.minute === '00' ? '' : ` ${p.hour}:${p.minute}`;
  return `${p.year}/${p.month}/${p.day}${time}`;
}

/**
 * A renderer for one phonebook: each placeholder resolved to its field (the custom fields given by
 * their nameEn); answers the names that match nothing instead, so the caller can refuse the send.
 */
export function compileTemplate(parts: readonly TemplatePart[], customFields: readonly TemplateField[]): { render: (c: TemplateContact) => string } | { unknown: string[] } {
  const unknown: string[] = [];
  const fields = customFields.map((f) => (typeof f === 'string' ? { nameEn: f, type: undefined } : f));
  const pieces: (string | Getter)[] = parts.map((p) => {
    if (typeof p === 'string') return p;
    const lower = p.name.toLowerCase();
    const own = DYNAMIC_CONTACT_FIELDS.find((f) => f.toLowerCase() === lower);
    if (own === 'birthdate') return ((c) => solarDay(c.birthdate)) as Getter;
    if (own) return ((c) => c[own as ContactField]) as Getter;
    const custom = fields.find((f) => f.nameEn.toLowerCase() === lower);
    if (custom?.type === 'Datetime') return ((c) => solarInstant(c.fields[custom.nameEn])) as Getter;
    if (custom !== undefined) return ((c) => c.fields[custom.nameEn]) as Getter;
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

/**
 * A P2P file's template: each placeholder names one of the file's column titles (any case), filled
 * from that row's cell; an empty cell is empty text. Answers the names that match no column instead.
 */
export function compileColumnTemplate(parts: readonly TemplatePart[], columns: readonly string[]): { render: (cells: readonly string[]) => string } | { unknown: string[] } {
  const unknown: string[] = [];
  const pieces: (string | number)[] = parts.map((p) => {
    if (typeof p === 'string') return p;
    const index = columns.findIndex((c) => c.toLowerCase() === p.name.toLowerCase());
    if (index < 0) unknown.push(p.name);
    return index;
  });
  if (unknown.length) return { unknown: [...new Set(unknown)] };
  return {
    render: (cells) => {
      let out = '';
      for (const piece of pieces) out += typeof piece === 'string' ? piece : (cells[piece] ?? '');
      return out;
    },
  };
}
