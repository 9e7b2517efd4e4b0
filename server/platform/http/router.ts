import { Router, type Request, type Response, type NextFunction } from 'express';
import type { AnySchema } from 'ajv';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { compileAnswer, compileBody, compileQuery, type AnswerCheck, type Validator } from './validation.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import type { AuthedContext, RequestContext } from './context.js';
import { sendEnvelope } from './envelope.js';
import { bodyShape, readJsonBody, type BodyShape } from './json-body.js';
import type { Translator } from '../i18n.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteInput<B, Q, P, C extends RequestContext> {
  ctx: C;
  body: B;
  query: Q;
  params: P;
  req: Request;
  res: Response;
}

/** A result that is not wrapped in the envelope (a text answer, a file, a redirect). */
export class RawResult {
  constructor(readonly write: (res: Response) => void) {}
}

interface BaseRoute {
  method: HttpMethod;
  /** `Create`, `Get/:id`, `GetAll`, `Delete/:id` or a named action. */
  action: string;
  body?: AnySchema;
  query?: AnySchema;
  params?: AnySchema;
  /**
   * The schema of the answer's `data` (the envelope around it is the router's). It lives in
   * `server/shared/<area>/` so the client takes its type from it; the API document shows it, and a
   * test run checks every answer against it (`checkAnswers`). Absent: `data` is any value.
   */
  answer?: AnySchema;
  /** Success message key shown by the client ('operation.success' for mutations by default). */
  successMessage?: string;
  /**
   * `large`: the body may reach the send body limit (pasted recipient lists). Everything else gets
   * the ordinary limit. A route without a body schema reads no JSON body of any size.
   */
  bodyLimit?: 'large';
  /**
   * The router reads no body at all: the handler reads the raw stream itself, bounded (a gateway
   * webhook: form-encoded, XML or JSON as the provider sends it; see platform/http/raw-body.ts).
   */
  rawBody?: true;
  /** What the API document says of the route beyond its schemas (openapi.ts); the router ignores it. */
  docs?: RouteDocs;
}

/** One named example of a request body or an answer (OpenAPI `examples`). */
export interface ApiExample {
  summary: string;
  value: unknown;
}

/** A text of the API document in both languages; the document's main text is the English one. */
export interface BilingualText {
  en: string;
  fa: string;
}

/** Documentation of one route; every field is optional and only the API document reads it. */
export interface RouteDocs {
  summary?: BilingualText;
  description?: BilingualText;
  /** Named examples of the JSON body (e.g. `fa`, `en`). */
  requestExamples?: Record<string, ApiExample>;
  /** Named examples of whole answers (envelopes), by HTTP status. */
  responseExamples?: Record<string, Record<string, ApiExample>>;
  /** An example value per path or query parameter. */
  parameterExamples?: Record<string, unknown>;
}

export interface PublicRoute<B = unknown, Q = unknown, P = unknown> extends BaseRoute {
  auth: 'public';
  handler(input: RouteInput<B, Q, P, RequestContext>): Promise<unknown>;
}

export interface UserRoute<B = unknown, Q = unknown, P = unknown> extends BaseRoute {
  auth?: 'user';
  /** The claim a caller needs; none means any signed-in user. */
  claim?: string;
  /** Usable while the account must change its password (login, change password, logout). */
  allowWhilePasswordChangeRequired?: boolean;
  handler(input: RouteInput<B, Q, P, AuthedContext>): Promise<unknown>;
}

/** A bare route's body, query and params are `unknown`: a route that reads them is built with `userRoute`/`publicRoute`. */
export type RouteDef = PublicRoute | UserRoute;

/** What a request part is once its ajv schema let it through (`unknown` when the route has none). */
export type SchemaType<S> = S extends JSONSchema ? FromSchema<S> : unknown;

/**
 * A signed-in route whose handler sees body, query and params typed from the route's own schemas
 * (json-schema-to-ts, types only), so the type cannot drift from what validation lets through and
 * the handler needs no `body as X` cast. The schemas must be declared `as const`.
 */
export function userRoute<const B extends JSONSchema | undefined = undefined, const Q extends JSONSchema | undefined = undefined, const P extends JSONSchema | undefined = undefined, const A extends JSONSchema | undefined = undefined>(
  route: Omit<UserRoute, 'body' | 'query' | 'params' | 'answer' | 'handler'> & {
    body?: B;
    query?: Q;
    params?: P;
    answer?: A;
    handler(input: RouteInput<SchemaType<B>, SchemaType<Q>, SchemaType<P>, AuthedContext>): Promise<unknown>;
  },
): UserRoute {
  // The one cast: json-schema-to-ts' JSONSchema and ajv's AnySchema describe the same objects.
  return route as UserRoute;
}

/** `userRoute` for a route anyone may call (no session): a webhook, a gateway's return page. */
export function publicRoute<const B extends JSONSchema | undefined = undefined, const Q extends JSONSchema | undefined = undefined, const P extends JSONSchema | undefined = undefined, const A extends JSONSchema | undefined = undefined>(
  route: Omit<PublicRoute, 'body' | 'query' | 'params' | 'answer' | 'handler'> & {
    body?: B;
    query?: Q;
    params?: P;
    answer?: A;
    handler(input: RouteInput<SchemaType<B>, SchemaType<Q>, SchemaType<P>, RequestContext>): Promise<unknown>;
  },
): PublicRoute {
  return route as PublicRoute;
}

export interface Controller {
  name: string;
  routes: RouteDef[];
  /** The module that gave the controller (the composition root fills it); the API document's tag. */
  module?: string;
  /**
   * How the controller's signed-in routes authenticate, for the API document, when it is not the
   * session bearer (the Authenticator decides at run time; this only describes it).
   */
  security?: { name: string; scheme: Record<string, unknown> };
}

/** A controller's documentation kept apart from its routes: each route's docs by `METHOD action`. */
export interface ControllerDocs {
  security?: Controller['security'];
  routes: Record<string, RouteDocs>;
}

/**
 * The controller with `docs` attached to its routes. A docs entry naming no route is a mistake
 * made in code (a renamed action), so it throws at start rather than documenting nothing silently.
 */
export function withDocs(controller: Controller, docs: ControllerDocs): Controller {
  const keys = new Set(controller.routes.map((r) => `${r.method} ${r.action}`));
  for (const key of Object.keys(docs.routes)) {
    if (!keys.has(key)) throw new Error(`API docs for ${controller.name}: no route ${key}`);
  }
  return {
    ...controller,
    security: docs.security ?? controller.security,
    routes: controller.routes.map((r) => {
      const d = docs.routes[`${r.method} ${r.action}`];
      return d ? { ...r, docs: { ...r.docs, ...d } } : r;
    }),
  };
}

/** One registered route as the router mounts it: the registry the API document is generated from. */
export interface RegisteredRoute {
  controller: Controller;
  route: RouteDef;
  /** Express path under /api, e.g. `/Users/Get/:id`. */
  path: string;
}

/** Every route of the controllers in mount order; buildApiRouter mounts exactly these. */
export function registeredRoutes(controllers: Controller[]): RegisteredRoute[] {
  return controllers.flatMap((controller) => controller.routes.map((route) => ({
    controller,
    route,
    path: `/${[controller.name, route.action].filter(Boolean).join('/')}`,
  })));
}

export interface Authenticator {
  /** Fills ctx.principal and ctx.tenant from the bearer token and c-org-id, or throws 401/403. */
  authenticate(req: Request, ctx: RequestContext): Promise<void>;
}

export const idParamSchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
  additionalProperties: false,
} as const;

export const pagingQuerySchema = {
  pageIndex: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  pageSize: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
  search: { type: 'string', maxLength: 100 },
} as const;

interface Compiled {
  route: RouteDef;
  body?: Validator;
  bodyShape: BodyShape;
  bodyLimit: number;
  query: Validator;
  params?: Validator;
  answer?: AnswerCheck;
}

export interface BodyLimits {
  /** Bytes an ordinary JSON body may have. */
  ordinary: number;
  /** Bytes a `bodyLimit: 'large'` route's body may have. */
  large: number;
}

export interface ApiRouterOptions {
  limits: BodyLimits;
  /**
   * Check every declared answer against its schema and fail the call (500) when it does not fit:
   * on in tests (config `checkAnswers`), so a renamed column fails a test instead of a screen.
   */
  checkAnswers?: boolean;
}

/** Every route's query accepts `culture` (the language of messages; i18n.ts parseCulture reads it). */
export const cultureQueryProperty = { type: 'string', maxLength: 10 } as const;

const emptyQuery = compileQuery({ type: 'object', properties: { culture: cultureQueryProperty }, additionalProperties: false });

function withCulture(schema: AnySchema | undefined): AnySchema | undefined {
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as { properties?: Record<string, unknown> };
  return { ...s, properties: { ...(s.properties ?? {}), culture: cultureQueryProperty } };
}

export function buildApiRouter(controllers: Controller[], authenticator: Authenticator, translator: Translator, options: ApiRouterOptions): Router {
  const { limits } = options;
  const router = Router();
  const byPath = new Map<string, Set<string>>();

  for (const { route, path } of registeredRoutes(controllers)) {
    const compiled: Compiled = {
      route,
      body: route.body ? compileBody(route.body) : undefined,
      bodyShape: bodyShape(route.body),
      bodyLimit: route.bodyLimit === 'large' ? limits.large : limits.ordinary,
      query: route.query ? compileQuery(withCulture(route.query) as AnySchema) : emptyQuery,
      params: route.params ? compileQuery(route.params) : undefined,
      answer: route.answer && options.checkAnswers ? compileAnswer(route.answer) : undefined,
    };
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(route.method);
    byPath.set(path, methods);
    const verb = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[verb](path, (req: Request, res: Response, next: NextFunction) => {
      handle(compiled, path, req, res, authenticator, translator).catch(next);
    });
  }

  // A known action called with another method is a 405, not a 404.
  for (const [path, methods] of byPath) {
    router.all(path, (req: Request, _res: Response, next: NextFunction) => {
      if (methods.has(req.method)) return next();
      next(new AppError(405, 'request.methodNotAllowed'));
    });
  }
  router.use((_req: Request, _res: Response, next: NextFunction) => next(new AppError(404, 'request.noRoute')));
  return router;
}

async function handle(compiled: Compiled, path: string, req: Request, res: Response, authenticator: Authenticator, translator: Translator): Promise<void> {
  const { route } = compiled;
  const ctx = res.locals.ctx as RequestContext;
  if (route.auth !== 'public') {
    await authenticator.authenticate(req, ctx);
    const principal = ctx.principal;
    if (!principal) throw unauthorized();
    if (principal.impersonatorUserId !== null) res.setHeader('x-imp', '1');
    if (principal.refreshDue) res.setHeader('x-rft', '1');
    if (principal.changePasswordRequired && !route.allowWhilePasswordChangeRequired) throw forbidden('account.changePasswordRequired');
    if (route.claim && !principal.claims.has(route.claim)) throw forbidden();
  }

  const params = { ...req.params } as Record<string, unknown>;
  refuseNul(params);
  compiled.params?.(params);
  const query = { ...(req.query as Record<string, unknown>) };
  refuseNul(query);
  compiled.query(query);
  delete query.culture;
  // Only now, with the caller known and the cheap checks passed, is a body read at all.
  let body: unknown = route.rawBody ? undefined : await readJsonBody(req, { limitBytes: compiled.bodyLimit, shape: compiled.bodyShape });
  req.body = body;
  if (compiled.body) {
    // A POST without a body still has to meet the schema (required fields are named).
    if (body === undefined) body = {};
    compiled.body(body);
  } else if (route.method !== 'GET' && body !== undefined && isNonEmpty(body)) {
    throw new AppError(400, 'status.400', {}, [{ propertyName: '', key: 'validation.unknownField', params: { field: 'body' } }]);
  }

  const result = await route.handler({ ctx: ctx as AuthedContext, body, query, params, req, res });
  if (result instanceof RawResult) {
    result.write(res);
    return;
  }
  if (compiled.answer) {
    // The wire form (JSON) is what the client's type describes, not the handler's Dates and bigints.
    const fault = compiled.answer(JSON.parse(JSON.stringify(result ?? null)) as unknown);
    if (fault) throw new Error(`${route.method} ${path}: the answer does not fit its declared schema: ${fault}`);
  }
  const messageKey = route.successMessage ?? (route.method === 'GET' ? undefined : 'operation.success');
  sendEnvelope(res, 200, { isSucceed: true, data: result ?? null, message: messageKey ? translator.t(ctx.culture, messageKey) : undefined });
}

/** PostgreSQL refuses NUL in text: a NUL in the address is the caller's mistake (400), not a 500. */
function refuseNul(values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === 'string' && t.includes('\u0000'))) {
      throw new AppError(400, 'status.400', {}, [{ propertyName: name, key: 'request.nulCharacter', params: { field: name } }]);
    }
  }
}

function isNonEmpty(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return true;
  return Object.keys(body).length > 0;
}
