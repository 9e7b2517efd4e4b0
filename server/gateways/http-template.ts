/**
 * The engine behind the configurable HTTP gateways (`plugins/http`, `plugins/voice`): a provider's
 * API described as data (request template + response mapping + report mapping) instead of code.
 * Part of the plugin SDK: plugins may import this file and `gateway-sdk.ts`, nothing else of the
 * server (a dependency rule checks it). It imports only the SDK's types.
 *
 * Invariants:
 * - Substitution is structural. A JSON body is a JSON value whose strings may hold placeholders;
 *   values are put into the parsed tree, never spliced into JSON text, so a message text cannot
 *   inject a field. URL placeholders are percent-encoded; form and query values go through
 *   URLSearchParams; header values lose CR/LF.
 * - `submit` never throws: every fault ends as one result per message. Only faults that may pass
 *   (HTTP 5xx/429, network, time-out, a code listed as "try again") are transient.
 */
import { describedBy, healthNote } from './gateway-sdk.js';
import type {
  DeliveryReport,
  DeliveryState,
  GatewayHealth,
  GatewayHost,
  InboundMessage,
  OutboundMessage,
  SubmitResult,
  WebhookRequest,
  WebhookResponse,
} from './gateway-sdk.js';

// The SDK's shapes under the names this engine has always used.
export type TemplateDeliveryState = DeliveryState;
export type TemplateMessage = OutboundMessage;
export type TemplateSubmitResult = SubmitResult;
export type TemplateReport = DeliveryReport;
export type TemplateInbound = InboundMessage;
export type TemplateHealth = GatewayHealth;
export type TemplateHost = Pick<GatewayHost, 'logger' | 'now' | 'deliveryReports' | 'inbound' | 'statusChanged'>;
export type TemplateWebhookRequest = WebhookRequest;
export type TemplateWebhookResponse = WebhookResponse;

// ---------------------------------------------------------------------------------------------
// Placeholders and request templates.

export type TemplateValue = string | number | boolean | null | TemplateValue[];
export type TemplateValues = Record<string, TemplateValue>;

export type HttpMethod = 'GET' | 'POST' | 'PUT';
export type BodyType = 'json' | 'form' | 'query' | 'none';

export interface RequestTemplate {
  method: HttpMethod;
  /** Placeholders are percent-encoded when substituted. */
  url: string;
  headers?: Record<string, string>;
  bodyType: BodyType;
  /** json: any JSON value; form and query: an object of name → template string. */
  body?: unknown;
}

export interface BuiltRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** `{name}` or `{name|number}` / `{name|string}` (a cast, for JSON bodies whose provider wants a number). */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)(?:\|(number|string))?\}/g;
const WHOLE_PLACEHOLDER = /^\{([A-Za-z][A-Za-z0-9]*)(?:\|(number|string))?\}$/;

/** Names the gateway fills for one message; `*List` names hold one entry per message of a request. */
export const MESSAGE_PLACEHOLDERS = ['to', 'from', 'text', 'id', 'flash', 'encoding', 'parts', 'audioUrl', 'voiceText', 'seconds'] as const;
export const LIST_PLACEHOLDERS = ['toList', 'fromList', 'textList', 'idList'] as const;
export const SECRET_PLACEHOLDERS = ['apiKey', 'username', 'password', 'basicAuth'] as const;
export const POLL_PLACEHOLDERS = ['providerId', 'providerIdList'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as text: lists comma-joined (the usual convention of form and query APIs), null empty. */
function asText(value: TemplateValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(asText).join(',');
  return String(value);
}

function castValue(value: TemplateValue, cast: string | undefined): TemplateValue {
  if (cast === 'string') return asText(value);
  if (cast === 'number') {
    if (Array.isArray(value)) return value.map((v) => castValue(v, 'number'));
    const n = Number(asText(value));
    return asText(value) !== '' && Number.isFinite(n) ? n : asText(value);
  }
  return value;
}

/** Replaces known placeholders inside a string; unknown `{…}` stays as written (literal braces are allowed). */
export function substituteText(text: string, values: TemplateValues, encode: (s: string) => string = (s) => s): string {
  return text.replace(PLACEHOLDER, (whole, name: string, cast: string | undefined) => {
    if (!Object.hasOwn(values, name)) return whole;
    return encode(asText(castValue(values[name]!, cast)));
  });
}

/**
 * Substitutes into a parsed JSON template: a string that is exactly one placeholder becomes the
 * typed value (a list stays an array, `parts` a number, `flash` a boolean); any other string gets
 * text substitution. Object keys are left alone.
 */
export function substituteJson(node: unknown, values: TemplateValues): unknown {
  if (typeof node === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(node);
    if (whole && Object.hasOwn(values, whole[1]!)) return castValue(values[whole[1]!]!, whole[2]);
    return substituteText(node, values);
  }
  if (Array.isArray(node)) return node.map((item) => substituteJson(item, values));
  if (isRecord(node)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = substituteJson(value, values);
    return out;
  }
  return node;
}

/** Every placeholder name a template (or any JSON value) mentions. */
export function placeholdersIn(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof node === 'string') {
    for (const match of node.matchAll(PLACEHOLDER)) into.add(match[1]!);
  } else if (Array.isArray(node)) {
    for (const item of node) placeholdersIn(item, into);
  } else if (isRecord(node)) {
    for (const value of Object.values(node)) placeholdersIn(value, into);
  }
  return into;
}

function formText(value: unknown, values: TemplateValues): string {
  if (typeof value === 'string') return substituteText(value, values);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(substituteJson(value, values)) : String(value);
}

/** Throws (a configuration fault, not a message's) when the URL does not come out absolute http(s). */
export function buildRequest(template: RequestTemplate, values: TemplateValues): BuiltRequest {
  const url = new URL(substituteText(template.url, values, encodeURIComponent));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the request URL must be http or https, not ${url.protocol}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(template.headers ?? {})) {
    headers[name.toLowerCase()] = substituteText(value, values).replace(/[\r\n]+/g, ' ');
  }
  let body: string | undefined;
  const fields = isRecord(template.body) ? template.body : {};
  switch (template.bodyType) {
    case 'json':
      body = JSON.stringify(substituteJson(template.body ?? {}, values));
      headers['content-type'] ??= 'application/json; charset=utf-8';
      break;
    case 'form': {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) form.append(name, formText(value, values));
      body = form.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded; charset=utf-8';
      break;
    }
    case 'query':
      for (const [name, value] of Object.entries(fields)) url.searchParams.append(name, formText(value, values));
      break;
    case 'none':
      break;
  }
  if (template.method === 'GET' && body !== undefined) throw new Error('a GET request cannot carry a body: use bodyType query or none');
  return { method: template.method, url: url.toString(), headers, ...(body === undefined ? {} : { body }) };
}

// ---------------------------------------------------------------------------------------------
// Paths: `a.b[0].c`, `entries[*].messageid` (every element), `$` or '' for the whole answer.

export type PathSegment = { key: string } | { index: number } | { all: true };

export const PATH_PATTERN = '^(?:\\$?|(?:[^.\\[\\]]+|\\[(?:\\d+|\\*)\\])(?:\\.[^.\\[\\]]+|\\[(?:\\d+|\\*)\\])*)$';
const PATH_RE = new RegExp(PATH_PATTERN, 'u');

export function parsePath(path: string): PathSegment[] {
  if (!PATH_RE.test(path)) throw new Error(`"${path}" is not a path like a.b[0].c`);
  const segments: PathSegment[] = [];
  if (path === '' || path === '$') return segments;
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+|\*)\]/gu)) {
    if (match[1] !== undefined) segments.push({ key: match[1] });
    else if (match[2] === '*') segments.push({ all: true });
    else segments.push({ index: Number(match[2]) });
  }
  return segments;
}

/** The value at `path`; `[*]` maps over an array (and flattens nested `[*]`). Missing = undefined. */
export function readPath(root: unknown, path: string | PathSegment[]): unknown {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  let current: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (current === undefined || current === null) return undefined;
    if ('all' in segment) {
      if (!Array.isArray(current)) return undefined;
      const rest = segments.slice(i + 1);
      const hasMoreAll = rest.some((s) => 'all' in s);
      const mapped = current.map((item) => readPath(item, rest));
      return hasMoreAll ? mapped.flatMap((m) => (Array.isArray(m) ? m : [m])) : mapped;
    }
    if ('index' in segment) {
      current = Array.isArray(current) ? current[segment.index] : undefined;
    } else {
      current = isRecord(current) && Object.hasOwn(current, segment.key) ? current[segment.key] : undefined;
    }
  }
  return current;
}

// ---------------------------------------------------------------------------------------------
// Submit answers.

export interface ResponseMapping {
  /** Where the success flag or status code is; absent: any 2xx answer is a success. */
  successPath?: string;
  /** Values at `successPath` that mean success (compared as text). Default `[true]`. */
  successValues?: (string | number | boolean)[];
  /** The provider's message id, or an array of ids (one per message of the request, in order). */
  idPath: string;
  errorCodePath?: string;
  errorTextPath?: string;
  /** Provider codes meaning "refused for good" (→ rejected). */
  refusedCodes?: string[];
  /** Provider codes meaning "try again later" (→ transient). */
  retryCodes?: string[];
  /** Provider code → one of the SDK's REFUSAL_CODES (→ rejected with that code). */
  codeMap?: Record<string, string>;
}

export interface HttpAnswer {
  status: number;
  body: string;
}

export type RequestOutcome =
  | { status: 'accepted'; providerIds: string[] }
  | { status: 'rejected' | 'transient'; code: string; message?: string; inDoubt?: boolean };

function parseBody(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return trimmed;
  }
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function scalarText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * What one request's answer means for the `count` messages it carried. `retryUnreadable`: what a
 * 2xx answer whose ids cannot be read becomes. The provider may have taken the messages, so only a
 * provider that deduplicates by our id may be asked again (transient); for the others a retry could
 * put a second copy on the phone, so it is a final `UnreadableAnswer`.
 */
export function mapSubmitResponse(answer: HttpAnswer, mapping: ResponseMapping, count: number, retryUnreadable: boolean): RequestOutcome {
  if (answer.status >= 500 || answer.status === 429) {
    return { status: 'transient', code: answer.status === 429 ? 'Throttled' : `Http${answer.status}`, message: answer.body.slice(0, 200) };
  }
  const body = parseBody(answer.body);
  const is2xx = answer.status >= 200 && answer.status < 300;
  const flag = mapping.successPath === undefined ? undefined : readPath(body, mapping.successPath);
  const successTexts = (mapping.successValues ?? [true]).map(String);
  const succeeded = is2xx && (mapping.successPath === undefined || (flag !== undefined && successTexts.includes(String(flag))));
  if (succeeded) {
    const found = readPath(body, mapping.idPath);
    const ids = (Array.isArray(found) ? found : [found]).map(idText);
    if (ids.length === count && ids.every((id): id is string => id !== null)) return { status: 'accepted', providerIds: ids };
    return {
      status: retryUnreadable ? 'transient' : 'rejected',
      code: 'UnreadableAnswer',
      message: `the provider answered success but ${ids.filter((id) => id !== null).length} readable ids at "${mapping.idPath}" for ${count} messages`,
    };
  }
  const bodyCode = mapping.errorCodePath === undefined ? undefined : scalarText(readPath(body, mapping.errorCodePath));
  const providerCode = bodyCode ?? (is2xx ? scalarText(flag) : undefined) ?? String(answer.status);
  const text = mapping.errorTextPath === undefined ? undefined : scalarText(readPath(body, mapping.errorTextPath));
  const message = text === undefined ? `provider code ${providerCode}` : `${providerCode}: ${text}`;
  // The body's code first, then the HTTP status itself, so `401` can be mapped without a body.
  for (const candidate of [providerCode, String(answer.status)]) {
    if (mapping.retryCodes?.includes(candidate)) return { status: 'transient', code: candidate, message };
    const mapped = mapping.codeMap?.[candidate];
    if (mapped !== undefined) return { status: 'rejected', code: mapped, message };
    if (mapping.refusedCodes?.includes(candidate)) return { status: 'rejected', code: candidate, message };
  }
  if (!is2xx) return { status: 'rejected', code: 'InvalidRequest', message: `HTTP ${answer.status}; ${message}` };
  return { status: 'rejected', code: providerCode, message };
}

/** A network fault or time-out of one request (transient). */
export interface RequestFault {
  status: 'fault';
  code: 'Timeout' | 'NetworkError';
  message: string;
}

/** Sends one request with Node's fetch; never throws. */
export async function sendRequest(request: BuiltRequest, timeoutMs: number): Promise<HttpAnswer | RequestFault> {
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return { status: 'fault', code: 'Timeout', message: `no answer within ${timeoutMs} ms` };
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return { status: 'fault', code: 'NetworkError', message: `${err instanceof Error ? err.message : String(err)}${cause}` };
  }
}

// ---------------------------------------------------------------------------------------------
// Delivery reports (pushed or polled) and inbound messages.

export interface ReportMapping {
  /** Where the list of reports is; absent: the answer (or pushed body) is the report itself. */
  itemsPath?: string;
  idPath: string;
  statusPath: string;
  /** Provider status (as text) → state. A status not listed is not reported (logged). */
  statusMap: Record<string, TemplateDeliveryState>;
}

export interface InboundMapping {
  itemsPath?: string;
  fromPath: string;
  toPath: string;
  textPath: string;
  idPath?: string;
}

/** A pushed body as a tree: JSON, or a form whose repeated names become arrays; the query adds fields. */
export function readPushedBody(request: TemplateWebhookRequest): Record<string, unknown> | unknown[] | null {
  const text = request.body.toString('utf8').trim();
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  let tree: unknown = undefined;
  if (text !== '') {
    if (type.includes('json') || text.startsWith('{') || text.startsWith('[')) {
      try {
        tree = JSON.parse(text);
      } catch {
        return null;
      }
    } else if (type === '' || type.includes('x-www-form-urlencoded') || type.includes('text/plain')) {
      const form: Record<string, unknown> = {};
      for (const [name, value] of new URLSearchParams(text)) {
        const existing = form[name];
        form[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      tree = form;
    } else {
      return null;
    }
  }
  if (Array.isArray(tree)) return tree;
  if (tree !== undefined && !isRecord(tree)) return null;
  const merged = { ...request.query, ...(tree ?? {}) };
  return Object.keys(merged).length === 0 ? null : merged;
}

function itemsOf(tree: unknown, itemsPath: string | undefined): unknown[] {
  const items = itemsPath === undefined ? tree : readPath(tree, itemsPath);
  if (items === undefined || items === null) return [];
  return Array.isArray(items) ? items : [items];
}

/** Pairs values read by two paths: equal-length arrays element by element, or two scalars. */
function zipped(a: unknown, b: unknown): [unknown, unknown][] {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length ? a.map((v, i) => [v, b[i]]) : [];
  if (Array.isArray(a) || Array.isArray(b)) return [];
  return [[a, b]];
}

export interface ReadReports {
  reports: TemplateReport[];
  /** Items that had an id and a status not in the map. */
  unknownStatuses: string[];
}

export function readReports(tree: unknown, mapping: ReportMapping, at: Date): ReadReports {
  const reports: TemplateReport[] = [];
  const unknownStatuses: string[] = [];
  for (const item of itemsOf(tree, mapping.itemsPath)) {
    for (const [idValue, statusValue] of zipped(readPath(item, mapping.idPath), readPath(item, mapping.statusPath))) {
      const providerId = idText(idValue);
      const status = scalarText(statusValue);
      if (providerId === null || status === undefined) continue;
      const state = Object.hasOwn(mapping.statusMap, status) ? mapping.statusMap[status] : undefined;
      if (state === undefined) {
        unknownStatuses.push(status);
        continue;
      }
      reports.push({ providerId, state, providerStatus: status, at, raw: item });
    }
  }
  return { reports, unknownStatuses };
}

export function readInbound(tree: unknown, mapping: InboundMapping, at: Date): TemplateInbound[] {
  const messages: TemplateInbound[] = [];
  for (const item of itemsOf(tree, mapping.itemsPath)) {
    const from = scalarText(readPath(item, mapping.fromPath));
    const to = scalarText(readPath(item, mapping.toPath));
    const text = scalarText(readPath(item, mapping.textPath));
    if (from === undefined || to === undefined || text === undefined) continue;
    const providerId = mapping.idPath === undefined ? null : idText(readPath(item, mapping.idPath));
    messages.push({ from, to, text, at, ...(providerId === null ? {} : { providerId }), raw: item });
  }
  return messages;
}

// ---------------------------------------------------------------------------------------------
// The gateway.

export type RecipientFormat = 'international' | 'plus' | 'zero';
export type ReportsMode = 'none' | 'webhook' | 'poll';

export interface PollSettings {
  request: RequestTemplate;
  response: ReportMapping;
  /** Provider ids per poll request, when the request names `{providerId}` or `{providerIdList}`. */
  batchSize: number;
  pollIntervalMs: number;
}

export interface TemplateGatewayOptions {
  request: RequestTemplate;
  response: ResponseMapping;
  batchSize: number;
  maxPerSecond: number;
  idempotentSubmit: boolean;
  timeoutMs: number;
  recipientFormat: RecipientFormat;
  apiKey?: string;
  username?: string;
  password?: string;
  reports: ReportsMode;
  webhook?: ReportMapping;
  poll?: PollSettings;
  inbound?: InboundMapping;
  /** Voice gateways: what the panel's one-second pause marker `[delay]` becomes in `{voiceText}`. */
  pauseText?: string;
}

export interface TemplateGatewayKind {
  /** Voice gateways: a message without `voice` is refused (InvalidRequest). */
  requiresVoice: boolean;
}

/** How many submitted messages may wait for a polled report; the oldest are given up first. */
const MAX_AWAITING_POLL = 200_000;
/** A message whose report has not come within this long is no longer polled. */
const AWAIT_POLL_MS = 3 * 24 * 3_600_000;
/** Status requests of one poll pass at most. */
const MAX_POLL_REQUESTS = 50;
/** Requests of one submit sent at once (a batch split by text, or one message per request). */
const REQUEST_CONCURRENCY = 8;

export function formatRecipient(to: string, format: RecipientFormat): string {
  if (format === 'plus') return /^\d+$/.test(to) ? `+${to}` : to;
  // Iranian providers want the national form 09…; only +98 has it, other countries stay international.
  if (format === 'zero') return to.startsWith('98') ? `0${to.slice(2)}` : to;
  return to;
}

/** The panel's pause marker in a spoken text (server/shared/voice: one second each). */
const PAUSE_MARKER = /\[delay\]/g;

function valuesOf(message: TemplateMessage, format: RecipientFormat, pauseText?: string): TemplateValues {
  return {
    to: formatRecipient(message.to, format),
    from: message.from,
    text: message.text,
    id: message.id,
    flash: message.flash,
    encoding: message.encoding,
    parts: message.parts,
    audioUrl: message.voice?.audioUrl ?? null,
    // Vowel marks pass through (TTS engines read them); the pause marker becomes the provider's pause.
    voiceText: message.voice?.text == null ? null : pauseText === undefined ? message.voice.text : message.voice.text.replace(PAUSE_MARKER, pauseText),
    seconds: message.voice?.seconds ?? null,
  };
}

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(runners);
  return out;
}

type Phase = 'down' | 'up' | 'draining';

/** A status request's answer (the SDK's `StatusAnswer`, named here so this file imports no SDK types it does not need). */
export interface TemplateStatusAnswer {
  providerId: string;
  state: TemplateReport['state'] | 'unknown';
  providerStatus: string;
  at: Date;
  raw?: unknown;
}

/**
 * Whether a template gateway can be asked about messages by id: it has a poll request (its status
 * URL) that names `{providerId}` or `{providerIdList}`. A poll without an id ("what is new") cannot
 * answer for one message, so it does not count.
 */
export function templateQueriesStatus(options: Pick<TemplateGatewayOptions, 'poll'>): boolean {
  if (!options.poll) return false;
  const used = placeholdersIn(options.poll.request);
  return used.has('providerId') || used.has('providerIdList');
}

/**
 * A gateway driven by `TemplateGatewayOptions`. Batching: when the request template names list
 * placeholders (`{toList}`…), one request carries several messages; messages are grouped so that
 * every single-message placeholder the template also names (`{text}`, `{from}`…) has one value per
 * request (a bulk API that sends one text to many numbers gets one request per distinct text).
 */
export class TemplateGateway {
  readonly maxBatchSize: number;
  readonly idempotentSubmit: boolean;
  readonly maxPerSecond: number;
  readonly pollIntervalMs: number | undefined;
  readonly handleWebhook: ((request: TemplateWebhookRequest) => Promise<TemplateWebhookResponse>) | undefined;
  readonly pollDeliveryReports: (() => Promise<void>) | undefined;
  /** Present when the poll request names the provider id (`templateQueriesStatus`): the status URL asked by id. */
  readonly queryStatus: ((queries: { providerId: string }[]) => Promise<TemplateStatusAnswer[]>) | undefined;

  private host: TemplateHost | null = null;
  private phase: Phase = 'down';
  private health_: TemplateHealth = { state: 'down', ...describedBy(healthNote('notConnected')) };
  private inFlight = 0;
  private readonly submitsInFlight = new Set<Promise<unknown>>();
  private polling: Promise<void> | null = null;
  /** Provider id → the status last reported (null: none yet) and when it was accepted. */
  private readonly awaiting = new Map<string, { status: string | null; since: number }>();
  private readonly singleNames: string[];
  private readonly usesLists: boolean;
  private readonly pollById: boolean;
  private readonly secrets: TemplateValues;

  constructor(readonly id: string, private readonly options: TemplateGatewayOptions, private readonly kind: TemplateGatewayKind) {
    const used = placeholdersIn(options.request);
    this.usesLists = LIST_PLACEHOLDERS.some((name) => used.has(name));
    this.singleNames = MESSAGE_PLACEHOLDERS.filter((name) => used.has(name));
    // Without list placeholders a request can carry one message only, whatever batchSize says.
    this.maxBatchSize = this.usesLists ? options.batchSize : 1;
    this.idempotentSubmit = options.idempotentSubmit;
    this.maxPerSecond = options.maxPerSecond;
    this.secrets = {};
    if (options.apiKey !== undefined) this.secrets.apiKey = options.apiKey;
    if (options.username !== undefined) this.secrets.username = options.username;
    if (options.password !== undefined) this.secrets.password = options.password;
    if (options.username !== undefined || options.password !== undefined) {
      this.secrets.basicAuth = Buffer.from(`${options.username ?? ''}:${options.password ?? ''}`).toString('base64');
    }
    const pollUsed = options.poll ? placeholdersIn(options.poll.request) : new Set<string>();
    this.pollById = pollUsed.has('providerId') || pollUsed.has('providerIdList');
    this.pollIntervalMs = options.reports === 'poll' ? options.poll?.pollIntervalMs : undefined;
    this.handleWebhook = options.reports === 'webhook' || options.inbound ? (request) => this.webhook(request) : undefined;
    this.pollDeliveryReports = options.reports === 'poll' && options.poll ? () => this.poll() : undefined;
    this.queryStatus = templateQueriesStatus(options) ? (queries) => this.query(queries) : undefined;
  }

  /**
   * The outbox's status request: the poll request asked for these ids (by list or one by one),
   * whatever `reports` says, the answers read with the poll's status map. Nothing goes to the host
   * here (the host applies the answers itself); an id the provider did not mention, or a request
   * that failed, is `unknown`.
   */
  private async query(queries: { providerId: string }[]): Promise<TemplateStatusAnswer[]> {
    const poll = this.options.poll!;
    const at = this.host?.now() ?? new Date();
    const found = new Map<string, TemplateReport>();
    if (this.phase === 'up') {
      const perRequest = placeholdersIn(poll.request).has('providerIdList') ? poll.batchSize : 1;
      const ids = queries.map((q) => q.providerId);
      for (let i = 0; i < ids.length; i += perRequest) {
        const chunk = ids.slice(i, i + perRequest);
        const answer = await sendRequest(buildRequest(poll.request, { ...this.secrets, providerId: chunk[0]!, providerIdList: chunk }), this.options.timeoutMs);
        if (answer.status === 'fault' || answer.status < 200 || answer.status >= 300) {
          this.host?.logger.warn({ status: answer.status }, 'status request failed; its ids are answered unknown');
          continue;
        }
        for (const r of readReports(parseBody(answer.body), poll.response, at).reports) found.set(r.providerId, r);
      }
    }
    return queries.map((q) => {
      const r = found.get(q.providerId);
      return r ? { providerId: q.providerId, state: r.state, providerStatus: r.providerStatus, at: r.at, raw: r.raw } : { providerId: q.providerId, state: 'unknown', providerStatus: 'UNKNOWN', at };
    });
  }

  async connect(host: TemplateHost): Promise<void> {
    if (this.phase !== 'down') throw new Error('already connected');
    // A template that cannot build a request is the administrator's to fix: say so now, not per message.
    buildRequest(this.options.request, this.sampleValues());
    if (this.options.poll) buildRequest(this.options.poll.request, { ...this.secrets, providerId: 'x', providerIdList: ['x'] });
    for (const path of this.paths()) parsePath(path);
    this.host = host;
    this.phase = 'up';
    this.setHealth({ state: 'up' });
  }

  submit(batch: TemplateMessage[]): Promise<TemplateSubmitResult[]> {
    const work = this.submitNow(batch);
    this.submitsInFlight.add(work);
    void work.finally(() => this.submitsInFlight.delete(work));
    return work;
  }

  async health(): Promise<TemplateHealth> {
    if (this.phase === 'down') return { state: 'down', ...describedBy(healthNote('notConnected')) };
    if (this.phase === 'draining') return { state: 'degraded', ...describedBy(healthNote('draining')), inFlight: this.inFlight };
    return { ...this.health_, inFlight: this.inFlight };
  }

  async disconnect(options: { drain: boolean }): Promise<void> {
    if (this.phase === 'down') return;
    const host = this.host!;
    if (options.drain) {
      this.phase = 'draining';
      while (this.submitsInFlight.size > 0) await Promise.allSettled([...this.submitsInFlight]);
      while (this.polling) await this.polling.catch(() => undefined);
      // The host polls no more after this: ask the provider once for what it has now. Reports it
      // produces later are lost with this process (the awaiting list is in memory only).
      if (this.pollDeliveryReports) await this.runPoll().catch((err: unknown) => host.logger.warn({ err }, 'last poll before disconnect failed'));
    }
    this.phase = 'down';
    this.awaiting.clear();
    this.host = null;
    this.setHealth({ state: 'down', ...describedBy(healthNote('disconnected')) }, host);
  }

  private sampleValues(): TemplateValues {
    const sample: TemplateMessage = { id: 'x', to: '989120000000', from: '1000', text: 'x', encoding: 'gsm7', parts: 1, flash: false };
    const one = valuesOf(sample, this.options.recipientFormat, this.options.pauseText);
    return { ...one, ...this.secrets, toList: [one.to], fromList: [one.from], textList: [one.text], idList: [one.id] };
  }

  private paths(): string[] {
    const { response, webhook, poll, inbound } = this.options;
    const all = [response.idPath, response.successPath, response.errorCodePath, response.errorTextPath];
    for (const m of [webhook, poll?.response]) if (m) all.push(m.itemsPath, m.idPath, m.statusPath);
    if (inbound) all.push(inbound.itemsPath, inbound.fromPath, inbound.toPath, inbound.textPath, inbound.idPath);
    return all.filter((p): p is string => p !== undefined);
  }

  private setHealth(health: TemplateHealth, host: TemplateHost | null = this.host): void {
    const changed = health.state !== this.health_.state || health.detail !== this.health_.detail;
    this.health_ = health;
    if (changed) host?.statusChanged(health);
  }

  private async submitNow(batch: TemplateMessage[]): Promise<TemplateSubmitResult[]> {
    if (this.phase !== 'up') return batch.map((m) => ({ id: m.id, status: 'transient', code: 'NotConnected', message: 'the gateway is not connected' }));
    this.inFlight += batch.length;
    try {
      const results: (TemplateSubmitResult | undefined)[] = new Array(batch.length);
      const byKey = new Map<string, number[]>();
      const valuesAt: TemplateValues[] = [];
      batch.forEach((message, i) => {
        if (this.kind.requiresVoice && (!message.voice || (!message.voice.audioUrl && !message.voice.text))) {
          results[i] = { id: message.id, status: 'rejected', code: 'InvalidRequest', message: 'a voice message needs an audio URL or a text to speak' };
          return;
        }
        const values = valuesOf(message, this.options.recipientFormat, this.options.pauseText);
        valuesAt[i] = values;
        const key = this.usesLists ? JSON.stringify(this.singleNames.map((name) => values[name])) : String(i);
        const same = byKey.get(key);
        if (same) same.push(i);
        else byKey.set(key, [i]);
      });
      const groups: { indexes: number[]; values: TemplateValues[] }[] = [];
      for (const indexes of byKey.values()) {
        for (let k = 0; k < indexes.length; k += this.options.batchSize) {
          const chunk = indexes.slice(k, k + this.options.batchSize);
          groups.push({ indexes: chunk, values: chunk.map((i) => valuesAt[i]!) });
        }
      }
      await mapLimited(groups, REQUEST_CONCURRENCY, async (group) => {
        const outcome = await this.sendGroup(group.values);
        group.indexes.forEach((index, k) => {
          const id = batch[index]!.id;
          if (outcome.status === 'accepted') {
            const providerId = outcome.providerIds[k]!;
            results[index] = { id, status: 'accepted', providerId };
            if (this.pollById) this.awaitReport(providerId);
          } else {
            results[index] = {
              id, status: outcome.status, code: outcome.code,
              ...(outcome.message === undefined ? {} : { message: outcome.message }),
              ...(outcome.inDoubt ? { inDoubt: true } : {}),
            } as TemplateSubmitResult;
          }
        });
      });
      return results.map((r, i) => r ?? { id: batch[i]!.id, status: 'transient', code: 'GatewayError', message: 'no answer was mapped' });
    } finally {
      this.inFlight -= batch.length;
    }
  }

  private async sendGroup(group: TemplateValues[]): Promise<RequestOutcome> {
    const first = group[0]!;
    const values: TemplateValues = {
      ...first,
      ...this.secrets,
      toList: group.map((v) => v.to!),
      fromList: group.map((v) => v.from!),
      textList: group.map((v) => v.text!),
      idList: group.map((v) => v.id!),
    };
    let request: BuiltRequest;
    try {
      request = buildRequest(this.options.request, values);
    } catch (err) {
      // A template fault is the configuration's, not the message's: keep the message for a fixed one.
      this.setHealth({ state: 'degraded', ...describedBy(healthNote('requestTemplateError', { error: err instanceof Error ? err.message : String(err) })) });
      return { status: 'transient', code: 'ConfigurationError', message: err instanceof Error ? err.message : String(err) };
    }
    const answer = await sendRequest(request, this.options.timeoutMs);
    if (answer.status === 'fault') {
      this.setHealth({ state: 'degraded', ...describedBy(healthNote('requestFailed', { code: answer.code, error: answer.message })) });
      // A time-out means the request left and no answer came: the provider may have sent it. The
      // host asks again only a provider that dedupes by our id (SDK: `inDoubt`).
      return { status: 'transient', code: answer.code, message: answer.message, ...(answer.code === 'Timeout' ? { inDoubt: true } : {}) };
    }
    if (answer.status >= 500) this.setHealth({ state: 'degraded', ...describedBy(healthNote('providerHttpError', { httpStatus: answer.status })) });
    else if (this.phase === 'up') this.setHealth({ state: 'up' });
    return mapSubmitResponse(answer, this.options.response, group.length, this.idempotentSubmit);
  }

  private awaitReport(providerId: string): void {
    if (this.awaiting.has(providerId)) return;
    this.awaiting.set(providerId, { status: null, since: Date.now() });
    if (this.awaiting.size > MAX_AWAITING_POLL) {
      const oldest = this.awaiting.keys().next().value;
      if (oldest !== undefined) this.awaiting.delete(oldest);
    }
  }

  /** Joins a poll already running, so two polls never hand the same report twice. */
  private poll(): Promise<void> {
    if (this.phase !== 'up') return Promise.resolve();
    this.polling ??= this.runPoll().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async runPoll(): Promise<void> {
    const host = this.host;
    const poll = this.options.poll;
    if (!host || !poll) return;
    if (!this.pollById) {
      await this.pollOnce(host, poll, {});
      return;
    }
    const cutoff = Date.now() - AWAIT_POLL_MS;
    for (const [providerId, entry] of this.awaiting) if (entry.since < cutoff) this.awaiting.delete(providerId);
    const byList = placeholdersIn(poll.request).has('providerIdList');
    const perRequest = byList ? poll.batchSize : 1;
    // A bounded pass, so one poll never turns into thousands of requests; ids still awaiting go to
    // the back of the line, so the next pass asks about the others first.
    const ids = [...this.awaiting.keys()].slice(0, perRequest * MAX_POLL_REQUESTS);
    for (let i = 0; i < ids.length; i += perRequest) {
      const chunk = ids.slice(i, i + perRequest);
      await this.pollOnce(host, poll, { providerId: chunk[0]!, providerIdList: chunk });
      for (const providerId of chunk) {
        const entry = this.awaiting.get(providerId);
        if (entry === undefined) continue;
        this.awaiting.delete(providerId);
        this.awaiting.set(providerId, entry);
      }
    }
  }

  /** One poll request: its reports go to the host, and only then leave the awaiting list. */
  private async pollOnce(host: TemplateHost, poll: PollSettings, ids: TemplateValues): Promise<void> {
    const request = buildRequest(poll.request, { ...this.secrets, ...ids });
    const answer = await sendRequest(request, this.options.timeoutMs);
    if (answer.status === 'fault') throw new Error(`poll request failed: ${answer.code}: ${answer.message}`);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`poll request answered HTTP ${answer.status}`);
    const { reports, unknownStatuses } = readReports(parseBody(answer.body), poll.response, host.now());
    if (unknownStatuses.length > 0) host.logger.warn({ statuses: [...new Set(unknownStatuses)] }, 'polled statuses missing from the status map; not reported');
    // Only a change is news: a provider answers "in queue" on every poll until the final status.
    const fresh = reports.filter((r) => !this.pollById || (this.awaiting.has(r.providerId) && this.awaiting.get(r.providerId)!.status !== r.providerStatus));
    if (fresh.length === 0) return;
    await host.deliveryReports(fresh);
    for (const report of fresh) {
      if (report.state !== 'pending') this.awaiting.delete(report.providerId);
      else {
        const entry = this.awaiting.get(report.providerId);
        if (entry) entry.status = report.providerStatus;
      }
    }
  }

  private async webhook(request: TemplateWebhookRequest): Promise<TemplateWebhookResponse> {
    const host = this.host;
    if (!host || this.phase === 'down') return { status: 503, body: 'not connected' };
    const tree = readPushedBody(request);
    if (tree === null) return { status: 400, body: 'unreadable body' };
    const at = host.now();
    const read = this.options.reports === 'webhook' && this.options.webhook ? readReports(tree, this.options.webhook, at) : { reports: [], unknownStatuses: [] };
    const inbound = read.reports.length === 0 && read.unknownStatuses.length === 0 && this.options.inbound ? readInbound(tree, this.options.inbound, at) : [];
    if (read.reports.length === 0 && inbound.length === 0) {
      if (read.unknownStatuses.length > 0) {
        host.logger.warn({ statuses: [...new Set(read.unknownStatuses)] }, 'pushed statuses missing from the status map; not reported');
        // Taken, so the provider does not retry something that will never be readable.
        return { status: 200, body: 'OK' };
      }
      return { status: 400, body: 'no report or inbound message in this call' };
    }
    if (read.unknownStatuses.length > 0) host.logger.warn({ statuses: [...new Set(read.unknownStatuses)] }, 'pushed statuses missing from the status map; not reported');
    try {
      if (read.reports.length > 0) await host.deliveryReports(read.reports);
      if (inbound.length > 0) await host.inbound(inbound);
    } catch (err) {
      host.logger.warn({ err }, 'host did not take pushed reports; the provider is asked to send them again');
      return { status: 503, body: 'not stored' };
    }
    return { status: 200, body: 'OK' };
  }
}

// ---------------------------------------------------------------------------------------------
// The options schema both plugins share.

const DELIVERY_STATES: TemplateDeliveryState[] = ['pending', 'delivered', 'undelivered', 'expired', 'rejected'];

/**
 * The four texts of one option: English `title`/`description`, Persian `x-title-fa`/
 * `x-description-fa` (the convention of `OptionsSchema` in gateway-sdk.ts).
 */
interface OptionTexts {
  'title': string;
  'x-title-fa': string;
  'description': string;
  'x-description-fa': string;
}

const texts = (title: string, titleFa: string, description: string, descriptionFa: string): OptionTexts =>
  ({ 'title': title, 'x-title-fa': titleFa, 'description': description, 'x-description-fa': descriptionFa });

const PATH_HINT = ' Path like a.b[0].c or items[*].id.';
const PATH_HINT_FA = ' مسیر به شکل a.b[0].c یا items[*].id.';

const pathSchema = (title: string, titleFa: string, description: string, descriptionFa: string) =>
  ({ type: 'string', pattern: PATH_PATTERN, ...texts(title, titleFa, description + PATH_HINT, descriptionFa + PATH_HINT_FA) });

function requestTemplateSchema(own: OptionTexts): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    ...own,
    properties: {
      method: { type: 'string', enum: ['GET', 'POST', 'PUT'], default: 'POST', ...texts('Method', 'متد HTTP', 'The HTTP method.', 'متد درخواست HTTP.') },
      url: {
        type: 'string', minLength: 8,
        ...texts('URL', 'نشانی (URL)', 'Absolute http(s) URL; placeholders are percent-encoded.', 'نشانی کامل http(s)؛ جای‌نگهدارها (مثل {to}) در آن percent-encode می‌شوند.'),
      },
      headers: {
        type: 'object', additionalProperties: { type: 'string' }, default: {},
        ...texts('Headers', 'سرآیندها (headers)', 'Header name → value template, as a JSON object.', 'نام سرآیند ← الگوی مقدار، به شکل یک شیء JSON.'),
      },
      bodyType: {
        type: 'string', enum: ['json', 'form', 'query', 'none'], default: 'json',
        ...texts('Body type', 'نوع بدنه',
          'json: a JSON body; form: form-encoded; query: in the URL query; none: no body.',
          'json: بدنه JSON؛ form: فرم (x-www-form-urlencoded)؛ query: پارامترهای نشانی؛ none: بدون بدنه.'),
      },
      body: {
        type: ['object', 'array'],
        ...texts('Body', 'بدنه درخواست',
          'json: a JSON value whose strings may be placeholders ("{toList}" becomes an array); form/query: name → value template.',
          'json: یک مقدار JSON که رشته‌هایش می‌توانند جای‌نگهدار باشند ("{toList}" به آرایه تبدیل می‌شود)؛ form و query: نام ← الگوی مقدار.'),
      },
    },
    required: ['url'],
  };
}

function reportMappingSchema(own: OptionTexts): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    ...own,
    properties: {
      itemsPath: pathSchema('List path', 'مسیر فهرست',
        'Where the list of reports is; absent: the body is one report (repeated form fields pair up).',
        'جای فهرست گزارش‌ها؛ خالی: کل بدنه یک گزارش است (فیلدهای تکراری فرم با هم جفت می‌شوند).'),
      idPath: pathSchema('Message id path', 'مسیر شناسه پیام', 'The provider message id within a report.', 'شناسه پیام نزد سرویس‌دهنده، در هر گزارش.'),
      statusPath: pathSchema('Status path', 'مسیر وضعیت', 'The status within a report.', 'وضعیت پیام، در هر گزارش.'),
      statusMap: {
        type: 'object',
        additionalProperties: { type: 'string', enum: DELIVERY_STATES },
        ...texts('Status map', 'نگاشت وضعیت‌ها',
          'Provider status → pending | delivered | undelivered | expired | rejected. Other statuses are not reported.',
          'وضعیت سرویس‌دهنده ← pending | delivered | undelivered | expired | rejected. وضعیت‌های دیگر گزارش نمی‌شوند.'),
      },
    },
    required: ['idPath', 'statusPath', 'statusMap'],
  };
}

export interface TemplateSchemaInput {
  refusalCodes: readonly string[];
  presetNames: readonly string[];
  /** Complete option sets the panel offers as starting points (the root `examples`). */
  examples: readonly Record<string, unknown>[];
  defaultMaxPerSecond: number;
  /** Voice gateways: offer `pauseText` (what the `[delay]` marker of a spoken text becomes). */
  voice?: boolean;
}

/** The options schema of a templated HTTP gateway (see plugins/http/README.md for each field). */
export function templateOptionsSchema(input: TemplateSchemaInput): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    examples: input.examples,
    properties: {
      ...(input.voice ? {
        pauseText: {
          type: 'string', maxLength: 200, default: '، ',
          ...texts('Pause', 'مکث',
            'What each one-second pause marker [delay] of a spoken text becomes: a pause your provider understands (a comma, "..." or an SSML <break time="1s"/>).',
            'هر نشانه مکث یک‌ثانیه‌ای [delay] در متن گفتاری به چه تبدیل شود: مکثی که سرویس‌دهنده می‌فهمد (ویرگول، «...» یا <break time="1s"/> در SSML).'),
        },
      } : {}),
      preset: {
        type: 'string', enum: [...input.presetNames, 'custom'], default: 'custom',
        ...texts('Preset', 'نمونه آماده',
          'Which preset the form started from (a label; the options below are what is used).',
          'نمونه آماده‌ای که فرم از آن شروع شد (فقط برچسب است؛ آنچه به کار می‌رود تنظیمات زیر است).'),
      },
      request: requestTemplateSchema(texts('Submit request', 'درخواست ارسال',
        'The HTTP request that hands messages to the provider.', 'درخواست HTTP که پیام‌ها را به سرویس‌دهنده می‌سپارد.')),
      response: {
        type: 'object',
        additionalProperties: false,
        ...texts('Submit answer', 'خواندن پاسخ ارسال', 'How to read the submit answer.', 'پاسخ سرویس‌دهنده به درخواست ارسال چطور خوانده شود.'),
        properties: {
          successPath: pathSchema('Success path', 'مسیر وضعیت موفقیت',
            'Where the success flag or status code is; absent: any 2xx answer is a success.',
            'جای پرچم موفقیت یا کد وضعیت در پاسخ؛ خالی: هر پاسخ 2xx موفق است.'),
          successValues: {
            type: 'array', items: { type: ['string', 'number', 'boolean'] }, minItems: 1, default: [true],
            ...texts('Success values', 'مقدارهای موفقیت', 'Values at the success path that mean the request was taken.', 'مقدارهایی در مسیر موفقیت که یعنی درخواست پذیرفته شد.'),
          },
          idPath: pathSchema('Message id path', 'مسیر شناسه پیام',
            'The provider message id, or an array of ids (one per message of the request).',
            'شناسه پیام نزد سرویس‌دهنده، یا آرایه‌ای از شناسه‌ها (یکی برای هر پیام درخواست).'),
          errorCodePath: pathSchema('Error code path', 'مسیر کد خطا', 'The provider error code of a failed request.', 'کد خطای سرویس‌دهنده در درخواست ناموفق.'),
          errorTextPath: pathSchema('Error text path', 'مسیر متن خطا', 'The provider error text of a failed request.', 'متن خطای سرویس‌دهنده در درخواست ناموفق.'),
          refusedCodes: {
            type: 'array', items: { type: 'string' }, default: [],
            ...texts('Final refusal codes', 'کدهای رد قطعی', 'Codes meaning refused for good.', 'کدهای خطایی که یعنی پیام قطعاً رد شد.'),
          },
          retryCodes: {
            type: 'array', items: { type: 'string' }, default: [],
            ...texts('Retry codes', 'کدهای تلاش دوباره', 'Codes meaning try again later.', 'کدهای خطایی که یعنی بعداً دوباره تلاش شود.'),
          },
          codeMap: {
            type: 'object', additionalProperties: { type: 'string', enum: [...input.refusalCodes] }, default: {},
            ...texts('Code map', 'نگاشت کدها', 'Provider code → Peyk refusal code (e.g. NotEnoughBalance).', 'کد سرویس‌دهنده ← کد رد پیک (مثلاً NotEnoughBalance).'),
          },
        },
        required: ['idPath'],
      },
      batchSize: {
        type: 'integer', minimum: 1, maximum: 1_000, default: 1,
        ...texts('Messages per request', 'پیام در هر درخواست',
          'Messages per request (needs list placeholders such as {toList}); 1 = one request per message.',
          'تعداد پیام در هر درخواست (جای‌نگهدار فهرستی مثل {toList} لازم دارد)؛ 1 یعنی برای هر پیام یک درخواست.'),
      },
      maxPerSecond: {
        type: 'integer', minimum: 1, maximum: 100_000, default: input.defaultMaxPerSecond,
        ...texts('Messages per second', 'سرعت ارسال (پیام در ثانیه)', 'Messages per second the provider account allows.', 'تعداد پیامی که حساب سرویس‌دهنده در هر ثانیه اجازه می‌دهد.'),
      },
      idempotentSubmit: {
        type: 'boolean', default: false,
        ...texts('Provider drops repeats', 'سرویس‌دهنده ارسال تکراری را حذف می‌کند',
          'True only when the provider drops a repeated {id}: then the host may resubmit after a crash.',
          'فقط وقتی روشن شود که سرویس‌دهنده پیامی با {id} تکراری را دوباره نفرستد؛ آن‌وقت پنل می‌تواند پس از خرابی دوباره ارسال کند.'),
      },
      timeoutMs: {
        type: 'integer', minimum: 500, maximum: 120_000, default: 15_000,
        ...texts('Time-out (ms)', 'مهلت پاسخ (میلی‌ثانیه)', 'Time-out of one request.', 'مهلت پاسخ هر درخواست.'),
      },
      recipientFormat: {
        type: 'string', enum: ['international', 'plus', 'zero'], default: 'international',
        ...texts('Recipient format', 'قالب شماره گیرنده',
          '{to}: 98912… (international), +98912… (plus) or 0912… (zero, Iranian numbers only).',
          // LRM (\u200e) keeps '+' and the digits of each number together inside the right-to-left sentence.
          'شکل {to}: \u200e98912… (international)، \u200e+98912… (plus) یا \u200e0912… (zero، فقط شماره‌های ایران).'),
      },
      apiKey: { type: 'string', writeOnly: true, ...texts('API key', 'کلید API (توکن)', 'Fills the {apiKey} placeholder.', 'مقدار جای‌نگهدار {apiKey}.') },
      username: { type: 'string', writeOnly: true, ...texts('User name', 'نام کاربری', 'Fills the {username} placeholder.', 'مقدار جای‌نگهدار {username}.') },
      password: {
        type: 'string', writeOnly: true,
        ...texts('Password', 'رمز عبور', 'Fills the {password} placeholder ({basicAuth} = base64 of username:password).', 'مقدار جای‌نگهدار {password} ({basicAuth} = base64 از username:password).'),
      },
      reports: {
        type: 'string', enum: ['none', 'webhook', 'poll'], default: 'none',
        ...texts('Delivery reports', 'دریافت گزارش تحویل',
          'How delivery reports arrive: none, webhook (the provider calls the panel) or poll (the panel asks).',
          'گزارش تحویل چطور می‌رسد: none (بدون گزارش)، webhook (سرویس‌دهنده پنل را صدا می‌زند) یا poll (پنل می‌پرسد).'),
      },
      webhook: reportMappingSchema(texts('Webhook reports', 'گزارش با وب‌هوک',
        'With reports webhook: where the id and status are in a pushed call (JSON or form).',
        'با روش webhook: شناسه و وضعیت در فراخوانی سرویس‌دهنده (JSON یا فرم) کجاست.')),
      poll: {
        type: 'object',
        additionalProperties: false,
        ...texts('Polled reports', 'پرسش دوره‌ای گزارش', 'With reports poll: the status request and how to read its answer.', 'با روش poll: درخواست وضعیت و خواندن پاسخ آن.'),
        properties: {
          request: requestTemplateSchema(texts('Status request', 'درخواست وضعیت',
            'The status request; {providerId} or {providerIdList} asks for the messages awaiting a report.',
            'درخواست وضعیت؛ {providerId} یا {providerIdList} وضعیت پیام‌های منتظر گزارش را می‌پرسد.')),
          response: reportMappingSchema(texts('Status answer', 'خواندن پاسخ وضعیت', 'Where the reports are in the answer.', 'گزارش‌ها در پاسخ کجا هستند.')),
          batchSize: {
            type: 'integer', minimum: 1, maximum: 1_000, default: 100,
            ...texts('Ids per request', 'شناسه در هر درخواست', 'Provider ids per status request.', 'تعداد شناسه پیام در هر درخواست وضعیت.'),
          },
          pollIntervalMs: {
            type: 'integer', minimum: 1_000, maximum: 3_600_000, default: 60_000,
            ...texts('Poll interval (ms)', 'فاصله پرسش (میلی‌ثانیه)', 'Time between two polls.', 'فاصله زمانی بین دو پرسش.'),
          },
        },
        required: ['request', 'response'],
      },
      inbound: {
        type: 'object',
        additionalProperties: false,
        ...texts('Inbound messages', 'پیام‌های دریافتی', 'Optional: inbound messages pushed to the same webhook.', 'اختیاری: پیام‌های دریافتی که به همان وب‌هوک فرستاده می‌شوند.'),
        properties: {
          itemsPath: pathSchema('List path', 'مسیر فهرست', 'Where the list of messages is; absent: the body is one message.', 'جای فهرست پیام‌ها؛ خالی: کل بدنه یک پیام است.'),
          fromPath: pathSchema('Sender path', 'مسیر فرستنده', 'The sender.', 'شماره فرستنده.'),
          toPath: pathSchema('Line path', 'مسیر خط', 'The line that received it.', 'خطی که پیام را دریافت کرده است.'),
          textPath: pathSchema('Text path', 'مسیر متن', 'The text.', 'متن پیام.'),
          idPath: pathSchema('Message id path', 'مسیر شناسه پیام', 'The provider id of the inbound message.', 'شناسه پیام دریافتی نزد سرویس‌دهنده.'),
        },
        required: ['fromPath', 'toPath', 'textPath'],
      },
    },
    required: ['request', 'response'],
    allOf: [
      {
        if: { properties: { reports: { const: 'webhook' } }, required: ['reports'] },
        then: { properties: { webhook: { type: 'object' } }, required: ['webhook'] },
      },
      {
        if: { properties: { reports: { const: 'poll' } }, required: ['reports'] },
        then: { properties: { poll: { type: 'object' } }, required: ['poll'] },
      },
    ],
  };
}
