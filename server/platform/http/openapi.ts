import { cultureQueryProperty, type ApiExample, type RegisteredRoute, type RouteDocs } from './router.js';

/** The parts of an OpenAPI 3.1 document this generator writes (loosely typed: it is served as JSON). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, unknown>;
    parameters: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters: unknown[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown; examples?: Record<string, ApiExample> }> };
  responses: Record<string, unknown>;
  'x-claim'?: string;
  /** The Persian summary and description (`summary`/`description` lead with English), for clients that show one language. */
  'x-summary-fa'?: string;
  'x-description-fa'?: string;
}

export interface OpenApiOptions {
  version: string;
  /** Where the API router is mounted, as the document's server URL. */
  basePath: string;
}

type JsonObject = Record<string, unknown>;

const ENVELOPE_SCHEMA = {
  type: 'object',
  description: 'Every JSON answer of the API. / قالب همهٔ پاسخ‌های JSON.',
  properties: {
    isSucceed: { type: 'boolean' },
    data: { description: 'The result; absent or null when there is none. / نتیجه.' },
    message: { type: 'string', description: 'A message in the request culture. / پیام به زبان درخواست.' },
    validationErrors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { propertyName: { type: 'string' }, message: { type: 'string' } },
        required: ['propertyName', 'message'],
      },
    },
  },
  required: ['isSucceed'],
} as const;

/** The error statuses the platform answers (errors.ts, http-app.ts), with both languages. */
const ERROR_RESPONSES: Record<string, string> = {
  400: 'Bad input: validationErrors names each field. / ورودی نادرست؛ validationErrors هر فیلد را نام می‌برد.',
  401: 'No session or an expired one. / نشست وجود ندارد یا منقضی شده است.',
  403: 'The session lacks the claim, or the account must change its password. / دسترسی لازم وجود ندارد.',
  404: 'Not found. / پیدا نشد.',
  413: 'The body is larger than the limit. / بدنهٔ درخواست بزرگ‌تر از حد مجاز است.',
  429: 'Too many requests; retry later. / درخواست‌های بیش از حد؛ بعداً تلاش کنید.',
  500: 'Server error. / خطای سرور.',
};

const DESCRIPTION = [
  'Peyk bulk SMS panel API. Every answer is the envelope `{isSucceed, data?, message?, validationErrors?}`;',
  'a signed-in call sends `Authorization: Bearer <access token>` (from `POST /Account/Login`) and may name',
  'the organization it works in with the `c-org-id` header. `culture=en` (query) gives English messages,',
  'anything else Persian. "Submitted" never means "delivered": delivery arrives later as a status.',
  '',
  'رابط برنامه‌نویسی پنل پیامک انبوه پیک. هر پاسخ در قالب `{isSucceed, data?, message?, validationErrors?}` است؛',
  'فراخوانی‌هایی که ورود لازم دارند سرآیند `Authorization: Bearer <توکن دسترسی>` (از `POST /Account/Login`) را',
  'می‌فرستند و می‌توانند سازمان را با سرآیند `c-org-id` انتخاب کنند. `culture=en` پیام‌ها را انگلیسی و هر مقدار',
  'دیگری فارسی می‌کند. «ثبت شد» هرگز به معنای «تحویل شد» نیست: وضعیت تحویل بعداً می‌رسد.',
].join('\n');

/**
 * A body example made from the schema when the route gives none: each property's own `examples`,
 * `default`, `const` or first `enum` value, else a value of its type. Optional properties appear
 * only with an example of their own, so the result is the smallest body the schema accepts in shape.
 */
export function exampleFromSchema(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      const p = (prop ?? {}) as Record<string, unknown>;
      if (required.has(name) || (Array.isArray(p.examples) && p.examples.length > 0)) out[name] = exampleFromSchema(p);
    }
    return out;
  }
  if (type === 'array') return [exampleFromSchema(s.items)];
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
  if (type === 'boolean') return true;
  if (type === 'string') return s.format === 'mobile' ? '09121234567' : 'string';
  return null;
}

function parameterExample(name: string, schema: unknown, docs: RouteDocs | undefined): { example?: unknown } {
  if (docs?.parameterExamples && name in docs.parameterExamples) return { example: docs.parameterExamples[name] };
  const examples = (schema as { examples?: unknown[] } | undefined)?.examples;
  return Array.isArray(examples) && examples.length > 0 ? { example: examples[0] } : {};
}

/** `/Users/Get/:id` → `/Users/Get/{id}` */
export function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function pathParamNames(expressPath: string): string[] {
  return [...expressPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

function operationIdOf(method: string, path: string): string {
  const words = path.split('/').filter(Boolean).map((w) => w.replace(/^:/, 'by_').replace(/[^A-Za-z0-9]/g, '_'));
  return [method.toLowerCase(), ...words].join('_');
}

/** The route schemas are shared `as const` objects: the document gets its own deep copy. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

function propertiesOf(schema: unknown): { properties: Record<string, unknown>; required: Set<string> } {
  const s = (schema ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
  return { properties: s.properties ?? {}, required: new Set(s.required ?? []) };
}

/**
 * The OpenAPI 3.1 document of the registered routes: a pure function of the router's registry, so a
 * new route appears in it without anyone listing it. Body, query and params come from the very ajv
 * schemas the router validates with (OpenAPI 3.1 schemas are JSON Schema 2020-12, a superset of the
 * draft-07 subset the routes use).
 */
export function buildOpenApiDocument(routes: RegisteredRoute[], options: OpenApiOptions): OpenApiDocument {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'Peyk API — رابط برنامه‌نویسی پیک', version: options.version, description: DESCRIPTION },
    servers: [{ url: options.basePath }],
    tags: [],
    paths: {},
    components: {
      schemas: { Envelope: copy(ENVELOPE_SCHEMA) },
      responses: {},
      parameters: {
        culture: {
          name: 'culture', in: 'query', required: false,
          description: 'Language of messages: `en…` English, anything else Persian. / زبان پیام‌ها: `en` انگلیسی، در غیر این صورت فارسی.',
          schema: copy(cultureQueryProperty),
        },
        orgId: {
          name: 'c-org-id', in: 'header', required: false,
          description: 'The organization the call works in (default: the user\'s own). / سازمانی که فراخوانی در آن انجام می‌شود.',
          schema: { type: 'string', pattern: '^\\d{1,10}$' },
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
  const envelopeRef = { $ref: '#/components/schemas/Envelope' };
  doc.components.responses.Success = { description: 'Succeeded. / انجام شد.', content: { 'application/json': { schema: envelopeRef } } };
  for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
    doc.components.responses[`Error${status}`] = { description, content: { 'application/json': { schema: envelopeRef } } };
  }

  const tags = new Set<string>();
  for (const { controller, route, path } of routes) {
    const tag = controller.module ?? 'platform';
    tags.add(tag);
    const method = route.method.toLowerCase();
    const operationId = operationIdOf(route.method, path);
    const isPublic = route.auth === 'public';
    const parameters: unknown[] = [];

    const docs = route.docs;
    // A controller with its own scheme (an API key) acts in the key's organization: c-org-id is the session's.
    const ownScheme = isPublic ? undefined : controller.security;
    if (ownScheme) doc.components.securitySchemes[ownScheme.name] = copy(ownScheme.scheme);

    const params = propertiesOf(route.params);
    for (const name of pathParamNames(path)) {
      const schema = params.properties[name] ?? { type: 'string' };
      parameters.push({ name, in: 'path', required: true, schema: copy(schema), ...parameterExample(name, schema, docs) });
    }
    const query = propertiesOf(route.query);
    for (const [name, schema] of Object.entries(query.properties)) {
      if (name === 'culture') continue;
      parameters.push({ name, in: 'query', required: query.required.has(name), schema: copy(schema), ...parameterExample(name, schema, docs) });
    }
    parameters.push({ $ref: '#/components/parameters/culture' });
    if (!isPublic && !ownScheme) parameters.push({ $ref: '#/components/parameters/orgId' });

    const responses: Record<string, unknown> = { 200: { $ref: '#/components/responses/Success' } };
    const errorStatuses = ['400', ...(isPublic ? [] : ['401', '403']), '404', ...(route.body ? ['413'] : []), '429', '500'];
    for (const status of errorStatuses) responses[status] = { $ref: `#/components/responses/Error${status}` };

    // A declared answer: the envelope with `data` of the route's answer schema (`<operationId>_answer`).
    let successSchema: unknown = envelopeRef;
    if (route.answer) {
      const answerName = `${operationId}_answer`;
      doc.components.schemas[answerName] = copy(route.answer);
      successSchema = { allOf: [envelopeRef, { type: 'object', properties: { data: { $ref: `#/components/schemas/${answerName}` } } }] };
      responses[200] = { description: 'Succeeded. / انجام شد.', content: { 'application/json': { schema: successSchema } } };
    }

    for (const [status, examples] of Object.entries(docs?.responseExamples ?? {})) {
      const shared = status === '200' ? 'Succeeded. / انجام شد.' : ERROR_RESPONSES[status] ?? `HTTP ${status}`;
      const schema = status === '200' ? successSchema : envelopeRef;
      responses[status] = { description: shared, content: { 'application/json': { schema, examples: copy(examples) } } };
    }

    const claim = isPublic ? undefined : route.claim;
    const who = ownScheme ? `Authenticated by \`${ownScheme.name}\` (acts as its user)` : 'Signed in';
    const whoFa = ownScheme ? `با \`${ownScheme.name}\` (به جای کاربر آن)` : 'نیازمند ورود';
    const access = isPublic
      ? 'Public: no session. / عمومی: بدون ورود.'
      : claim
        ? `${who}, with the claim \`${claim}\`. / ${whoFa}، با دسترسی \`${claim}\`.`
        : ownScheme ? `${who}. / ${whoFa}.` : 'Any signed-in user. / هر کاربر واردشده.';
    const notes = [
      ...(docs?.description ? [`${docs.description.en}\n\nفارسی: ${docs.description.fa}`] : []),
      access,
      ...(route.rawBody ? ['The body is read as the caller sends it (not JSON-validated). / بدنه همان‌گونه که فرستاده شده خوانده می‌شود.'] : []),
    ];
    const operation: OpenApiOperation = {
      operationId,
      tags: [tag],
      summary: docs?.summary?.en ?? `${controller.name ? `${controller.name} ` : ''}${route.action}`,
      description: notes.join('\n\n'),
      security: isPublic ? [] : [{ [ownScheme?.name ?? 'bearer']: [] }],
      parameters,
      responses,
    };
    if (claim) operation['x-claim'] = claim;
    if (docs?.summary) operation['x-summary-fa'] = docs.summary.fa;
    if (docs?.description) operation['x-description-fa'] = docs.description.fa;
    if (route.body) {
      const schemaName = `${operationId}_body`;
      doc.components.schemas[schemaName] = copy(route.body);
      const examples = docs?.requestExamples ? copy(docs.requestExamples) : { default: { summary: 'From the schema / از روی طرح', value: exampleFromSchema(route.body) } };
      operation.requestBody = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` }, examples } } };
    }
    if (route.query) doc.components.schemas[`${operationId}_query`] = copy(route.query);
    if (route.params) doc.components.schemas[`${operationId}_params`] = copy(route.params);

    const openApiPath = toOpenApiPath(path);
    doc.paths[openApiPath] ??= {};
    doc.paths[openApiPath][method] = operation;
  }
  doc.tags = [...tags].map((name) => ({ name }));
  return doc;
}
