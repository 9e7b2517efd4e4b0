import { flag, instant, integer, listOf, nullableInstant, nullableInteger, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';
import { HEALTH_NOTE_CODES } from './gateway-health-notes.js';
import { LINE_FLAGS } from './line-catalogue.js';
import { lineClassCheckAnswer } from './number-classes.answers.js';

/**
 * What `SenderAgents/*` and `PrivateNumbers/*` answer (server module numbers; the client's lines
 * feature reads these types). `GetMyNumbers` has its own file (my-numbers.answers.ts): every send
 * screen reads it.
 */

/** The line switches besides the capability flags: refunds by delivery, filters, SLA, active. */
export const LINE_DELIVERY_FLAGS = ['deliveryBase', 'deliveryLevel1', 'deliveryLevel2', 'isActive', 'checkFilter', 'sendToBlackList', 'hasSla'] as const;

function flagsOf<const K extends readonly string[]>(keys: K) {
  return Object.fromEntries(keys.map((k) => [k, flag])) as { [P in K[number]]: typeof flag };
}

/** One statement of a gateway's health as a code and its parameters (gateway-health-notes.ts), worded by the panel. */
const healthNoteAnswer = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', enum: HEALTH_NOTE_CODES },
    params: {
      type: 'object',
      properties: {
        address: text, host: text, error: text, status: text, statusName: text, code: text,
        bound: integer, total: integer, seconds: integer, httpStatus: integer,
      },
    },
  },
} as const;

/** A gateway's state as the process holding its connection reported it; the fields past `state` only when known. */
export const agentHealthAnswer = {
  type: 'object',
  required: ['state'],
  properties: {
    state: { type: 'string', enum: ['up', 'degraded', 'down'] },
    /** In English; `detailNotes` says the same as codes (absent from plugins and records of old). */
    detail: nullableText,
    detailNotes: { type: ['array', 'null'], items: healthNoteAnswer },
    inFlight: nullableInteger,
    /** Connection-oriented gateways (SMPP): binds bound of all configured. */
    binds: {
      type: ['object', 'null'], required: ['bound', 'total'], properties: { bound: integer, total: integer },
    },
    /** An average over the last seconds, so not a whole number. */
    submitsPerSecond: { type: ['number', 'null'] },
    lastError: nullableText,
    lastErrorNote: { anyOf: [healthNoteAnswer, { type: 'null' }] },
    /** The process holding the connection (`host:pid:tag`); null when none does. */
    heldBy: nullableText,
    since: nullableInstant,
  },
} as const;

const agentProperties = {
  id: integer,
  organizationId: integer,
  title: text,
  pluginName: text,
  /** The plugin's options, secret values masked. */
  options: { type: 'object' },
  type: text,
  maxPerSecond: integer,
  startTime: nullableText,
  endTime: nullableText,
  isActiveAllTime: flag,
  isSendActive: flag,
  isActive: flag,
  hasWebhookSecret: flag,
} as const;

const agentRequired = [
  'id', 'organizationId', 'title', 'pluginName', 'options', 'type', 'maxPerSecond', 'startTime', 'endTime', 'isActiveAllTime', 'isSendActive',
  'isActive', 'hasWebhookSecret',
] as const;

/** An agent as `Create`, `Update` and `Get/:id` answer it. */
export const senderAgentAnswer = { type: 'object', required: agentRequired, properties: agentProperties } as const;

/** `GetAll` adds each agent's health (absent when no process knows it). */
export const senderAgentsPageAnswer = pageOf({
  type: 'object', required: agentRequired, properties: { ...agentProperties, health: agentHealthAnswer },
} as const);

/** `GetNames`: what a line's agent picker lists (resellers see it without managing agents). */
export const agentNamesAnswer = listOf({
  type: 'object', required: ['id', 'title', 'isActive'], properties: { id: integer, title: text, isActive: flag },
} as const);

const bilingual = { type: 'object', required: ['fa', 'en'], properties: { fa: text, en: text } } as const;

/** `GetPlugins`: the loaded gateway plugins and the ones that failed to load at boot. */
export const pluginsAnswer = {
  type: 'object',
  required: ['plugins', 'broken'],
  properties: {
    plugins: listOf({
      type: 'object',
      required: ['name', 'title', 'kind', 'version', 'optionsSchema'],
      properties: {
        name: text, title: bilingual, description: bilingual, kind: { type: 'string', enum: ['sms', 'voice', 'email', 'bts'] }, version: text,
        /** The JSON Schema of the plugin's options (the agent form draws it). */
        optionsSchema: { type: 'object' },
      },
    } as const),
    broken: listOf({ type: 'object', required: ['name', 'reason'], properties: { name: text, reason: text } } as const),
  },
} as const;

/** `TestConnection`: a temporary connection's health (a failure is an answer, not an error). */
export const testConnectionAnswer = {
  type: 'object', required: ['state', 'detail'], properties: { state: agentHealthAnswer.properties.state, detail: nullableText, detailNotes: agentHealthAnswer.properties.detailNotes },
} as const;

/** `RotateWebhookSecret/:id`: the new secret, shown once, and where the provider calls. */
export const webhookSecretAnswer = {
  type: 'object', required: ['webhookSecret', 'webhookPath'], properties: { webhookSecret: text, webhookPath: text },
} as const;

/** A line (private number) as `Create`, `Update`, `Get/:id` and `GetAll` answer it. */
export const lineAnswer = {
  type: 'object',
  required: [
    'id', 'organizationId', 'number', 'useForm', 'mask', 'rangeStart', 'rangeEnd', 'numberType', 'typePrivateNumber', 'smsSenderAgentId',
    'priority', 'tryCount', 'expireTime', 'refundDeliveryStatusId', 'tag', 'createdAt', ...LINE_FLAGS, ...LINE_DELIVERY_FLAGS,
  ],
  properties: {
    id: integer,
    organizationId: integer,
    number: text,
    useForm: text,
    mask: nullableText,
    rangeStart: nullableText,
    rangeEnd: nullableText,
    numberType: text,
    typePrivateNumber: text,
    smsSenderAgentId: integer,
    priority: integer,
    tryCount: integer,
    expireTime: nullableInstant,
    refundDeliveryStatusId: nullableText,
    tag: nullableText,
    createdAt: instant,
    /** The last number-class check (`GetAll` and `Get/:id` only): null when never checked. */
    numberClass: lineClassCheckAnswer,
    /** Offered for sale to the organizations below; a bought line waits for its organization's authentication. */
    isForSale: flag, awaitingAuthentication: flag,
    ...flagsOf(LINE_FLAGS),
    ...flagsOf(LINE_DELIVERY_FLAGS),
  },
} as const;

export const linesPageAnswer = pageOf(lineAnswer);

const assignmentProperties = {
  id: integer,
  privateNumberId: integer,
  userId: integer,
  organizationId: integer,
  /** The send types the user may send this line with. */
  sendTypesList: { type: 'array', items: text },
  canSeeReceivedSms: flag,
  dailySendLimit: nullableInteger,
  monthlySendLimit: nullableInteger,
} as const;

const assignmentRequired = ['id', 'privateNumberId', 'userId', 'organizationId', 'sendTypesList', 'canSeeReceivedSms', 'dailySendLimit', 'monthlySendLimit'] as const;

/** `Assign`: the grant as saved. */
export const assignmentAnswer = { type: 'object', required: assignmentRequired, properties: assignmentProperties } as const;

/** `GetAssignments`: a line's grants with each user's name. */
export const assignmentsPageAnswer = pageOf({
  type: 'object', required: [...assignmentRequired, 'userName'], properties: { ...assignmentProperties, userName: text },
} as const);

export type AgentHealthAnswer = AnswerOf<typeof agentHealthAnswer>;
export type SenderAgentAnswer = AnswerOf<typeof senderAgentAnswer>;
export type SenderAgentsPage = AnswerOf<typeof senderAgentsPageAnswer>;
export type AgentNamesAnswer = AnswerOf<typeof agentNamesAnswer>;
export type PluginsAnswer = AnswerOf<typeof pluginsAnswer>;
export type TestConnectionAnswer = AnswerOf<typeof testConnectionAnswer>;
export type WebhookSecretAnswer = AnswerOf<typeof webhookSecretAnswer>;
export type LineAnswer = AnswerOf<typeof lineAnswer>;
export type LinesPage = AnswerOf<typeof linesPageAnswer>;
export type AssignmentAnswer = AnswerOf<typeof assignmentAnswer>;
export type AssignmentsPage = AnswerOf<typeof assignmentsPageAnswer>;
