import { idParamSchema, publicRoute, RawResult, userRoute, type Controller } from '../../platform/http/router.js';
import { InboxService, INBOX_CLAIM } from './inbox.service.js';
import { inboxDownloadParams, inboxExportSchema, inboxGroupSchema, inboxGroupUpdateSchema, inboxListQuery, inboxRuleSchema, inboxRuleUpdateSchema, markAsReadSchema, markAsUnreadSchema, optOutsQuery } from './inbox.schemas.js';
import { OPT_OUTS_CLAIM, type OptOutsService } from './opt-outs.service.js';
import { optOutPageAnswer } from '../../shared/inbound/opt-outs.answers.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { inboxGroupAnswer, inboxGroupsAnswer, inboxPageAnswer, inboxRuleAnswer, inboxRulesAnswer, markedAsReadAnswer, unreadCountAnswer } from '../../shared/inbound/inbox.answers.js';
import { excelRequestAnswer, excelRequestsAnswer } from '../../shared/sends/outbox-search.answers.js';
import type { InboxGroupsService } from './inbox-groups.service.js';
import type { InboxExporter } from './inbox-export.worker.js';

export function inboxController(inbox: InboxService, exporter: InboxExporter): Controller {
  return {
    name: 'Inbox',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: inboxListQuery, answer: inboxPageAnswer, claim: INBOX_CLAIM, handler: async ({ ctx, query }) => inbox.list(ctx, query) }),
      userRoute({
        method: 'POST', action: 'MarkAsRead', body: markAsReadSchema, answer: markedAsReadAnswer, claim: INBOX_CLAIM, successMessage: 'inbox.markedAsRead',
        handler: async ({ ctx, body }) => inbox.markAsRead(ctx, body.ids, body.isRead ?? true),
      }),
      userRoute({
        method: 'POST', action: 'MarkAsUnread', body: markAsUnreadSchema, answer: markedAsReadAnswer, claim: INBOX_CLAIM, successMessage: 'inbox.markedAsUnread',
        handler: async ({ ctx, body }) => inbox.markAsRead(ctx, body.ids, false),
      }),
      { method: 'GET', action: 'UnreadCount', answer: unreadCountAnswer, claim: INBOX_CLAIM, handler: async ({ ctx }) => inbox.unreadCount(ctx) },
      userRoute({ method: 'POST', action: 'Export', body: inboxExportSchema, answer: excelRequestAnswer, claim: INBOX_CLAIM, successMessage: '', handler: async ({ ctx, body }) => exporter.request(ctx, body) }),
      userRoute({ method: 'GET', action: 'ExcelRequests', answer: excelRequestsAnswer, claim: INBOX_CLAIM, handler: async ({ ctx }) => exporter.list(ctx) }),
      userRoute({ method: 'GET', action: 'ExcelRequest/:id', params: idParamSchema, answer: excelRequestAnswer, claim: INBOX_CLAIM, handler: async ({ ctx, params }) => exporter.get(ctx, params.id) }),
      // Downloaded by the browser itself (a link): no session; the random key is the only credential, as for the outbox's exports. A file: no answer schema.
      publicRoute({
        method: 'GET', action: 'DownloadExcel/:id/:key', auth: 'public', params: inboxDownloadParams,
        handler: async ({ params }) => {
          const file = await exporter.file(params.id, params.key);
          return new RawResult((res) => {
            res.status(200).setHeader('Cache-Control', 'private, no-store');
            res.download(file.path, file.fileName);
          });
        },
      }),
    ],
  };
}

/** Inbox groups (the spec's: a name) of the active organization. */
export function inboxGroupsController(s: InboxGroupsService): Controller {
  return {
    name: 'InboxGroups',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim: INBOX_CLAIM, answer: inboxGroupsAnswer, handler: ({ ctx }) => s.groups(ctx) }),
      userRoute({ method: 'POST', action: 'Create', claim: INBOX_CLAIM, body: inboxGroupSchema, answer: inboxGroupAnswer, successMessage: 'inbox.groupSaved', handler: ({ ctx, body }) => s.createGroup(ctx, body.name) }),
      userRoute({ method: 'POST', action: 'Update', claim: INBOX_CLAIM, body: inboxGroupUpdateSchema, answer: inboxGroupAnswer, successMessage: 'inbox.groupSaved', handler: ({ ctx, body }) => s.updateGroup(ctx, body.id, body.name) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: INBOX_CLAIM, params: idParamSchema, answer: noAnswer, successMessage: 'inbox.groupDeleted', handler: ({ ctx, params }) => s.deleteGroup(ctx, params.id) }),
    ],
  };
}

/** Inbox rules: file new messages into a group and/or forward them; tried by priority, the first that matches wins. */
export function inboxRulesController(s: InboxGroupsService): Controller {
  return {
    name: 'InboxRules',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim: INBOX_CLAIM, answer: inboxRulesAnswer, handler: ({ ctx }) => s.rules(ctx) }),
      userRoute({ method: 'POST', action: 'Create', claim: INBOX_CLAIM, body: inboxRuleSchema, answer: inboxRuleAnswer, successMessage: 'inbox.ruleSaved', handler: ({ ctx, body }) => s.createRule(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: INBOX_CLAIM, body: inboxRuleUpdateSchema, answer: inboxRuleAnswer, successMessage: 'inbox.ruleSaved', handler: ({ ctx, body }) => { const { id, ...rule } = body; return s.updateRule(ctx, id, rule); } }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: INBOX_CLAIM, params: idParamSchema, answer: noAnswer, successMessage: 'inbox.ruleDeleted', handler: ({ ctx, params }) => s.deleteRule(ctx, params.id) }),
    ],
  };
}

export function optOutsController(s: OptOutsService): Controller {
  return {
    name: 'OptOuts',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim: OPT_OUTS_CLAIM, query: optOutsQuery, answer: optOutPageAnswer, handler: ({ ctx, query }) => s.list(ctx, query) }),
      userRoute({
        method: 'DELETE', action: 'Delete/:id', claim: OPT_OUTS_CLAIM, params: idParamSchema, answer: noAnswer, successMessage: 'inbox.optOutRemoved',
        handler: ({ ctx, params }) => s.delete(ctx, params.id),
      }),
    ],
  };
}
