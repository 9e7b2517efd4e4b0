import { hasBidiControls } from './bidi-controls.js';

/**
 * The text of an OTP format (spec: "variables are numbered placeholders starting at 0; literal
 * braces are doubled; a send must supply as many parameters as the message defines").
 * `{0}`, `{1}`, … are placeholders; `{{` and `}}` are a literal `{` and `}`; anything else between
 * braces, or a brace left alone, is an error. Shared by the server (save and send) and the client
 * (live preview), so both read a format exactly alike.
 */

/** Highest placeholder count a format may define (and a send may carry). */
export const MAX_OTP_PARAMETERS = 20;
/** Longest value one parameter may have: a code, an amount, a name — not a message of its own. */
export const MAX_OTP_PARAMETER_LENGTH = 100;

export type OtpSegment = { kind: 'text'; text: string } | { kind: 'param'; index: number };

/** Why a format's text does not parse; `at` is the 0-based offset of the offending brace. */
export type OtpTextIssue =
  | { code: 'unmatchedOpen'; at: number }
  | { code: 'unmatchedClose'; at: number }
  | { code: 'badPlaceholder'; at: number; text: string }
  | { code: 'tooManyPlaceholders'; limit: number }
  | { code: 'missingPlaceholder'; missing: number }
  | { code: 'noPlaceholder' };

export type ParsedOtpFormat = { ok: true; segments: OtpSegment[]; count: number } | { ok: false; issue: OtpTextIssue };

/** A placeholder's number: decimal digits without a leading zero (so `{01}` cannot mean `{1}`). */
const INDEX = /^(0|[1-9][0-9]{0,2})$/;

export function parseOtpFormat(text: string): ParsedOtpFormat {
  const segments: OtpSegment[] = [];
  let literal = '';
  const used = new Set<number>();
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '{') {
      if (text[i + 1] === '{') { literal += '{'; i += 2; continue; }
      const close = text.indexOf('}', i + 1);
      const nextOpen = text.indexOf('{', i + 1);
      // `{` with no `}` before the next `{` (or the end) was never closed.
      if (close < 0 || (nextOpen >= 0 && nextOpen < close)) return { ok: false, issue: { code: 'unmatchedOpen', at: i } };
      const inner = text.slice(i + 1, close);
      if (!INDEX.test(inner)) return { ok: false, issue: { code: 'badPlaceholder', at: i, text: text.slice(i, close + 1) } };
      const index = Number(inner);
      if (index >= MAX_OTP_PARAMETERS) return { ok: false, issue: { code: 'tooManyPlaceholders', limit: MAX_OTP_PARAMETERS } };
      if (literal) { segments.push({ kind: 'text', text: literal }); literal = ''; }
      segments.push({ kind: 'param', index });
      used.add(index);
      i = close + 1;
      continue;
    }
    if (c === '}') {
      if (text[i + 1] === '}') { literal += '}'; i += 2; continue; }
      return { ok: false, issue: { code: 'unmatchedClose', at: i } };
    }
    literal += c;
    i += 1;
  }
  if (literal) segments.push({ kind: 'text', text: literal });
  if (used.size === 0) return { ok: false, issue: { code: 'noPlaceholder' } };
  // Numbered from 0 without gaps: the count a send must supply is then simply the highest + 1,
  // and no parameter of a send is silently dropped.
  const count = Math.max(...used) + 1;
  for (let n = 0; n < count; n++) if (!used.has(n)) return { ok: false, issue: { code: 'missingPlaceholder', missing: n } };
  return { ok: true, segments, count };
}

export type OtpParameterIssue =
  | { code: 'countMismatch'; expected: number; actual: number }
  | { code: 'empty'; index: number }
  | { code: 'tooLong'; index: number; limit: number }
  | { code: 'controlCharacter'; index: number };

/** Control characters (line breaks included) and bidi controls: a parameter is one plain run of text. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Checks a send's parameters against a parsed format: the count first, then each value. */
export function checkOtpParameters(count: number, parameters: readonly string[]): OtpParameterIssue | null {
  if (parameters.length !== count) return { code: 'countMismatch', expected: count, actual: parameters.length };
  for (let index = 0; index < parameters.length; index++) {
    const p = parameters[index];
    if (p.trim() === '') return { code: 'empty', index };
    if ([...p].length > MAX_OTP_PARAMETER_LENGTH) return { code: 'tooLong', index, limit: MAX_OTP_PARAMETER_LENGTH };
    if (CONTROL.test(p) || hasBidiControls(p)) return { code: 'controlCharacter', index };
  }
  return null;
}

/**
 * The message: parameters put in as they are, in one pass, so braces inside a parameter stay
 * literal text and are never read as placeholders.
 */
export function renderOtpFormat(segments: readonly OtpSegment[], parameters: readonly string[]): string {
  return segments.map((s) => (s.kind === 'text' ? s.text : parameters[s.index] ?? '')).join('');
}
