/**
 * Regular expressions a user types (aggregator rules, text parsers' Regex condition), written
 * without slashes as the spec says. They run on every inbound message of a line, in the store
 * transaction, so a pattern that can backtrack for ever would stall every line of the server:
 * patterns are refused at save when long or when a quantified group itself holds a quantifier or an
 * alternation (the shapes of catastrophic backtracking: `(a+)+`, `(a|aa)*`, `(.*)*`), and
 * backreferences and lookbehinds are refused (they defeat the check). Texts are matched on their
 * first MATCH_TEXT_LIMIT characters only.
 */
export const USER_PATTERN_MAX_LENGTH = 200;
export const MATCH_TEXT_LIMIT = 1_600;

export type UserPatternRefusal = 'empty' | 'tooLong' | 'invalid' | 'slashes' | 'unsafe';

/** Why a pattern is refused, or null when it may be saved. */
export function userPatternRefusal(pattern: string): UserPatternRefusal | null {
  const p = pattern.trim();
  if (p === '') return 'empty';
  if (p.length > USER_PATTERN_MAX_LENGTH) return 'tooLong';
  // The spec: the pattern is written without slashes; `/abc/i` is someone pasting a JS literal.
  if (/^\/.*\/[a-z]*$/.test(p) && p.length > 1) return 'slashes';
  try {
    new RegExp(p, 'iu');
  } catch {
    return 'invalid';
  }
  if (/\\[1-9]|\\k<|\(\?<[=!]/.test(p)) return 'unsafe';
  if (hasNestedQuantifier(p)) return 'unsafe';
  return null;
}

/** A group followed by a quantifier whose body holds a quantifier or an alternation. */
function hasNestedQuantifier(p: string): boolean {
  const stack: { quantified: boolean; alternation: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') { i++; continue; }
    if (inClass) { if (c === ']') inClass = false; continue; }
    if (c === '[') { inClass = true; continue; }
    if (c === '(') { stack.push({ quantified: false, alternation: false }); continue; }
    const top = stack[stack.length - 1];
    if (c === '|') { if (top) top.alternation = true; continue; }
    if (c === ')') {
      const group = stack.pop();
      const next = p[i + 1];
      const quantifiedGroup = next === '*' || next === '+' || next === '{';
      if (group && quantifiedGroup && (group.quantified || group.alternation)) return true;
      // A group's quantifiers count for the group around it.
      const outer = stack[stack.length - 1];
      if (outer && group && (group.quantified || quantifiedGroup)) outer.quantified = true;
      continue;
    }
    if ((c === '*' || c === '+' || c === '{') && top) top.quantified = true;
  }
  return false;
}

/** A word boundary for every script: JavaScript's `\b` knows only ASCII words, so «^کافه\b» would never match. */
const UNICODE_BOUNDARY = '(?:(?<=[\\p{L}\\p{N}\\p{M}_])(?![\\p{L}\\p{N}\\p{M}_])|(?<![\\p{L}\\p{N}\\p{M}_])(?=[\\p{L}\\p{N}\\p{M}_]))';

/** `\b` outside character classes becomes a boundary of Persian words as well as Latin ones. */
function withUnicodeBoundaries(p: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      const next = p[i + 1] ?? '';
      out += !inClass && next === 'b' ? UNICODE_BOUNDARY : c + next;
      i++;
      continue;
    }
    if (inClass) { if (c === ']') inClass = false; }
    else if (c === '[') inClass = true;
    out += c;
  }
  return out;
}

/** The compiled pattern (case-insensitive, Unicode, word boundaries of every script), or null when it would be refused. */
export function compileUserPattern(pattern: string): RegExp | null {
  if (userPatternRefusal(pattern) !== null) return null;
  return new RegExp(withUnicodeBoundaries(pattern.trim()), 'iu');
}

/** Whether the text matches (on its first MATCH_TEXT_LIMIT characters). */
export function matchesUserPattern(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  return re.test(text.length > MATCH_TEXT_LIMIT ? text.slice(0, MATCH_TEXT_LIMIT) : text);
}
