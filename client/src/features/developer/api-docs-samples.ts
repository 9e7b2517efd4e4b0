/**
 * The REST API page's model: the v1 operations read from the server's OpenAPI document, and the
 * code samples (curl, Node fetch, PHP curl) built for one of them. Pure functions, so the page stays
 * a view and the samples can be checked without a browser (tests/unit/client/api-docs-samples.test.ts).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: Json[];
  default?: Json;
  examples?: Json[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface ParameterObject { $ref?: string; name?: string; in?: string; required?: boolean; schema?: SchemaObject; example?: Json; description?: string }
interface ExampleObject { summary?: string; value: Json }
interface MediaObject { schema?: SchemaObject; examples?: Record<string, ExampleObject> }

export interface OpenApiOperationDoc {
  operationId: string;
  summary?: string;
  description?: string;
  'x-summary-fa'?: string;
  'x-description-fa'?: string;
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, MediaObject> };
  responses?: Record<string, { content?: Record<string, MediaObject> }>;
}

export interface OpenApiDoc {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperationDoc>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

/** One row of the parameters / body fields table. */
export interface FieldRow {
  name: string;
  /** `path`, `query` or `body`. */
  in: string;
  type: string;
  required: boolean;
  /** Limits as text: `1..100`, `≤ 5000 chars`, `Single | Bulk`. */
  rules: string;
  description: string;
}

export interface V1Operation {
  method: string;
  /** The document's path, e.g. `/v1/messages/{id}`. */
  path: string;
  operationId: string;
  summary: { en: string; fa: string };
  description: { en: string; fa: string };
  fields: FieldRow[];
  pathValues: Record<string, Json>;
  queryValues: Record<string, Json>;
  /** Body examples by name (`fa`, `en`, …); absent for calls without a body. */
  bodies?: Record<string, Json>;
  /** An answer example (the whole envelope), for the page's "sample answer". */
  answer?: Json;
}

const METHODS = ['get', 'post', 'put', 'delete'];

function resolve(doc: OpenApiDoc, schema: SchemaObject | undefined): SchemaObject {
  if (schema?.$ref) return doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] ?? {};
  return schema ?? {};
}

function typeOf(s: SchemaObject): string {
  if (s.enum) return 'enum';
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes('array')) return `${typeOf(s.items ?? {})}[]`;
  return types.join(' | ') || 'any';
}

function rulesOf(s: SchemaObject): string {
  const parts: string[] = [];
  if (s.enum) parts.push(s.enum.map(String).join(' | '));
  if (s.minimum !== undefined || s.maximum !== undefined) parts.push(`${s.minimum ?? ''}..${s.maximum ?? ''}`);
  if (s.minLength !== undefined) parts.push(`≥ ${s.minLength}`);
  if (s.maxLength !== undefined) parts.push(`≤ ${s.maxLength}`);
  if (s.minItems !== undefined || s.maxItems !== undefined) parts.push(`[${s.minItems ?? 0}..${s.maxItems ?? ''}]`);
  if (s.default !== undefined) parts.push(`= ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

function bodyRows(schema: SchemaObject, prefix = ''): FieldRow[] {
  const required = new Set(schema.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    rows.push({ name: `${prefix}${name}`, in: 'body', type: typeOf(prop), required: required.has(name), rules: rulesOf(prop), description: prop.description ?? '' });
    // One level into arrays of objects (`messages[].to`): deeper shapes are the full document's business.
    if (!prefix && prop.items?.properties) rows.push(...bodyRows(prop.items, `${name}[].`));
  }
  return rows;
}

/** The v1 operations of the document, in its order: whatever the server mounts under `/v1/` shows up. */
export function v1Operations(doc: OpenApiDoc): V1Operation[] {
  const out: V1Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/v1/')) continue;
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const fields: FieldRow[] = [];
      const pathValues: Record<string, Json> = {};
      const queryValues: Record<string, Json> = {};
      for (const p of op.parameters ?? []) {
        // $ref parameters are the shared `culture` (and the session's c-org-id): not the caller's data.
        if (p.$ref || !p.name || (p.in !== 'path' && p.in !== 'query')) continue;
        const schema = p.schema ?? {};
        fields.push({ name: p.name, in: p.in, type: typeOf(schema), required: !!p.required, rules: rulesOf(schema), description: p.description ?? schema.description ?? '' });
        const value = p.example ?? schema.examples?.[0];
        if (p.in === 'path') pathValues[p.name] = value ?? schema.default ?? 1;
        else if (value !== undefined) queryValues[p.name] = value;
      }
      const media = op.requestBody?.content['application/json'];
      let bodies: Record<string, Json> | undefined;
      if (media) {
        fields.push(...bodyRows(resolve(doc, media.schema)));
        bodies = Object.fromEntries(Object.entries(media.examples ?? {}).map(([name, e]) => [name, e.value]));
        if (Object.keys(bodies).length === 0) bodies = { default: {} };
      }
      const answers = op.responses?.['200']?.content?.['application/json']?.examples ?? {};
      const [fallbackSummary, fallbackDescription] = [op.summary ?? `${method.toUpperCase()} ${path}`, op.description ?? ''];
      out.push({
        method: method.toUpperCase(), path, operationId: op.operationId, fields, pathValues, queryValues, bodies,
        answer: (answers.en ?? Object.values(answers)[0])?.value,
        summary: { en: fallbackSummary, fa: op['x-summary-fa'] ?? fallbackSummary },
        description: { en: englishPart(fallbackDescription), fa: op['x-description-fa'] ?? fallbackDescription },
      });
    }
  }
  return out;
}

/** The document's descriptions lead with English and carry a `فارسی: …` paragraph; the English page shows only the first part. */
function englishPart(description: string): string {
  return description.split('\n\nفارسی: ')[0] ?? description;
}

/** `English. / فارسی.` (the document's bilingual one-liners): the part in the page's language. */
export function inLanguage(text: string, persian: boolean): string {
  const at = text.indexOf(' / ');
  if (at < 0 || !/[\u0600-\u06FF]/.test(text.slice(at))) return text;
  return persian ? text.slice(at + 3).trim() : text.slice(0, at).trim();
}

export interface SampleInput {
  /** Absolute API root, e.g. `https://panel.example.com/api`. */
  apiBase: string;
  apiKey: string;
  /** The user's line id, put into a body's top-level `line`. */
  line: number | null;
  /** Which body example (`fa`/`en`), falling back to the first. */
  language: 'fa' | 'en';
}

export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

export interface Request { method: string; url: string; body?: Json }

export function requestOf(op: V1Operation, input: SampleInput): Request {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(op.pathValues[name] ?? '')));
  const query = new URLSearchParams(Object.entries(op.queryValues).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const url = `${input.apiBase.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
  if (!op.bodies) return { method: op.method, url };
  let body = op.bodies[input.language] ?? Object.values(op.bodies)[0] ?? {};
  if (input.line !== null && body && typeof body === 'object' && !Array.isArray(body) && 'line' in body) body = { ...body, line: input.line };
  return { method: op.method, url, body };
}

/** A POSIX shell single-quoted word: `'` becomes `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSample(op: V1Operation, input: SampleInput): string {
  const r = requestOf(op, input);
  const lines = [`curl -sS -X ${r.method} ${shellQuote(r.url)}`, `  -H ${shellQuote(`x-api-key: ${input.apiKey || KEY_PLACEHOLDER}`)}`];
  if (r.body !== undefined) {
    lines.push(`  -H 'content-type: application/json'`);
    lines.push(`  --data-raw ${shellQuote(JSON.stringify(r.body))}`);
  }
  return lines.join(' \\\n');
}

function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

export function nodeSample(op: V1Operation, input: SampleInput): string {
  const r = requestOf(op, input);
  const headers = [`'x-api-key': ${jsString(input.apiKey || KEY_PLACEHOLDER)}`, ...(r.body !== undefined ? [`'content-type': 'application/json'`] : [])];
  const init = [`  method: '${r.method}',`, `  headers: { ${headers.join(', ')} },`];
  if (r.body !== undefined) init.push(`  body: JSON.stringify(${JSON.stringify(r.body, null, 2).replace(/\n/g, '\n  ')}),`);
  return [
    '// Node.js 18+ (global fetch); save as an .mjs file for top-level await.',
    `const response = await fetch(${jsString(r.url)}, {`,
    ...init,
    '});',
    'const answer = await response.json();',
    'if (!answer.isSucceed) throw new Error(`${response.status} ${answer.message}`);',
    'console.log(answer.data);',
  ].join('\n');
}

function phpString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A PHP array literal of a JSON value, so the sample reads as PHP rather than as an embedded JSON string. */
export function phpValue(value: Json, indent = ''): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return phpString(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${phpValue(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  // An empty PHP array encodes as [], not {}: an empty body object has to be said explicitly.
  if (entries.length === 0) return 'new stdClass()';
  return `[\n${entries.map(([k, v]) => `${inner}${phpString(k)} => ${phpValue(v, inner)},`).join('\n')}\n${indent}]`;
}

export function phpSample(op: V1Operation, input: SampleInput): string {
  const r = requestOf(op, input);
  const headers = [`'x-api-key: ' . ${phpString(input.apiKey || KEY_PLACEHOLDER)}`, ...(r.body !== undefined ? [`'content-type: application/json'`] : [])];
  const options = [
    '    CURLOPT_RETURNTRANSFER => true,',
    `    CURLOPT_CUSTOMREQUEST => '${r.method}',`,
    `    CURLOPT_HTTPHEADER => [${headers.join(', ')}],`,
  ];
  if (r.body !== undefined) options.push(`    CURLOPT_POSTFIELDS => json_encode(${phpValue(r.body, '    ')}, JSON_UNESCAPED_UNICODE),`);
  return [
    '<?php',
    '// PHP 7.4+ with the curl extension.',
    `$ch = curl_init(${phpString(r.url)});`,
    'curl_setopt_array($ch, [',
    ...options,
    ']);',
    '$body = curl_exec($ch);',
    "if ($body === false) { throw new RuntimeException(curl_error($ch)); }",
    '$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
    'curl_close($ch);',
    '$answer = json_decode($body, true);',
    "if (!$answer['isSucceed']) { throw new RuntimeException($status . ' ' . $answer['message']); }",
    "print_r($answer['data']);",
  ].join('\n');
}

export const SAMPLE_KINDS = ['curl', 'node', 'php'] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

export function sampleOf(kind: SampleKind, op: V1Operation, input: SampleInput): string {
  if (kind === 'curl') return curlSample(op, input);
  if (kind === 'node') return nodeSample(op, input);
  return phpSample(op, input);
}
