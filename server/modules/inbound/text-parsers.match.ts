/**
 * What a text parser's conditions mean, pure (no database): the enum values the spec leaves out,
 * how texts are compared, the safe regular-expression subset, and the loop guard's limits.
 * Shared by the service (checks at save) and the inbound step (matching).
 */
import { foldText } from './inbox-text.js';
import { compileUserPattern, matchesUserPattern } from '../../shared/text/user-pattern.js';
import { normalizeIranMobile, toLatinDigits } from '../../shared/sms/phone-numbers.js';

export const SENDER_CONDITION_TYPES = ['Any', 'Equals', 'StartsWith', 'InPhonebook', 'NotInPhonebook'] as const;
export const IF_CONDITION_TYPES = ['Any', 'Equals', 'Contains', 'StartsWith', 'EndsWith', 'Regex', 'NumberRange'] as const;
export const THEN_CONDITION_TYPES = ['ReplyText', 'ReplyDynamicTemplate', 'AddToPhonebook', 'ForwardToMobile', 'ForwardToEmail', 'CallUrl'] as const;
export const SENT_DELAY_TYPES = ['None', 'Minute', 'Hour', 'Daily'] as const;
export type SenderConditionType = (typeof SENDER_CONDITION_TYPES)[number];
export type IfConditionType = (typeof IF_CONDITION_TYPES)[number];
export type ThenConditionType = (typeof THEN_CONDITION_TYPES)[number];
export type SentDelayType = (typeof SENT_DELAY_TYPES)[number];

/** Actions that send a text to the sender: one per inbound message across every step (handledBy). */
export const ANSWERING: readonly ThenConditionType[] = ['ReplyText', 'ReplyDynamicTemplate'];

/** The most a delay may be, per unit (a month, whatever the unit). */
export const MAX_DELAY: Record<SentDelayType, number> = { None: 0, Minute: 43_200, Hour: 720, Daily: 30 };
const UNIT_MS: Record<SentDelayType, number> = { None: 0, Minute: 60_000, Hour: 3_600_000, Daily: 86_400_000 };

export function delayMs(type: SentDelayType, value: number): number {
  return UNIT_MS[type] * Math.max(0, Math.min(value, MAX_DELAY[type]));
}

/**
 * The loop guard (CONTEXT.md "Text parsers", decided): at most `LOOP_MAX_ACTIONS` parser actions
 * for one (line, sender) within `LOOP_WINDOW_MS`; a text of at least `ECHO_MIN_LENGTH` characters
 * that equals, contains or is contained in a reply we sent that sender from that line within the
 * window is our own reply coming back (an auto-responder, another panel's parser, an echo).
 */
export const LOOP_MAX_ACTIONS = 5;
export const LOOP_WINDOW_MS = 60 * 60_000;
export const ECHO_MIN_LENGTH = 8;

/** A Regex condition reads at most this much text: a longer text does not match it. */
export const REGEX_MAX_TEXT = 1_000;

// One fold for every inbound feature (inbox-text.ts).
export { foldText };

/** `a-b` (either order of spaces, any digit script) as a range of whole numbers, or null. */
export function parseNumberRange(value: string): { from: number; to: number } | null {
  const m = /^\s*(-?\d{1,15})\s*-\s*(-?\d{1,15})\s*$/.exec(toLatinDigits(value ?? ''));
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  return from <= to ? { from, to } : null;
}

/** A sender prefix as stored senders start (`0912`, `+98912`, `912` → `98912`); digits only, or null. */
export function senderPrefix(value: string): string | null {
  const digits = toLatinDigits(value ?? '').replace(/[\s+\-]/g, '');
  if (!/^\d{1,15}$/.test(digits)) return null;
  if (digits.startsWith('0098')) return `98${digits.slice(4)}`;
  if (digits.startsWith('98')) return digits;
  if (digits.startsWith('09')) return `98${digits.slice(1)}`;
  if (digits.startsWith('9')) return `98${digits}`;
  return digits;
}

/** The sender as a mobile the parser may answer (`989XXXXXXXXX`), or null (alphanumeric, a short code, international). */
export function answerableSender(senderMobile: string): string | null {
  return /^989\d{9}$/.test(senderMobile) ? senderMobile : (normalizeIranMobile(senderMobile) ?? null);
}

/**
 * The last text folded: a message is tried against every parser of its line in turn, so it is
 * folded once rather than once per parser (50 parsers made folding the step's largest cost).
 */
let lastText: string | null = null;
let lastFolded = '';
function folded(text: string): string {
  if (text !== lastText) {
    lastFolded = foldText(text);
    lastText = text;
  }
  return lastFolded;
}

/** A text condition compiled once per parser (the regex built once, the value folded once). */
export function textMatcher(type: IfConditionType, value: string | null): (text: string) => boolean {
  const v = foldText(value ?? '');
  switch (type) {
    case 'Any': return () => true;
    case 'Equals': return (t) => folded(t) === v;
    case 'Contains': return (t) => folded(t).includes(v);
    case 'StartsWith': return (t) => folded(t).startsWith(v);
    case 'EndsWith': return (t) => folded(t).endsWith(v);
    case 'NumberRange': {
      const range = parseNumberRange(value ?? '');
      if (!range) return () => false;
      return (t) => {
        const f = folded(t).replace(/[\s,٬]/g, '');
        if (!/^-?\d{1,15}$/.test(f)) return false;
        const n = Number(f);
        return n >= range.from && n <= range.to;
      };
    }
    case 'Regex': {
      // The one check and compilation of user patterns (aggregator rules use it too).
      const re = value ? compileUserPattern(value) : null;
      if (!re) return () => false;
      return (t) => t.length <= REGEX_MAX_TEXT && matchesUserPattern(re, toLatinDigits(t.normalize('NFKC')));
    }
    default: return () => false;
  }
}

/** Whether an inbound text is one of our replies coming back (see LOOP_*). */
export function isEchoOf(text: string, replies: readonly string[]): boolean {
  const t = foldText(text);
  if (t.length < ECHO_MIN_LENGTH) return false;
  return replies.some((r) => {
    const f = foldText(r);
    return f.length >= ECHO_MIN_LENGTH && (f === t || f.includes(t) || t.includes(f));
  });
}
