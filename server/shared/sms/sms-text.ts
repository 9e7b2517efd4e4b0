/**
 * SMS text rules: GSM-7 or UCS-2, parts (160/153 and 70/67), signature, forbidden characters,
 * links, HTML tags. No imports: the browser's live counter uses the same code, so the client
 * and the server never disagree on a price.
 */

// GSM 03.38 default alphabet (one septet each) and its extension table (escape + char: two septets).
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export type SmsEncoding = 'gsm7' | 'ucs2';

/**
 * The spec's words for an encoding (its "encoding: English, Persian"), used in every answer and
 * export; gsm7/ucs2 stay the stored and internal values. "Persian" is any text outside GSM 03.38
 * (sent as UCS-2), Persian or not.
 */
export const SPEC_ENCODINGS = ['English', 'Persian'] as const;
export type SpecEncoding = (typeof SPEC_ENCODINGS)[number];
export function specEncoding(encoding: SmsEncoding): SpecEncoding {
  return encoding === 'ucs2' ? 'Persian' : 'English';
}

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!basic.has(ch) && !extended.has(ch)) return 'ucs2';
  return 'gsm7';
}

export interface PartCount {
  encoding: SmsEncoding;
  /** Septets (gsm7) or UTF-16 code units (ucs2). */
  length: number;
  parts: number;
  /** Units per part for this length (160/153 or 70/67). */
  perPart: number;
  /** Units left in the last part. */
  remaining: number;
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/;

function hasExtended(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (extended.has(text[i])) return true;
  return false;
}

/**
 * Parts the way a handset concatenates them: an escape pair (gsm7) or a surrogate pair (ucs2) is
 * never split across two parts, so a part may carry one unit less than its size.
 */
export function countParts(text: string): PartCount {
  const encoding = smsEncoding(text);
  const single = encoding === 'gsm7' ? 160 : 70;
  const multi = encoding === 'gsm7' ? 153 : 67;
  // Without an escape pair or a surrogate pair every unit is one wide and the cut below is plain
  // division; a dynamic send counts this for each of up to a million texts.
  if (encoding === 'gsm7' ? !hasExtended(text) : !SURROGATE_PAIR.test(text)) {
    const length = text.length;
    if (length === 0) return { encoding, length: 0, parts: 0, perPart: single, remaining: single };
    if (length <= single) return { encoding, length, parts: 1, perPart: single, remaining: single - length };
    const parts = Math.ceil(length / multi);
    return { encoding, length, parts, perPart: multi, remaining: multi * parts - length };
  }
  const units: number[] = [];
  if (encoding === 'gsm7') for (const ch of text) units.push(extended.has(ch) ? 2 : 1);
  else for (const ch of text) units.push(ch.length);
  const length = units.reduce((a, b) => a + b, 0);
  if (length === 0) return { encoding, length: 0, parts: 0, perPart: single, remaining: single };
  if (length <= single) return { encoding, length, parts: 1, perPart: single, remaining: single - length };
  let parts = 1;
  let used = 0;
  for (const u of units) {
    if (used + u > multi) {
      parts++;
      used = 0;
    }
    used += u;
  }
  return { encoding, length, parts, perPart: multi, remaining: multi - used };
}

/**
 * The text of each part, cut where `countParts` counts a new part (same sizes, an escape pair or a
 * surrogate pair never split), so what a gateway sends is what the panel priced. `encoding` lets a
 * gateway that was told to send UCS-2 cut by UCS-2 sizes even when every character is in GSM-7.
 */
export function splitParts(text: string, encoding: SmsEncoding = smsEncoding(text)): string[] {
  if (text.length === 0) return [];
  let length = 0;
  if (encoding === 'gsm7') for (const ch of text) length += extended.has(ch) ? 2 : 1;
  else length = text.length;
  const single = encoding === 'gsm7' ? 160 : 70;
  if (length <= single) return [text];
  const multi = encoding === 'gsm7' ? 153 : 67;
  const parts: string[] = [];
  let current = '';
  let used = 0;
  for (const ch of text) {
    const u = encoding === 'gsm7' ? (extended.has(ch) ? 2 : 1) : ch.length;
    if (used + u > multi) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += u;
  }
  parts.push(current);
  return parts;
}

export function withSignature(text: string, signature?: string | null): string {
  return signature && signature.trim() ? `${text}\n${signature.trim()}` : text;
}

function isForbidden(code: number): boolean {
  if (code === 10 || code === 13) return false;
  return code < 32 || code === 127 || (code >= 0x80 && code < 0xa0)
    || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff;
}

/** Characters an operator refuses or that hide what a text says (bidi overrides): each once, in order. */
export function findForbiddenCharacters(text: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
      found.add(text[i]);
    } else if (c >= 0xdc00 && c <= 0xdfff) found.add(text[i]);
    else if (isForbidden(c)) found.add(text[i]);
  }
  return [...found];
}

/** Whether `findForbiddenCharacters` would find any, without building the list (checked for every text of a dynamic send). */
export function hasForbiddenCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
      return true;
    }
    if ((c >= 0xdc00 && c <= 0xdfff) || isForbidden(c)) return true;
  }
  return false;
}

/** True when nothing but forbidden characters and white space is left. */
export function isOnlyForbidden(text: string): boolean {
  const forbidden = new Set(findForbiddenCharacters(text));
  for (const ch of text) if (!forbidden.has(ch) && ch.trim() !== '') return false;
  return text.length > 0;
}

// Bare domains are recognised by common top-level domains, so "Hi.How are you" is not a link.
const TLDS = 'com|net|org|ir|io|ly|me|info|co|app|xyz|site|online|link|ai|dev|biz|tv|us|uk|de|shop|store|club|top|gl|gd|to|cc|eu|ru|in|tk|ml|ga|cf|website|page|blog|news|tech';
const LINK = new RegExp(`(https?:\\/\\/|www\\.)\\S+|\\b[a-z0-9][a-z0-9-]*(\\.[a-z0-9-]+)*\\.(${TLDS})\\b(\\/\\S*)?`, 'i');

/** http(s)://…, www.…, or a bare domain such as example.com/x or bit.ly/abc; not decimals like 3.5. */
// One global copy, rewound on every call: compiling the pattern per call cost more than matching it.
const LINK_ALL = new RegExp(LINK.source, 'gi');

export function containsLink(text: string): boolean {
  LINK_ALL.lastIndex = 0;
  for (let m = LINK_ALL.exec(text); m; m = LINK_ALL.exec(text)) {
    if (/^[a-z]\.[a-z]{1,3}$/i.test(m[0])) continue; // "e.g"-like abbreviations
    LINK_ALL.lastIndex = 0;
    return true;
  }
  return false;
}

/**
 * The links of a text as `containsLink` sees them, in order, with their positions; punctuation
 * that ends a sentence after a link («.», «,», «)», «،» …) is not part of it. Short links (issue
 * 28) replace exactly these spans.
 */
export function findLinks(text: string): { start: number; end: number; link: string }[] {
  const found: { start: number; end: number; link: string }[] = [];
  LINK_ALL.lastIndex = 0;
  for (let m = LINK_ALL.exec(text); m; m = LINK_ALL.exec(text)) {
    if (/^[a-z]\.[a-z]{1,3}$/i.test(m[0])) continue;
    const link = m[0].replace(/[.,;:!?)\]}»"'،؛]+$/u, '');
    if (link) found.push({ start: m.index, end: m.index + link.length, link });
  }
  LINK_ALL.lastIndex = 0;
  return found;
}

/** The spec: "An HTML tag in SMS text is written in parentheses" — <b> becomes (b). */
export function escapeHtmlTags(text: string): string {
  return text.includes('<') ? text.replace(/<(\/?[a-zA-Z][^<>]*)>/g, '($1)') : text;
}
