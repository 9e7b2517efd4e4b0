/**
 * Dynamic templates (`CreateDynamicScheduledMessage`): `{name}` is a placeholder — a contact field
 * (`DYNAMIC_CONTACT_FIELDS`) or a custom field's `nameEn` of the phonebook's organization, any case;
 * `{{` and `}}` are literal braces; any other brace is literal text. A value missing or empty
 * sends as empty text (the spec); numbers and booleans as written. Dates read as a Persian reader
 * expects them, in the solar (Jalali) calendar with Latin digits: `birthdate` (a calendar day) as
 * `1369/02/22`, a Datetime custom field (an instant) as its Tehran day, `1403/01/01`, with `06:30`
 * added when it is not midnight in Tehran.
 */

import type { TemplatePart } from '../../../shared/text/template-placeholders.js';
import { DAY_MS } from '../../../shared/dates/calendar-days.js';
import { hasJalaliDate, jalaliText, toJalali } from '../../../shared/dates/jalali.js';
import { wallMs, wallTimeOf } from '../../../shared/dates/tehran-time.js';

/** The contact's own fields a template may name (the streamed contact's keys). */
export const DYNAMIC_CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'job', 'birthdate', 'telephone', 'cellphone', 'address', 'phonebookGroup'] as const;
type ContactField = (typeof DYNAMIC_CONTACT_FIELDS)[number];

// The syntax is shared with the panel's pattern preview (server/shared/text/template-placeholders.ts).
export { parseTemplate, placeholderNames, type TemplatePart } from '../../../shared/text/template-placeholders.js';

export interface TemplateContact {
  fields: Record<string, unknown>;
}

type Getter = (c: TemplateContact & Record<string, unknown>) => unknown;

/** A custom field a template may name: its English name, and its type when known (Datetime is rendered as a date). */
export type TemplateField = string | { nameEn: string; type?: string };

/** `YYYY-MM-DD` (a calendar day) in the solar calendar; anything else as it was stored. */
export function solarDay(value: unknown): unknown {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return value;
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
  // A year the Jalali converter does not reach (before 560 or after 3798) is sent as stored.
  return hasJalaliDate(day) ? jalaliText(toJalali(day)) : value;
}

/** An ISO instant as its Tehran solar day, with the Tehran time when it is not midnight. */
export function solarInstant(value: unknown): unknown {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) return value;
  const w = wallTimeOf(ms);
  const days = Math.floor(wallMs(w) / DAY_MS);
  if (!hasJalaliDate(days)) return value;
  const day = jalaliText(toJalali(days));
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return w.hour === 0 && w.minute === 0 ? day : `${day} ${two(w.hour)}:${two(w.minute)}`;
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
