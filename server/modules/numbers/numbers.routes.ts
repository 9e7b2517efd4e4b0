import type { Controller } from '../../platform/http/router.js';
import { idParamSchema } from '../../platform/http/router.js';
import type { SenderAgentsService } from './sender-agents.service.js';
import type { PrivateNumbersService } from './private-numbers.service.js';
import type { BlacklistService } from './blacklist.service.js';
import {
  assignSchema, assignmentsQuery, blacklistBulkSchema, blacklistQuery, blacklistSchema, createAgentSchema, createLineSchema,
  linesQuery, myNumbersQuery, unassignSchema, updateAgentSchema, updateLineSchema,
} from './numbers.schemas.js';

const AGENTS = 'Infrastructure.SenderAgents';
const LINES = 'Infrastructure.PrivateNumbers';
const SETTINGS = 'Setting.Manage';

export function senderAgentsController(s: SenderAgentsService): Controller {
  return {
    name: 'SenderAgents',
    routes: [
      { method: 'POST', action: 'Create', claim: AGENTS, body: createAgentSchema, handler: ({ ctx, body }) => s.create(ctx, body) },
      { method: 'POST', action: 'Update', claim: AGENTS, body: updateAgentSchema, handler: ({ ctx, body }) => s.update(ctx, body) },
      { method: 'GET', action: 'Get/:id', claim: AGENTS, params: idParamSchema, handler: ({ ctx, params }) => s.get(ctx, params.id) },
      { method: 'GET', action: 'GetAll', claim: AGENTS, handler: ({ ctx }) => s.list(ctx) },
      { method: 'DELETE', action: 'Delete/:id', claim: AGENTS, params: idParamSchema, handler: ({ ctx, params }) => s.delete(ctx, params.id) },
      { method: 'GET', action: 'GetPlugins', claim: AGENTS, handler: async () => s.plugins() },
      { method: 'GET', action: 'GetHealth/:id', claim: AGENTS, params: idParamSchema, handler: ({ ctx, params }) => s.health(ctx, params.id) },
      // Resellers choose an agent for their lines without managing agents.
      { method: 'GET', action: 'GetNames', claim: LINES, handler: () => s.names() },
    ],
  };
}

export function privateNumbersController(s: PrivateNumbersService): Controller {
  return {
    name: 'PrivateNumbers',
    routes: [
      { method: 'POST', action: 'Create', claim: LINES, body: createLineSchema, handler: ({ ctx, body }) => s.create(ctx, body) },
      { method: 'POST', action: 'Update', claim: LINES, body: updateLineSchema, handler: ({ ctx, body }) => s.update(ctx, body) },
      { method: 'GET', action: 'Get/:id', claim: LINES, params: idParamSchema, handler: ({ ctx, params }) => s.get(ctx, params.id) },
      { method: 'GET', action: 'GetAll', claim: LINES, query: linesQuery, handler: ({ ctx, query }) => s.list(ctx, query) },
      { method: 'DELETE', action: 'Delete/:id', claim: LINES, params: idParamSchema, handler: ({ ctx, params }) => s.delete(ctx, params.id) },
      { method: 'POST', action: 'Assign', claim: LINES, body: assignSchema, handler: ({ ctx, body }) => s.assign(ctx, body) },
      { method: 'POST', action: 'Unassign', claim: LINES, body: unassignSchema, handler: ({ ctx, body }) => s.unassign(ctx, body) },
      { method: 'GET', action: 'GetAssignments', claim: LINES, query: assignmentsQuery, handler: ({ ctx, query }) => s.assignments(ctx, query.privateNumberId) },
      { method: 'GET', action: 'GetMyNumbers', query: myNumbersQuery, handler: ({ ctx, query }) => s.myNumbers(ctx, query.sendType) },
    ],
  };
}

export function blackListsController(s: BlacklistService): Controller {
  return {
    name: 'BlackLists',
    routes: [
      { method: 'POST', action: 'Create', claim: SETTINGS, body: blacklistSchema, handler: ({ ctx, body }) => s.create(ctx, body) },
      { method: 'POST', action: 'CreateBulk', claim: SETTINGS, body: blacklistBulkSchema, handler: ({ ctx, body }) => s.createBulk(ctx, body) },
      { method: 'GET', action: 'GetAll', claim: SETTINGS, query: blacklistQuery, handler: ({ ctx, query }) => s.list(ctx, query) },
      { method: 'DELETE', action: 'Delete/:id', claim: SETTINGS, params: idParamSchema, handler: ({ ctx, params }) => s.delete(ctx, params.id) },
    ],
  };
}
