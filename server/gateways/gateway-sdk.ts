/**
 * The gateway plugin contract (apiVersion 1). A plugin folder under `plugins/<name>/` has a
 * package.json with `"peyk": {"apiVersion": 1, "kind": "sms"}` and an `index.ts` whose named export
 * `plugin` is a `GatewayPlugin` (kinds `sms`, `voice`, `email`) or a `BtsPlugin` (kind `bts`, at the
 * end of this file). Plugins import only this file.
 *
 * Invariants every plugin keeps (the contract tests in tests/contract/ check them):
 * - `submit` answers exactly one result per message, in the order given, with the message's `id`;
 *   it never drops a message silently and never throws for a per-message problem.
 * - A fault that may pass (time-out, throttling, connection lost) is a `transient` result, so the
 *   host retries it; `rejected` is final (the operator refused this message).
 * - "accepted" means the operator took the message (submitted), never that it was delivered.
 *   Delivery is only what a delivery report says later.
 * - Nothing blocks the event loop; timers are cleared by `disconnect`.
 */
import type { HealthNote } from '../shared/lines/gateway-health-notes.js';
import type { GeoArea, GeoPosition } from '../shared/targeting/geo-areas.js';

export const GATEWAY_API_VERSION = 1;

/**
 * The panel's own SMS text rules, for plugins that cut or encode texts themselves (SMPP): parts cut
 * here are the parts the panel priced.
 */
export { countParts, smsEncoding, splitParts, type PartCount, type SmsEncoding } from '../shared/sms/sms-text.js';
/** The SMPP hot-path PDU codec (submit_sm, deliver_sm and their responses), shared with the built-in SMPP server. */
export { encodeDeliverSm, encodeDeliverSmResp, encodeSubmitSm, encodeSubmitSmResp, nextSequence, type ShortMessageFields } from '../shared/sms/smpp-pdu.js';

/**
 * Health as codes with parameters (`GatewayHealth.detailNotes`), which the panel words in the
 * reader's language; `healthNotesText` gives the English `detail` from the same notes.
 */
export { describedBy, HEALTH_NOTE_CODES, healthNote, healthNoteText, healthNotesText, type HealthNote, type HealthNoteCode } from '../shared/lines/gateway-health-notes.js';

export type GatewayKind = 'sms' | 'voice' | 'email' | 'bts';

export interface GatewayManifest {
  /** Same as the plugin folder name: lower-case letters, digits and dashes. */
  name: string;
  version: string;
  apiVersion: number;
  kind: GatewayKind;
  title: { fa: string; en: string };
  description?: { fa: string; en: string };
}

/**
 * A JSON Schema (draft 2020-12 subset that ajv compiles, strict mode) of the plugin's options.
 * The panel is bilingual and a schema has one `title`, so every property, nested ones included,
 * carries four texts: `title` and `description` in English, and the annotation keywords
 * `x-title-fa` and `x-description-fa` in Persian (the loader registers these two as annotations;
 * any other unknown keyword still refuses the plugin). The options form shows the Persian pair when
 * the panel is in Persian, falling back to the English one, then to the property name. Protocol
 * terms (TON/NPI, system_id, enquire_link, placeholders) stay in Latin letters inside the Persian.
 * A root `examples` array of complete option objects is offered by the form as "start from"
 * presets (labelled by each example's `preset` value); secrets are never part of an example.
 * Two boolean annotations guide the form: `x-multiline: true` on a string asks for a multi-line
 * field (a PEM certificate), and `x-agent-rate: true` on one number marks it as the agent's
 * throughput — the form then shows no separate rate field, and the agent's rate follows it.
 */
export type OptionsSchema = Record<string, unknown>;

export interface OutboundMessage {
  /** The host's id of this message (unique within the host); results and reports refer to it. */
  id: string;
  /** Recipient in international form without '+': 98912..., or another country's number. */
  to: string;
  /** The sender line's number (or mask). */
  from: string;
  text: string;
  encoding: 'gsm7' | 'ucs2';
  /** SMS parts the text takes (the plugin concatenates as its protocol needs). */
  parts: number;
  flash: boolean;
  /**
   * Voice sends only (plugins of kind `voice`): what to play. `audioUrl` is a public URL of an MP3
   * or WAV the provider fetches; `text` is text-to-speech input (the same as `text` above). One of
   * the two is set. `seconds` is the length the host priced (30 seconds = one SMS part).
   */
  voice?: { audioUrl: string | null; text: string | null; seconds: number };
}

/**
 * What the host hands `submit` beside the batch. A plugin uses only what it declared it uses.
 */
export interface SubmitContext {
  /**
   * Given only to a gateway with `announcesWrites` (and only when the host keeps track: not for an
   * `idempotentSubmit` gateway). Call it with the ids of messages you are about to write to the
   * provider — what the free window and the rate allow now, not the whole batch — and write none of
   * them before the promise resolved: the host has then recorded that they may be on their way.
   * After a crash the host sends again every message never announced (it certainly did not leave)
   * and treats only the announced ones as in doubt. Rejected: write none of those ids and answer
   * each `transient` without `inDoubt` (the host takes them again later).
   */
  handOff?(ids: string[]): Promise<void>;
}

export type SubmitResult =
  | { id: string; status: 'accepted'; providerId: string }
  /** `code`: one of REFUSAL_CODES where it fits (the host shows it as the matching delivery status), else the provider's own. */
  | { id: string; status: 'rejected'; code: string; message?: string }
  /**
   * `inDoubt`: the message left for the provider and no answer came (a time-out, the connection lost
   * after the write), so the provider may have it. The host asks again only a gateway with
   * `idempotentSubmit`; for the others it ends the message as not sent and gives its money back
   * rather than risk a second copy on the phone. Without it a transient result means "not taken".
   */
  | { id: string; status: 'transient'; code: string; message?: string; inDoubt?: boolean };

/**
 * What the operator said about a submitted message. `state` is the plugin's reading of it; the
 * host maps it to the spec's DeliveryStatus and keeps `providerStatus` and `raw` for audit.
 * `pending` = reached the operator's centre but not final yet; the others are final.
 */
export type DeliveryState = 'pending' | 'delivered' | 'undelivered' | 'expired' | 'rejected';

export interface DeliveryReport {
  providerId: string;
  state: DeliveryState;
  /** The operator's own status text or code, as received. */
  providerStatus: string;
  at: Date;
  raw?: unknown;
}

/**
 * A submitted message to ask the operator about (`Gateway.queryStatus`): the provider's id of it
 * (`SubmitResult.providerId`) and the addresses it was sent with (SMPP `query_sm` names the source).
 */
export interface StatusQuery {
  providerId: string;
  from: string;
  to: string;
}

/**
 * The operator's present answer about one message. `unknown`: the operator does not know the id
 * (purged, never its own) or could not say; the host leaves the message as it is.
 */
export interface StatusAnswer {
  providerId: string;
  state: DeliveryState | 'unknown';
  /** The operator's own status text or code, as received. */
  providerStatus: string;
  at: Date;
  raw?: unknown;
}

export interface InboundMessage {
  from: string;
  to: string;
  text: string;
  at: Date;
  providerId?: string;
  raw?: unknown;
}

export type GatewayState = 'up' | 'degraded' | 'down';

export interface GatewayHealth {
  state: GatewayState;
  /** In English, for logs and for panels of old: an administrator acts on it. */
  detail?: string;
  /**
   * The same as codes (optional; newer plugins give both): the panel says these in the reader's
   * language and falls back to `detail` without them. Give `detail: healthNotesText(notes)`.
   */
  detailNotes?: HealthNote[];
  /** Messages submitted and not yet answered (window use). */
  inFlight?: number;
  /** Connection-oriented gateways (SMPP): sessions bound out of those configured. */
  binds?: { bound: number; total: number };
  /** Submits sent per second, averaged over the last few seconds. */
  submitsPerSecond?: number;
  /** The last error in plain words, kept after the link came back (detail says the present). */
  lastError?: string;
  /** `lastError` as a code, when the plugin gives one. */
  lastErrorNote?: HealthNote;
}

export interface GatewayLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the host gives a gateway. Callbacks may be called at any time after `connect`. */
export interface GatewayHost {
  readonly gatewayId: string;
  logger: GatewayLogger;
  now(): Date;
  /**
   * Delivery reports, in any grouping; the host writes them in batches and may be slow (await it).
   * Resolved = stored durably: only then may the gateway acknowledge them to its provider. Rejected
   * = not stored: keep them and hand them over again (the host drops repeats).
   */
  deliveryReports(reports: DeliveryReport[]): Promise<void>;
  /** Inbound messages; the same promise rule as deliveryReports (repeats by providerId are dropped). */
  inbound(messages: InboundMessage[]): Promise<void>;
  statusChanged(health: GatewayHealth): void;
}

export interface WebhookRequest {
  method: string;
  /** The query without the host's `secret`. */
  query: Record<string, string>;
  /** Lower-case names; the host's secret header is removed. */
  headers: Record<string, string>;
  /** The raw bytes as sent (at most 1 MB): JSON, form-encoded or XML is the plugin's to parse. */
  body: Buffer;
}

export interface WebhookResponse {
  status: number;
  body: string;
  /** Default `text/plain; charset=utf-8`. */
  contentType?: string;
}

export interface Gateway {
  /** The largest batch `submit` takes; the host never passes more. */
  readonly maxBatchSize: number;
  /**
   * True when the provider recognises a resubmitted message `id` and does not send it again
   * (an idempotency key, as many HTTP SMS APIs offer). After a crash the host resubmits messages
   * whose answer it never stored only to such gateways; for the others it marks them in doubt
   * instead of risking a second copy on the recipient's phone.
   */
  readonly idempotentSubmit: boolean;
  /**
   * True when the plugin calls `SubmitContext.handOff` before it writes a message (a plugin with its
   * own queue, window or throttle, where a batch's messages may wait long before they leave, as SMPP).
   * Without it, a crash leaves every message of a batch under way in doubt, written or not.
   */
  readonly announcesWrites?: boolean;
  /** Messages per second the provider allows for this account (the host throttles to it). */
  readonly maxPerSecond: number;
  connect(host: GatewayHost): Promise<void>;
  submit(batch: OutboundMessage[], context?: SubmitContext): Promise<SubmitResult[]>;
  /**
   * HTTP providers that push reports (or inbound messages) call the host's webhook route
   * (`POST|GET /api/gateways/{agentId}/webhook?secret=…`), which lands here once the agent's secret
   * is checked. Answer 2xx only after `host.deliveryReports` / `host.inbound` resolved, so the
   * provider retries what was not stored; a request that is not the provider's is a 4xx, not a throw.
   */
  handleWebhook?(request: WebhookRequest): Promise<WebhookResponse>;
  /**
   * Providers that must be asked for reports; the host calls this on a timer, never twice at once
   * for one gateway, only in the process that holds the connection. Hand what it finds to
   * `host.deliveryReports` and acknowledge to the provider only after that resolved.
   */
  pollDeliveryReports?(): Promise<void>;
  /** Time between two polls; the host's default (10 s) when absent. */
  readonly pollIntervalMs?: number;
  /**
   * Optional: asks the operator for the present delivery state of submitted messages (SMPP
   * `query_sm`, an HTTP status URL by provider id). Answers exactly one `StatusAnswer` per query, in
   * the order given, never throws for one message (`unknown` instead); the host passes at most
   * `maxBatchSize` queries at once and applies the final answers as delivery reports (a final state
   * is never moved back). Present exactly when the plugin's `queriesStatus(options)` says true.
   */
  queryStatus?(queries: StatusQuery[]): Promise<StatusAnswer[]>;
  health(): Promise<GatewayHealth>;
  /** With `drain`, waits for answers to what is in flight (and pending reports) before closing. */
  disconnect(options: { drain: boolean }): Promise<void>;
}

export interface GatewayPlugin {
  manifest: GatewayManifest;
  optionsSchema: OptionsSchema;
  /** Options are already validated against `optionsSchema` (with its defaults applied). */
  create(id: string, options: Record<string, unknown>): Gateway;
  /**
   * Whether a gateway made with these (validated) options answers `queryStatus`, asked without
   * connecting (the panel says so beside the outbox's "request delivery status"). Absent: never.
   */
  queriesStatus?(options: Record<string, unknown>): boolean;
}

/**
 * How the contract suite (tests/contract/) runs against a plugin: the named export `fixture` of
 * `plugins/<name>/contract.fixture.ts`, beside the plugin. A plugin without one still has its
 * manifest and options checked; its behaviour tests stay pending until it has one.
 */
export interface GatewayContractFixture {
  /** Options (before defaults) that make the plugin deterministic and reachable in a test. */
  options: Record<string, unknown>;
  /** Starts whatever the plugin talks to (a local SMSC, an HTTP stub). */
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
  /** How long a delivery report may take to arrive. Default 5 s. */
  reportTimeoutMs?: number;
  /** False for a provider that sends no delivery reports. Default true. */
  deliveryReports?: boolean;
  /** For a plugin with `pollDeliveryReports`: options under which reports come only when polled. */
  pollOptions?: Record<string, unknown>;
  /**
   * For a plugin with `handleWebhook`: options under which reports come as HTTP calls to `url`
   * (the suite's stand-in for the host's webhook route, passing each call to `handleWebhook`).
   * `secret` is what the host would check; the suite checks it too.
   */
  webhookOptions?(url: string, secret: string): Record<string, unknown>;
  /**
   * For a plugin with `queriesStatus`: options under which no report is sent by itself (so the
   * suite sees the state only by asking) and a message's final state is known to the provider
   * within `reportTimeoutMs`. The suite submits, asks, and expects a final state for its message
   * and `unknown` for an id never given.
   */
  queryOptions?: Record<string, unknown>;
  /** Plugins of kind `bts`: the requests the suite sends (see `BtsContractFixture`). */
  bts?: BtsContractFixture;
}

/**
 * Refusal codes the host understands (each becomes its own delivery status in the outbox: an
 * invalid mobile, a filtered text, the provider account out of balance...). Other codes are kept
 * as the plugin gives them and shown as NotSent.
 */
export const REFUSAL_CODES = [
  'InvalidDestination', 'InvalidRecipient', 'InvalidSender', 'InvalidPrivateNumber', 'TextIsEmpty', 'Filtered', 'OperatorBlackList',
  'NotEnoughBalance', 'AccessDenied', 'InvalidCredentials', 'InvalidMethod', 'InvalidRequest',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Kind `bts`: an operator's location-based sending system (plugins/CONTEXT.md, "Writing a BTS plugin").
//
// Not a message gateway: the panel never sees the recipients. It hands the operator one smart
// request (who, where, when, how many) and a text; the operator finds the people whose phones were
// seen in the drawn areas, sends, and reports progress and final counts. Money follows those counts:
// the host holds credit for the requested count and settles by `sentCount` of the final status.
// Invariants every `bts` plugin keeps (tests/contract/ checks them):
// - `estimate` and `submit` answer bad input as `{ ok: false, code, propertyName }`, never a throw.
// - `status` of an id the plugin never gave is `Unknown`, not a throw.
// - A final status (`Done`, `Failed`, `NotFound`, `InternalError`) never changes again, and its
//   counts never shrink: `deliveredCount <= sentCount <= foundCount`, `sentCount` never above
//   the count the request asked for.
// - Locations are coarse (a few hundred metres), never a person's exact place, and never numbers.
// ---------------------------------------------------------------------------------------------

/** Point-in-area math and the area shapes, shared with the host's targeting module. */
import { SMART_OPERATORS, type SmartAudience, type SmartOperator } from '../shared/targeting/smart-requests.answers.js';
export { geoAreaProblem, geoAreasProblem, haversineMeters, pointInArea, pointInRing, MAX_CIRCLE_RADIUS_METERS, type GeoArea, type GeoAreaProblem, type GeoPosition } from '../shared/targeting/geo-areas.js';

/** The operators and the audience shape are the smart requests' own (one declaration, shared with the host and its client). */
export const BTS_OPERATORS = SMART_OPERATORS;
export type BtsOperator = SmartOperator;

/** The spec's SmartSmsStatus. `Stored` = taken, not started; `Waiting` = under way; the other four are final, `Unknown` = not known. */
export const SMART_SMS_STATUSES = ['Stored', 'Waiting', 'Done', 'Failed', 'NotFound', 'InternalError', 'Unknown'] as const;
export type SmartSmsStatus = (typeof SMART_SMS_STATUSES)[number];
export const FINAL_SMART_SMS_STATUSES: readonly SmartSmsStatus[] = ['Done', 'Failed', 'NotFound', 'InternalError'];

/**
 * The part of the spec's smart request an operator acts on (spec "Smart request"; names as there).
 * Left out (the host's business): pricing, confirmation, gray list, periodic repetition and the
 * delay before sending. Empty lists and null mean "any".
 */
export interface BtsSmartRequest {
  requestName: string;
  operator: BtsOperator;
  /** At least one; with several areas, `countToSend` applies to each area separately (spec). */
  areas: GeoArea[];
  /** Whom to count in an area: people who live there, work there, or pass through (spec residenceState, joberState, travellerState); at least one true. */
  residenceState: boolean;
  joberState: boolean;
  travellerState: boolean;
  /** Province names as the number bank spells them (Persian); empty = any. */
  provinces: string[];
  ageFrom: number | null;
  ageTo: number | null;
  /** The spec's GenderType; `All` = any. */
  gender: 'All' | 'Man' | 'Woman';
  deviceType: string | null;
  brand: string | null;
  model: string | null;
  /** Leading digits of the mobile in national form (`0912`); empty = any. */
  mobilePrefix: string[];
  /** Operator cell ids, for `smartRequestType` that targets cells instead of areas. */
  cellList: string[];
  smartRequestType: string | null;
  operationType: string | null;
  sendCountType: 'Count' | 'Percentage';
  /** With `Count`: how many per area. */
  countToSend: number | null;
  /** With `Percentage`: 1–100 of those found per area. */
  percentageToSend: number | null;
  maxSendCount: number | null;
  maxDailySendCount: number | null;
  /** The presence window: people seen in the area between these times. */
  startDatetime: Date;
  endDatetime: Date;
  /**
   * The gray list (optional; older hosts leave both out). `organizationKey` names the customer
   * organization opaquely: the plugin remembers, per key, whom it sent to and when. With
   * `grayListExpireHour` > 0 nobody that key's requests reached within that many hours is chosen
   * again, in `estimate` as in `submit`. The host never sees people, so only the plugin can do this.
   */
  organizationKey?: string | null;
  grayListExpireHour?: number | null;
}

/** Why a request is refused. `propertyName` points at the request field; the host words the code. */
export const BTS_REFUSAL_CODES = ['NoArea', 'InvalidArea', 'OperatorRequired', 'InvalidFilter', 'InvalidCount', 'InvalidCellList', 'NoCellForOperator', 'TextIsEmpty', 'InvalidRequest'] as const;
export type BtsRefusalCode = (typeof BTS_REFUSAL_CODES)[number];
export type BtsRefusal = { ok: false; code: BtsRefusalCode; propertyName: string | null; message?: string };

/** `perOperator` (every filter but the operator), `perArea` (the request's operator, in the order of `areas`), `sendableCount` (per area the count or percentage, capped by those found and `maxSendCount`). */
export type BtsEstimate = SmartAudience;

export interface BtsRequestStatus {
  externalId: string;
  status: SmartSmsStatus;
  /** People the operator matched. */
  foundCount: number;
  /** Messages the operator sent so far (final with a final status): what the host settles by. */
  sentCount: number;
  /** Delivered to a phone, when the operator reports it. */
  deliveredCount?: number;
  /** With `Failed`, `InternalError` or a cancel: the operator's reason, in its words. */
  failedReason?: string;
  /** A coarse sample of where recipients were found, for the map (at most a few hundred points). */
  locations: GeoPosition[];
  at: Date;
}

/** What the host gives a `bts` gateway: the messaging host's logger, clock and health, and progress. */
export interface BtsHost {
  readonly gatewayId: string;
  logger: GatewayLogger;
  now(): Date;
  statusChanged(health: GatewayHealth): void;
  /**
   * Progress as it happens (push), in any grouping; resolved = stored. A plugin calls it whenever
   * a request's status or counts changed; the host also calls `status` itself for requests it has
   * not heard of for a while (poll), so a plugin whose operator must be asked may push nothing.
   */
  progress(updates: BtsRequestStatus[]): Promise<void>;
}

export interface BtsGateway {
  connect(host: BtsHost): Promise<void>;
  /** How many would be reached, without sending. Deterministic for the same data and request. */
  estimate(request: BtsSmartRequest): Promise<({ ok: true } & BtsEstimate) | BtsRefusal>;
  /** Hands the request and its text to the operator; the operator's id of it is what the rest takes. */
  submit(request: BtsSmartRequest, text: string): Promise<{ ok: true; externalId: string } | BtsRefusal>;
  status(externalId: string): Promise<BtsRequestStatus>;
  /** Stops a request that is not final: it ends `Failed` with what was sent so far; a final one is answered as it is. */
  cancel(externalId: string): Promise<BtsRequestStatus>;
  health(): Promise<GatewayHealth>;
  /** With `drain`, hands over pending progress first; clears every timer. */
  disconnect(options: { drain: boolean }): Promise<void>;
}

/** A plugin of kind `bts` (manifest.kind `'bts'`); `isBtsPlugin` tells it from a message gateway plugin. */
export interface BtsPlugin {
  manifest: GatewayManifest & { kind: 'bts' };
  optionsSchema: OptionsSchema;
  create(id: string, options: Record<string, unknown>): BtsGateway;
}

/** Any loaded plugin: message gateways (`sms`, `voice`, `email`) or `bts`. */
export type AnyGatewayPlugin = GatewayPlugin | BtsPlugin;

export function isBtsPlugin(plugin: AnyGatewayPlugin): plugin is BtsPlugin {
  return plugin.manifest.kind === 'bts';
}

/**
 * How the contract suite runs a `bts` plugin (besides `GatewayContractFixture.options`): a request
 * that finds people in the fixture's data, and one that finds nobody.
 */
export interface BtsContractFixture {
  matching: BtsSmartRequest;
  nobody: BtsSmartRequest;
  /** Options under which a submitted request ends `Failed` or `InternalError` (fault injection). */
  failingOptions?: Record<string, unknown>;
  /** How long a request may take to reach a final status. Default 5 s. */
  finalTimeoutMs?: number;
  /** The plugin keeps a gray list (`organizationKey` + `grayListExpireHour`): the suite checks it. */
  grayList?: boolean;
}
