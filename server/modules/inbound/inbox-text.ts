/**
 * How an inbound message's sender and line number are read. Encoding and parts come from the
 * shared SMS rules (`server/shared/sms`), so an inbound part counts exactly like an outbound one.
 */
import { normalizeIranMobile, toLatinDigits } from '../../shared/sms/phone-numbers.js';

/** An Iranian mobile in any usual form becomes 989XXXXXXXXX; anything else is kept as the gateway gave it. */
export function normalizeSender(from: string): string {
  const raw = from.trim();
  return normalizeIranMobile(raw) ?? raw;
}

/** The forms a line number may arrive in (as is, digits only, without the country prefix), best first. */
export function receiverCandidates(to: string): string[] {
  const raw = to.trim();
  const digits = toLatinDigits(raw).replace(/\D/g, '');
  const out = [raw, digits];
  const local = /^(?:0098|98)(\d{3,})$/.exec(digits);
  if (local) out.push(local[1]);
  return [...new Set(out.filter((s) => s !== ''))];
}

/** The opt-out words after normalization: Persian «لغو», «11» (in any digit script) and English STOP. */
const OPT_OUT_WORDS = new Set(['لغو', '11', 'stop']);

/**
 * Whether a whole inbound text is an opt-out: trimmed, any case, Persian/Arabic digits and the
 * Arabic letter variants (ي ك, presentation forms, tatweel, diacritics, invisible marks) folded,
 * punctuation and symbols around it ignored. A text that merely contains the word is not one:
 * «لغو جلسه» or "don't stop" must not silence a subscriber.
 */
export function isOptOutText(text: string): boolean {
  if (typeof text !== 'string' || text.length > 100) return false;
  return OPT_OUT_WORDS.has(foldText(text).replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, ''));
}

/**
 * A text as words are compared in it (opt-out words, inbox rules' keywords): NFKC, Persian/Arabic
 * digits to ASCII, the Arabic letter variants (ي ى ك) to the Persian ones, tatweel, diacritics and
 * invisible marks dropped, lower case, runs of white space as one space, trimmed.
 */
export function foldText(text: string): string {
  return toLatinDigits(text.normalize('NFKC'))
    .replace(/[\u064a\u0649]/g, '\u06cc')
    .replace(/\u0643/g, '\u06a9')
    .replace(/[\u0640\u064b-\u065f\u0670\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
