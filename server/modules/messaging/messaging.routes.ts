import { uploadFromRequest } from '../../platform/upload/request-upload.js';
import { idParamSchema, userRoute, type Controller, type SchemaType } from '../../platform/http/router.js';
import type { AuthedContext } from '../../platform/http/context.js';
import { forbidden } from '../../platform/http/errors.js';
import { ComposeService, type ComposeInput } from './compose/compose.service.js';
import type { RecipientSourceInput } from './compose/recipient-sources.js';
import { OutboxService } from './outbox/outbox.service.js';
import { DeliveryStatusRequests } from './outbox/status-request.worker.js';
import { UploadsService } from './compose/uploads.service.js';
import { SingleSendService } from './compose/single-send.service.js';
import { PeriodicService } from './periodic/periodic.service.js';
import { SendEditService } from './compose/send-edit.service.js';
import { FirstRunService } from './first-run/first-run.service.js';
import {
  bulkSchema, createSchema, editSchema, sendIdSchema, phonebookSendSchema, voiceSchema, fastSchema, sendIdsSchema, outboxQuery, periodicIdSchema, periodicListQuery, queueQuery, recipientsQuery, rejectSchema, editStatusSchema, reportQuery, uploadQuery,
} from './messaging.schemas.js';
import type { SendTypeName } from './statuses.js';
import {
  archiveAnswer, calculationAnswer, createdSendAnswer, deliveryReportAnswer, deliveryStatusRequestAnswer, receiversPageAnswer, recipientsUploadAnswer, sendAnswer, sendDetailAnswer,
  sendsPageAnswer, unarchiveAnswer,
} from '../../shared/sends/sends.answers.js';
import { createdSendOrPeriodicAnswer, periodicSendAnswer, periodicSendsPageAnswer } from '../../shared/sends/periodic.answers.js';
import { firstRunChecklistAnswer } from '../../shared/sends/first-run.answers.js';

type CreateBody = SchemaType<typeof createSchema>;
type BulkBody = SchemaType<typeof bulkSchema>;
type VoiceBody = SchemaType<typeof voiceSchema>;
type PhonebookBody = SchemaType<typeof phonebookSendSchema>;

/** Single sends need Sending.Single; every other kind needs Sending.Bulk. */
function requireSendClaim(ctx: AuthedContext, sendType: SendTypeName): void {
  const claim = sendType === 'Single' ? 'Sending.Single' : 'Sending.Bulk';
  if (!ctx.principal.claims.has(claim)) throw forbidden();
}

/** typeSend 'gradual' and 'gradualPeriodic' carry the step fields (0 when missing: compose answers which one is needed). */
function gradualOf(body: Pick<CreateBody, 'typeSend' | 'gradualStepCount' | 'gradualIntervalMinutes'>): ComposeInput['gradual'] {
  return body.typeSend === 'gradual' || body.typeSend === 'gradualPeriodic' ? { stepCount: body.gradualStepCount ?? 0, intervalMinutes: body.gradualIntervalMinutes ?? 0 } : null;
}

function sourcesOf(body: Pick<CreateBody, 'receivers' | 'receiversText' | 'recipientsUploadId'>): RecipientSourceInput[] {
  const sources: RecipientSourceInput[] = [];
  if (body.receivers?.length) sources.push({ kind: 'manual', numbers: body.receivers });
  if (body.receiversText) sources.push({ kind: 'text', text: body.receiversText });
  if (body.recipientsUploadId) sources.push({ kind: 'upload', uploadId: body.recipientsUploadId });
  return sources;
}

function fromCreate(body: CreateBody): ComposeInput {
  return { ...body, sources: sourcesOf(body), gradual: gradualOf(body), byHand: true, shortLinks: body.shortLinkMode };
}

/** A voice send is a bulk send (claim Sending.Bulk) whose message is a file or spoken text. */
function fromVoice(body: VoiceBody): ComposeInput {
  const { sendingMethod, voiceFile, voiceText, receivers, receiversText, recipientsUploadId, ...rest } = body;
  return {
    ...rest, smsBody: '', sendType: 'Bulk', sources: sourcesOf({ receivers, receiversText, recipientsUploadId }), byHand: true,
    voice: { sendingMethod, voiceFile: voiceFile ?? null, voiceText: voiceText ?? null },
  };
}

function fromBulk(body: BulkBody, strict: boolean): ComposeInput {
  const { bulkRecipients, ...rest } = body;
  return { ...rest, sendType: 'Bulk', sources: [{ kind: 'bulk', items: bulkRecipients, strict }], gradual: gradualOf(body), byHand: true, shortLinks: body.shortLinkMode };
}

/** A phonebook send (sendType PhoneBook: the line's isSendPhonebook), or a dynamic one; a filter is its field and value. */
function fromPhonebook(body: PhonebookBody, dynamic = false): ComposeInput {
  const { phonebookIds, fromIndex, number, filterField, filterValue, ...rest } = body;
  const filter = filterField ? { field: filterField, value: filterValue ?? '' } : null;
  // A dynamic send (the line's isSendDynamic): smsBody is the template each contact fills.
  const template = dynamic ? body.smsBody : null;
  return { ...rest, sendType: dynamic ? 'Dynamic' : 'PhoneBook', sources: [{ kind: 'phonebook', phonebookIds, fromIndex, number, filter, template }], gradual: gradualOf(body), byHand: true, shortLinks: body.shortLinkMode };
}

/**
 * typeSend 'periodic' stores a definition (PeriodicService), 'gradualPeriodic' one whose occurrences
 * are gradual; any other kind is one send now or at sendDateTime.
 */
function createOrDefine(compose: ComposeService, periodic: PeriodicService, ctx: AuthedContext, body: CreateBody | BulkBody, input: ComposeInput) {
  if (body.typeSend === 'periodic') return periodic.create(ctx, { ...input, gradual: null }, body);
  if (body.typeSend === 'gradualPeriodic') return periodic.create(ctx, input, body);
  return compose.create(ctx, input);
}

/** Periodic definitions are seen and cancelled by whoever may send. */
function requireAnySendClaim(ctx: AuthedContext): void {
  if (!ctx.principal.claims.has('Sending.Bulk') && !ctx.principal.claims.has('Sending.Single')) throw forbidden();
}

export function scheduledMessagesController(compose: ComposeService, single: SingleSendService, uploads: UploadsService, periodic: PeriodicService, edits: SendEditService): Controller {
  return {
    name: 'ScheduledMessages',
    routes: [
      // Editing a send not yet gone out: paused (Updating), saved, or left (which stops it). Owner or administrator, like Cancel.
      userRoute({ method: 'POST', action: 'StartEdit/:id', params: idParamSchema, answer: sendAnswer, handler: async ({ ctx, params }) => edits.start(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Update', body: editSchema, answer: sendAnswer, handler: async ({ ctx, body }) => edits.update(ctx, body) }),
      userRoute({ method: 'POST', action: 'AbandonEdit/:id', params: idParamSchema, answer: sendAnswer, handler: async ({ ctx, params }) => edits.abandon(ctx, params.id) }),
      userRoute({
        method: 'POST', action: 'Create', body: createSchema, bodyLimit: 'large', answer: createdSendOrPeriodicAnswer,
        handler: async ({ ctx, body }) => { requireSendClaim(ctx, body.sendType); return createOrDefine(compose, periodic, ctx, body, fromCreate(body)); },
      }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculations', body: createSchema, bodyLimit: 'large', answer: calculationAnswer, successMessage: '',
        handler: async ({ ctx, body }) => { requireSendClaim(ctx, body.sendType); return compose.calculate(ctx, fromCreate(body)); },
      }),
      userRoute({ method: 'POST', action: 'CreateVoice', body: voiceSchema, bodyLimit: 'large', answer: createdSendAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => compose.create(ctx, fromVoice(body)) }),
      userRoute({
        method: 'POST', action: 'GetVoiceCalculations', body: voiceSchema, bodyLimit: 'large', answer: calculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => compose.calculate(ctx, fromVoice(body)),
      }),
      userRoute({
        method: 'POST', action: 'CreateFastScheduledMessage', body: fastSchema, answer: createdSendAnswer, claim: 'Sending.Single',
        handler: async ({ ctx, body: b }) => single.send(ctx, { line: b.senderNumberId, text: b.smsBody, to: b.mobile, sendId: b.sendId, isFlash: b.isFlashSms, description: b.description, byHand: true, shortLinks: b.shortLinkMode }),
      }),
      userRoute({ method: 'POST', action: 'CreateScheduledMessageBulk', body: bulkSchema, bodyLimit: 'large', answer: createdSendOrPeriodicAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => createOrDefine(compose, periodic, ctx, body, fromBulk(body, true)) }),
      userRoute({ method: 'POST', action: 'CreateScheduledMessageBulk2', body: bulkSchema, bodyLimit: 'large', answer: createdSendOrPeriodicAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => createOrDefine(compose, periodic, ctx, body, fromBulk(body, false)) }),
      userRoute({ method: 'POST', action: 'CreateScheduledMessageByPhonebook', body: phonebookSendSchema, answer: createdSendAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => compose.create(ctx, fromPhonebook(body)) }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculationsByPhonebook', body: phonebookSendSchema, answer: calculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => compose.calculate(ctx, fromPhonebook(body)),
      }),
      userRoute({ method: 'POST', action: 'CreateDynamicScheduledMessage', body: phonebookSendSchema, answer: createdSendAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => compose.create(ctx, fromPhonebook(body, true)) }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculationsByDynamic', body: phonebookSendSchema, answer: calculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => compose.calculate(ctx, fromPhonebook(body, true)),
      }),
      userRoute({ method: 'GET', action: 'GetPeriodicSends', query: periodicListQuery, answer: periodicSendsPageAnswer, handler: async ({ ctx, query }) => { requireAnySendClaim(ctx); return periodic.list(ctx, query); } }),
      userRoute({
        method: 'POST', action: 'CancelPeriodicSend', body: periodicIdSchema, answer: periodicSendAnswer,
        handler: async ({ ctx, body }) => { requireAnySendClaim(ctx); return periodic.cancel(ctx, body.id); },
      }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculationsByBulk', body: bulkSchema, bodyLimit: 'large', answer: calculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => compose.calculate(ctx, fromBulk(body, true)),
      }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculationsByBulk2', body: bulkSchema, bodyLimit: 'large', answer: calculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => compose.calculate(ctx, fromBulk(body, false)),
      }),
      userRoute({
        // The body is the file itself (text/plain or text/csv), read as a stream; nothing else parses it.
        method: 'POST', action: 'UploadRecipients', query: uploadQuery, answer: recipientsUploadAnswer, claim: 'Sending.Bulk',
        // A refusal before the whole file arrived closes the connection (the error handler: the rest is never read).
        handler: async ({ ctx, query, req }) => {
          const source = uploadFromRequest(req);
          const csv = query.format === 'csv' || /csv/i.test(source.declaredType ?? '');
          const maxNumbers = await compose.setting('MaxUploadRecipients');
          const maxBytes = (await compose.setting('MaxUploadMegabytes')) * 1024 * 1024;
          return uploads.receive(source, { csv, userId: ctx.principal.userId, maxNumbers, maxBytes });
        },
      }),
    ],
  };
}

export function outboxController(outbox: OutboxService, statusRequests: DeliveryStatusRequests): Controller {
  return {
    name: 'OutBox',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: outboxQuery, answer: sendsPageAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, query }) => outbox.list(ctx, query) }),
      userRoute({ method: 'GET', action: 'Get/:id', params: idParamSchema, answer: sendDetailAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, params }) => outbox.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetRecipients', query: recipientsQuery, answer: receiversPageAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, query }) => outbox.recipients(ctx, query) }),
      userRoute({ method: 'GET', action: 'GetDeliveryReport', query: reportQuery, answer: deliveryReportAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, query }) => outbox.deliveryReport(ctx, query) }),
      userRoute({ method: 'POST', action: 'Cancel/:id', params: idParamSchema, answer: sendAnswer, handler: async ({ ctx, params }) => outbox.cancel(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'EditStatus', body: editStatusSchema, answer: sendAnswer, claim: 'SmsReports.EditStatus', handler: async ({ ctx, body }) => outbox.editStatus(ctx, body) }),
      userRoute({ method: 'POST', action: 'RequestDeliveryStatus', body: sendIdSchema, answer: deliveryStatusRequestAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, body }) => statusRequests.request(ctx, body.id) }),
      userRoute({ method: 'POST', action: 'Archive', body: sendIdsSchema, answer: archiveAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, body }) => outbox.archive(ctx, body.ids) }),
      userRoute({ method: 'POST', action: 'Unarchive', body: sendIdsSchema, answer: unarchiveAnswer, claim: 'SmsReports.Outbox', handler: async ({ ctx, body }) => outbox.unarchive(ctx, body.ids) }),
    ],
  };
}

/** The system administrator's first-run checklist (issue 14): each step and whether it is done. */
export function firstRunController(firstRun: FirstRunService): Controller {
  return {
    name: 'FirstRun',
    routes: [userRoute({ method: 'GET', action: 'GetChecklist', answer: firstRunChecklistAnswer, handler: async ({ ctx }) => firstRun.checklist(ctx) })],
  };
}

export function sendQueueController(outbox: OutboxService): Controller {
  return {
    name: 'SendQueue',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: queueQuery, answer: sendsPageAnswer, claim: 'Sending.Confirm', handler: async ({ ctx, query }) => outbox.queue(ctx, query) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', params: idParamSchema, answer: sendAnswer, claim: 'Sending.Confirm', handler: async ({ ctx, params }) => outbox.confirm(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Reject', body: rejectSchema, answer: sendAnswer, claim: 'Sending.Confirm', handler: async ({ ctx, body }) => outbox.reject(ctx, body) }),
    ],
  };
}
