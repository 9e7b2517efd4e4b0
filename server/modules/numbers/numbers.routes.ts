import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../platform/http/router.js';
import { readRawBody } from '../../platform/http/raw-body.js';
import { WEBHOOK_BODY_LIMIT, WEBHOOK_SECRET_HEADER, type GatewayWebhooksService } from './gateway-webhooks.service.js';
import type { SenderAgentsService } from './sender-agents.service.js';
import type { PrivateNumbersService } from './private-numbers.service.js';
import type { BlacklistService } from './blacklist.service.js';
import type { NumberClassesService } from './number-classes.service.js';
import type { NumberPurchaseService } from './number-purchase.service.js';
import type { NumberTransfersService } from './number-transfers.service.js';
import {
  assignSchema, assignmentsQuery, blacklistBulkSchema, blacklistQuery, blacklistSchema, checkNowSchema, createAgentSchema, createLineSchema,
  createNumberClassSchema, linesQuery, numberPriceSchema, freeNumbersQuery, reserveNumberSchema, updateBuyRequestSchema, payBuyRequestSchema,
  rejectBuyRequestSchema, buyRequestsQuery, transferSchema, transfersQuery, numberClassesQuery, updateNumberClassSchema, myNumbersQuery, testConnectionSchema, unassignSchema, updateAgentSchema, updateLineSchema,
} from './numbers.schemas.js';
import { myNumbersAnswer } from '../../shared/lines/my-numbers.answers.js';
import {
  agentHealthAnswer, agentNamesAnswer, assignmentAnswer, assignmentsPageAnswer, lineAnswer, linesPageAnswer, pluginsAnswer, senderAgentAnswer,
  senderAgentsPageAnswer, testConnectionAnswer, webhookSecretAnswer,
} from '../../shared/lines/lines.answers.js';
import { blacklistBulkAnswer, blacklistEntryAnswer, blacklistPageAnswer } from '../../shared/lines/blacklist.answers.js';
import { checkNowAnswer, numberClassAnswer, numberClassesPageAnswer } from '../../shared/lines/number-classes.answers.js';
import {
  buyRequestAnswer, buyRequestsPageAnswer, freeNumbersAnswer, numberPriceAnswer, numberPricesAnswer, transferAnswer, transfersPageAnswer,
} from '../../shared/lines/number-purchase.answers.js';
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

/**
 * Number purchase (CONTEXT.md "Number purchase and transfer"). The spec names no paths for these;
 * the controllers take the spec's entity names. Prices are the seller's (line managers); buying is
 * an organization administrator's (checked by the service: the organization's credit pays); the
 * review is a manager's from above the buyer (checked by the service before the workflow).
 */
export function numberPricesController(s: NumberPurchaseService): Controller {
  return {
    name: 'NumberPrices',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim: LINES, answer: numberPricesAnswer, handler: ({ ctx }) => s.prices(ctx) }),
      userRoute({ method: 'POST', action: 'Save', claim: LINES, body: numberPriceSchema, answer: numberPriceAnswer, handler: ({ ctx, body }) => s.savePrice(ctx, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: LINES, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.deletePrice(ctx, params.id) }),
    ],
  };
}

export function buyRequestsController(s: NumberPurchaseService): Controller {
  return {
    name: 'BuyRequests',
    routes: [
      userRoute({ method: 'GET', action: 'SearchFreeNumbers', query: freeNumbersQuery, answer: freeNumbersAnswer, handler: ({ ctx, query }) => s.search(ctx, query) }),
      userRoute({ method: 'POST', action: 'Reserve', body: reserveNumberSchema, answer: buyRequestAnswer, handler: ({ ctx, body }) => s.reserve(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updateBuyRequestSchema, answer: buyRequestAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'POST', action: 'Cancel/:id', params: idParamSchema, answer: buyRequestAnswer, handler: ({ ctx, params }) => s.cancel(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Pay', body: payBuyRequestSchema, answer: buyRequestAnswer, handler: ({ ctx, body }) => s.pay(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', query: buyRequestsQuery, answer: buyRequestsPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', params: idParamSchema, answer: buyRequestAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'Reject', body: rejectBuyRequestSchema, answer: buyRequestAnswer, handler: ({ ctx, body }) => s.decide(ctx, body.id, 'Reject', body.rejectionDescription ?? null) }),
    ],
  };
}

export function privateNumberTransfersController(s: NumberTransfersService): Controller {
  return {
    name: 'PrivateNumberTransfers',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: LINES, body: transferSchema, answer: transferAnswer, handler: ({ ctx, body }) => s.transfer(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: LINES, query: transfersQuery, answer: transfersPageAnswer, handler: ({ ctx, query }) => s.history(ctx, query) }),
    ],
  };
}
