/**
 * Mobile numbers: normalization of every Iranian form and digit script to `989XXXXXXXXX`,
 * international numbers, extraction from free text, and splitting of recipient lists.
 * Only imports operator-prefixes.ts, so the browser client can use it as well.
 * The hot path (parseRecipient) is a character loop: the send engine runs it on a million
 * numbers per upload.
 */
import { operatorOfNumber, type MobileOperator } from './operator-prefixes.js';

export type { MobileOperator } from './operator-prefixes.js';

/** Persian (U+06F0..) and Arabic-Indic (U+0660..) digits to ASCII. */
export function toLatinDigits(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x06f0 && c <= 0x06f9) out += String.fromCharCode(c - 0x06f0 + 48);
    else if (c >= 0x0660 && c <= 0x0669) out += String.fromCharCode(c - 0x0660 + 48);
    else out += s[i];
  }
  return out;
}

/** Separators people type inside a number: spaces, dashes, dots, parentheses, invisible marks. */
function isFiller(c: number): boolean {
  return c === 32 || c === 45 || c === 46 || c === 40 || c === 41 || c === 9 || c === 0xa0 || c === 0x2010 || c === 0x2011 || c === 0x2013 || c === 0x2212
    || (c >= 0x200b && c <= 0x200f) || c === 0x202a || c === 0x202b || c === 0x202c || c === 0x202d || c === 0x202e || c === 0xfeff || c === 0x2066 || c === 0x2067 || c === 0x2068 || c === 0x2069;
}

/**
 * Digits of a token with fillers dropped, and whether it began with '+'. Null when anything else
 * (a letter, a second '+') is in it.
 */
function digitsOf(token: string): { digits: string; plus: boolean } | null {
  let digits = '';
  let plus = false;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 48 && c <= 57) digits += token[i];
    else if (c >= 0x06f0 && c <= 0x06f9) digits += String.fromCharCode(c - 0x06f0 + 48);
    else if (c >= 0x0660 && c <= 0x0669) digits += String.fromCharCode(c - 0x0660 + 48);
    else if (c === 43 && digits.length === 0 && !plus) plus = true;
    else if (!isFiller(c)) return null;
  }
  return { digits, plus };
}

/** The national part (9XXXXXXXXX) of an Iranian mobile given in any of its forms, or null. */
function iranNational(digits: string, plus: boolean): string | null {
  let d = digits;
  if (plus) {
    if (!d.startsWith('98')) return null;
    d = d.slice(2);
  } else if (d.startsWith('0098')) d = d.slice(4);
  else if (d.startsWith('98') && d.length === 12) d = d.slice(2);
  if (d.length === 11 && d.startsWith('09')) d = d.slice(1);
  if (d.length === 10 && d.charCodeAt(0) === 57) return d;
  return null;
}

export function normalizeIranMobile(input: string): string | null {
  const parsed = digitsOf(input.trim());
  if (!parsed) return null;
  const national = iranNational(parsed.digits, parsed.plus);
  return national ? `98${national}` : null;
}

/** An Iranian mobile as `98…`, or another country's number given with `+` or `00` (8 to 15 digits). */
export function normalizeMobile(input: string): { number: string; international: boolean } | null {
  const parsed = digitsOf(input.trim());
  if (!parsed || parsed.digits.length === 0) return null;
  const national = iranNational(parsed.digits, parsed.plus);
  if (national) return { number: `98${national}`, international: false };
  let d = parsed.digits;
  if (!parsed.plus) {
    if (!d.startsWith('00')) return null;
    d = d.slice(2);
  }
  if (d.startsWith('98') || d.startsWith('0') || d.length < 8 || d.length > 15) return null;
  return { number: d, international: true };
}

export function operatorOf(normalized: string): MobileOperator {
  return operatorOfNumber(normalized);
}

function allDigits(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function plainForm(t: string): string | null {
  if (t.length === 11 && t.charCodeAt(0) === 48 && t.charCodeAt(1) === 57 && allDigits(t, 2)) return `98${t.slice(1)}`;
  if (t.length === 12 && t.startsWith('989') && allDigits(t, 3)) return t;
  if (t.length === 13 && t.startsWith('+989') && allDigits(t, 4)) return t.slice(1);
  return null;
}

/** The ingest hot path: one token → normalized number and operator, or null. */
export function parseRecipient(token: string): { number: string; operator: MobileOperator } | null {
  // Fast paths for the forms most lists are made of (09…, 989…, +989… in ASCII digits).
  const fast = plainForm(token);
  if (fast) return { number: fast, operator: operatorOfNumber(fast) };
  const n = normalizeMobile(token);
  return n ? { number: n.number, operator: operatorOfNumber(n.number) } : null;
}

/** Splits a typed or pasted list by newline, semicolon, comma (Latin or Persian) and tab. */
export function splitRecipients(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (c === 10 || c === 13 || c === 59 || c === 44 || c === 0x060c || c === 9 || c === 0x061b) {
      const token = text.slice(start, i).trim();
      if (token) out.push(token);
      start = i + 1;
    }
  }
  return out;
}

/**
 * Numbers inside free text ("call ۰۹۱۲ ۳۴۵ ۶۷۸۹ or +44 7700 900123"): runs of digits with the
 * fillers people put inside numbers. Runs of 7+ digits that are not valid numbers are the invalid
 * remainder; shorter digit runs (prices, years) are ordinary text.
 */
export function extractNumbers(text: string): { iranian: string[]; global: string[]; invalid: string[] } {
  const iranian: string[] = [];
  const global: string[] = [];
  const invalid: string[] = [];
  const latin = toLatinDigits(text);
  const pattern = /\+?\d[\d\s\-.()\u200c\u200f\u200e]*\d/g;
  for (const match of latin.matchAll(pattern)) {
    const token = match[0].trim();
    const digitCount = token.replace(/\D/g, '').length;
    if (digitCount < 7) continue;
    const n = normalizeMobile(token);
    if (!n) invalid.push(token);
    else (n.international ? global : iranian).push(n.number);
  }
  return { iranian, global, invalid };
}
