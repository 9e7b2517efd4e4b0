/**
 * The placeholder syntax of dynamic templates and saved patterns: `{name}` names a field (letters,
 * digits, underscore; a letter first); `{{` and `}}` are literal braces; any other brace is text.
 * No imports: the server's renderer (messaging compose/dynamic-template.ts) and the panel's live
 * preview of a pattern read a template with this one parser, so they never disagree on it.
 */

export type TemplatePart = string | { name: string };

const TOKEN = /\{\{|\}\}|\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** The template cut into literal text and placeholders. */
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

/** The placeholders' names as written (for a message naming an unknown one). */
export function placeholderNames(parts: readonly TemplatePart[]): string[] {
  return [...new Set(parts.filter((p): p is { name: string } => typeof p !== 'string').map((p) => p.name))];
}
