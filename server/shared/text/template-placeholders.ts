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
  return scan(template, TOKEN, '{', '}');
}

/**
 * One scanner for both syntaxes: `token` matches a doubled opener, a doubled closer (each one
 * literal character) or a placeholder whose name is group 1.
 */
function scan(template: string, token: RegExp, open: string, close: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  let literal = '';
  for (const m of template.matchAll(token)) {
    literal += template.slice(last, m.index);
    last = (m.index ?? 0) + m[0].length;
    if (m[0] === open + open) literal += open;
    else if (m[0] === close + close) literal += close;
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

/**
 * A dynamic template's `format` (the spec names the field only; decided in messaging's CONTEXT.md):
 * the placeholder syntax its `customText` is written in. `Braces` is the syntax above; `Brackets`
 * writes `[name]` with `[[`/`]]` for literal brackets, for texts that need literal braces.
 */
export const TEMPLATE_FORMATS = ['Braces', 'Brackets'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

const BRACKET_TOKEN = /\[\[|\]\]|\[([A-Za-z][A-Za-z0-9_]*)\]/g;

/** A text in the given format cut into literal text and placeholders. */
export function parseTemplateIn(format: TemplateFormat, template: string): TemplatePart[] {
  return format === 'Braces' ? parseTemplate(template) : scan(template, BRACKET_TOKEN, '[', ']');
}

/** Parts written back in the Braces syntax (literal braces doubled): what a pattern or a dynamic send reads. */
export function toBraces(parts: readonly TemplatePart[]): string {
  return parts.map((p) => (typeof p === 'string' ? p.replace(/\{/g, '{{').replace(/\}/g, '}}') : `{${p.name}}`)).join('');
}
