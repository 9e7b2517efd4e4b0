import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../platform/http/router.js';
import { readRawBody } from '../../platform/http/raw-body.js';
import { WEBHOOK_BODY_LIMIT, WEBHOOK_SECRET_HEADER, type GatewayWebhooksService } from './gateway-webhooks.service.js';
import type { SenderAgentsService } from './sender-agents.service.js';
import type { PrivateNumbersService } from './private-numbers.service.js';
import type { BlacklistService } from './blacklist.service.js';
import type { NumberClassesService } from './number-classes.service.js';
import {
  assignSchema, assignmentsQuery, blacklistBulkSchema, blacklistQuery, blacklistSchema, checkNowSchema, createAgentSchema, createLineSchema,
  createNumberClassSchema, linesQuery, numberClassesQuery, updateNumberClassSchema, myNumbersQuery, testConnectionSchema, unassignSchema, updateAgentSchema, updateLineSchema,
} from './numbers.schemas.js';
import { myNumbersAnswer } from '../../shared/lines/my-numbers.answers.js';
import {
  agentHealthAnswer, agentNamesAnswer, assignmentAnswer, assignmentsPageAnswer, lineAnswer, linesPageAnswer, pluginsAnswer, senderAgentAnswer,
  senderAgentsPageAnswer, testConnectionAnswer, webhookSecretAnswer,
} from '../../shared/lines/lines.answers.js';
import { blacklistBulkAnswer, blacklistEntryAnswer, blacklistPageAnswer } from '../../shared/lines/blacklist.answers.js';
import { checkNowAnswer, numberClassAnswer, numberClassesPageAnswer } from '../../shared/lines/number-classes.answers.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';

const AGENTS = 'Infrastructure.SenderAgents';
const LINES = 'Infrastructure.PrivateNumbers';
const SETTINGS = 'Setting.Manage';

export function senderAgentsController(s: SenderAgentsService): Controller {
  return {
    name: 'SenderAgents',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: AGENTS, body: createAgentSchema, answer: senderAgentAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: AGENTS, body: updateAgentSchema, answer: senderAgentAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: AGENTS, params: idParamSchema, answer: senderAgentAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      { method: 'GET', action: 'GetAll', claim: AGENTS, answer: senderAgentsPageAnswer, handler: ({ ctx }) => s.list(ctx) },
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: AGENTS, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      { method: 'GET', action: 'GetPlugins', claim: AGENTS, answer: pluginsAnswer, handler: async () => s.plugins() },
      userRoute({ method: 'POST', action: 'RotateWebhookSecret/:id', claim: AGENTS, params: idParamSchema, answer: webhookSecretAnswer, handler: ({ ctx, params }) => s.rotateWebhookSecret(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetHealth/:id', claim: AGENTS, params: idParamSchema, answer: agentHealthAnswer, handler: ({ ctx, params }) => s.health(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'TestConnection', claim: AGENTS, body: testConnectionSchema, answer: testConnectionAnswer, handler: ({ ctx, body }) => s.testConnection(ctx, body) }),
      // Resellers choose an agent for their lines without managing agents.
      { method: 'GET', action: 'GetNames', claim: LINES, answer: agentNamesAnswer, handler: () => s.names() },
    ],
  };
}

export function privateNumbersController(s: PrivateNumbersService): Controller {
  return {
    name: 'PrivateNumbers',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: LINES, body: createLineSchema, answer: lineAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: LINES, body: updateLineSchema, answer: lineAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: LINES, params: idParamSchema, answer: lineAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: LINES, query: linesQuery, answer: linesPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: LINES, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Assign', claim: LINES, body: assignSchema, answer: assignmentAnswer, handler: ({ ctx, body }) => s.assign(ctx, body) }),
      userRoute({ method: 'POST', action: 'Unassign', claim: LINES, body: unassignSchema, answer: noAnswer, handler: ({ ctx, body }) => s.unassign(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAssignments', claim: LINES, query: assignmentsQuery, answer: assignmentsPageAnswer, handler: ({ ctx, query }) => s.assignments(ctx, query.privateNumberId) }),
      userRoute({ method: 'GET', action: 'GetMyNumbers', query: myNumbersQuery, answer: myNumbersAnswer, handler: ({ ctx, query }) => s.myNumbers(ctx, query.sendType) }),
    ],
  };
}

export function blackListsController(s: BlacklistService): Controller {
  return {
    name: 'BlackLists',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: SETTINGS, body: blacklistSchema, answer: blacklistEntryAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'CreateBulk', claim: SETTINGS, body: blacklistBulkSchema, answer: blacklistBulkAnswer, handler: ({ ctx, body }) => s.createBulk(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: SETTINGS, query: blacklistQuery, answer: blacklistPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: SETTINGS, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
    ],
  };
}

/**
 * Number classes: the list is installation-wide (what the operators publish), so only the system's
 * agent managers edit it; whoever manages lines reads it and checks their own lines at once.
 */
export function numberClassesController(s: NumberClassesService): Controller {
  return {
    name: 'NumberClasses',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: AGENTS, body: createNumberClassSchema, answer: numberClassAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: AGENTS, body: updateNumberClassSchema, answer: numberClassAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: LINES, params: idParamSchema, answer: numberClassAnswer, handler: ({ ctx, params }) => s.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: LINES, query: numberClassesQuery, answer: numberClassesPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: AGENTS, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'CheckNow', claim: LINES, body: checkNowSchema, answer: checkNowAnswer, handler: ({ ctx, body }) => s.checkNow(ctx, body) }),
    ],
  };
}

const webhookParams = {
  type: 'object',
  properties: { agentId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['agentId'],
  additionalProperties: false,
} as const;
/** Whatever the provider puts in its query; the plugin reads it. */
const webhookQuery = { type: 'object', additionalProperties: true } as const;

/**
 * `/api/gateways/{agentId}/webhook`: called by an operator, not a user (no session), authenticated
 * by the agent's secret; the raw request goes to the plugin and its answer goes back as it is.
 */
export function gatewayWebhooksController(s: GatewayWebhooksService): Controller {
  const route = (method: 'GET' | 'POST') => publicRoute({
    method, action: ':agentId/webhook', auth: 'public', rawBody: true, params: webhookParams, query: webhookQuery,
    handler: async ({ params, query, req }) => {
      const body = await readRawBody(req, WEBHOOK_BODY_LIMIT);
      const { secret, ...rest } = query;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name !== WEBHOOK_SECRET_HEADER && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const given = req.headers[WEBHOOK_SECRET_HEADER] ?? secret;
      const answer = await s.receive(params.agentId, typeof given === 'string' ? given : null, { method: req.method, headers, query: firstValues(rest), body });
      return new RawResult((res) => {
        res.status(answer.status).type(answer.contentType ?? 'text/plain; charset=utf-8').send(answer.body);
      });
    },
  });
  return { name: 'gateways', routes: [route('POST'), route('GET')] };
}

function firstValues(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out[k] = first;
  }
  return out;
}
