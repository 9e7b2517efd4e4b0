import { toLatinDigits } from '../../shared/sms/phone-numbers.js';
import { NUMBER_CLASS_OPERATORS, type NumberClassOperator } from '../../shared/lines/line-catalogue.js';

/**
 * Number classes against line numbers (CONTEXT.md "Number classes"): pure, so the job, "check
 * now" and the unit tests share one rule.
 */

/** A number pattern as written: a prefix (`3000`) or an inclusive range of equal length (`10001000-10001999`). */
export type NumberPattern =
  | { kind: 'prefix'; text: string; prefix: string }
  | { kind: 'range'; text: string; from: string; to: string };

const PREFIX = /^[1-9][0-9]{0,11}$/;
const RANGE_END = /^[1-9][0-9]{2,11}$/;

/** The pattern in `input` (Persian or Arabic digits read as Latin), or null when it is neither form. */
export function parseNumberPattern(input: string): NumberPattern | null {
  const s = toLatinDigits(input).trim();
  if (PREFIX.test(s)) return { kind: 'prefix', text: s, prefix: s };
  const dash = s.indexOf('-');
  if (dash <= 0) return null;
  const from = s.slice(0, dash).trim();
  const to = s.slice(dash + 1).trim();
  // Equal length keeps the comparison a string comparison, and a range means "these numbers of this
  // length", which is how operators publish them.
  if (!RANGE_END.test(from) || !RANGE_END.test(to) || from.length !== to.length || from > to) return null;
  return { kind: 'range', text: `${from}-${to}`, from, to };
}

/** How many numbers of the line's length the pattern covers when it matches; null when it does not. */
function widthFor(pattern: NumberPattern, number: string): number | null {
  if (pattern.kind === 'prefix') return number.startsWith(pattern.prefix) ? 10 ** (number.length - pattern.prefix.length) : null;
  if (number.length !== pattern.from.length || number < pattern.from || number > pattern.to) return null;
  return Number(pattern.to) - Number(pattern.from) + 1;
}

export interface MatchableClass {
  id: number;
  title: string;
  operatorClasses: Partial<Record<string, string>>;
  /** As stored: normalized pattern texts. */
  patterns: readonly string[];
}

/** One operator's class of a line, as a check records it. */
export interface LineClass {
  operator: NumberClassOperator;
  numberClassId: number;
  title: string;
  /** The operator's own name or code of the class. */
  operatorClass: string;
}

/**
 * Per operator, the class that lists the operator and has the narrowest pattern matching the
 * number; on equal width the older class (lower id). Operators without a match are left out, so
 * an empty answer is "no class".
 */
export function classesOfNumber(number: string | null | undefined, classes: readonly MatchableClass[]): LineClass[] {
  if (!number) return [];
  const parsed = classes.map((c) => ({ c, patterns: c.patterns.map(parseNumberPattern).filter((p): p is NumberPattern => p !== null) }));
  const out: LineClass[] = [];
  for (const operator of NUMBER_CLASS_OPERATORS) {
    let best: { c: MatchableClass; width: number } | null = null;
    for (const { c, patterns } of parsed) {
      if (!c.operatorClasses[operator]?.trim()) continue;
      for (const p of patterns) {
        const width = widthFor(p, number);
        if (width === null) continue;
        if (!best || width < best.width || (width === best.width && c.id < best.c.id)) best = { c, width };
      }
    }
    if (best) out.push({ operator, numberClassId: best.c.id, title: best.c.title, operatorClass: best.c.operatorClasses[operator]!.trim() });
  }
  return out;
}
