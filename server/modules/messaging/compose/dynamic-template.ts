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

const SOLAR_DAY = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
const TEHRAN_CLOCK = new Intl.DateTimeFormat('en-US-u-nu-latn', {
  timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

function partsOf(format: Intl.DateTimeFormat, at: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/**
 * Memo tables: Intl's formatToParts costs ~10 µs a call, which was most of a 500,000-contact
 * dynamic send's rendering (bench:dynamic). Calendar days are few (a century is ~36,500), so the
 * solar day of a Gregorian day and Tehran's offset of a UTC day are computed once each; bounded
 * by clearing, never by evicting wrong answers.
 */
const MEMO_LIMIT = 50_000;
const solarOfDay = new Map<string, string>();
const tehranOffsetOfDay = new Map<number, number | null>();

function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= MEMO_LIMIT) map.clear();
  map.set(key, value);
  return value;
}

/** The solar date of a Gregorian calendar day (`YYYY-MM-DD`, already validated) as `1403/01/01`. */
function solarOf(key: string, y: number, m: number, d: number): string {
  const known = solarOfDay.get(key);
  if (known !== undefined) return known;
  const p = partsOf(SOLAR_DAY, new Date(Date.UTC(y, m - 1, d)));
  return remember(solarOfDay, key, `${p.year}/${p.month}/${p.day}`);
}

/** Tehran's offset from UTC (ms) at an instant, read from the time-zone database. */
function tehranOffsetAt(ms: number): number {
  const p = partsOf(TEHRAN_CLOCK, new Date(ms));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return local - Math.floor(ms / 1000) * 1000;
}

/**
 * Tehran's offset at an instant: one value per UTC day, unless the offset changed during that day
 * (the daylight-saving days Iran kept until 2022), which are asked instant by instant.
 */
function tehranOffset(ms: number): number {
  const day = Math.floor(ms / 86_400_000);
  let offset = tehranOffsetOfDay.get(day);
  if (offset === undefined) {
    const start = tehranOffsetAt(day * 86_400_000);
    offset = remember(tehranOffsetOfDay, day, start === tehranOffsetAt((day + 1) * 86_400_000 - 1) ? start : null);
  }
  return offset ?? tehranOffsetAt(ms);
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD` (a calendar day) in the solar calendar; anything else as it was stored. */
export function solarDay(value: unknown): unknown {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return value;
  return solarOf(value as string, Number(m[1]), Number(m[2]), Number(m[3]));
}

/** An ISO instant as its Tehran solar day, with the Tehran time when it is not midnight. */
export function solarInstant(value: unknown): unknown {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) return value;
  const local = new Date(ms + tehranOffset(ms));
  const y = local.getUTCFullYear();
  const mo = local.getUTCMonth() + 1;
  const d = local.getUTCDate();
  const day = solarOf(`${y}-${two(mo)}-${two(d)}`, y, mo, d);
  const h = local.getUTCHours();
  const mi = local.getUTCMinutes();
  return h === 0 && mi === 0 ? day : `${day} ${two(h)}:${two(mi)}`;
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
