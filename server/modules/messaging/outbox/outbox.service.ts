import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import { afterCommit, UnitOfWork, type Tx } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import { AppError, badRequest, fieldError, forbidden } from '../../../platform/http/errors.js';
import type { Clock } from '../../../platform/clock.js';
import { inDigits, type Translator } from '../../../platform/i18n.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import { shownReceiver } from '../../../shared/sms/masked-numbers.js';
import { AuditService } from '../../audit/index.js';
import { BillingService } from '../../billing/index.js';
import { LinesService } from '../../numbers/index.js';
import { NotificationsService } from '../../notifications/index.js';
import { SendsRepository, type SendRow } from '../sends.repository.js';
import { ReceiversRepository } from '../receivers.repository.js';
import { DispatchSignal } from '../dispatch-signal.js';
import { CANCELABLE, SendStopService } from '../send-stop.service.js';
import { outboxOwner, SendAccessService } from '../send-access.service.js';
import { SendProgressPublisher } from '../send-progress.service.js';
import { publicSend } from '../sends.view.js';
import { handOutOf } from '../hand-out.js';
import { holdReference } from '../send-rules.js';
import { OutboxArchiver } from './archive.worker.js';
import { ExcelRequestsRepository } from './excel-requests.repository.js';
import { exportDataStatusOf } from './export-data-status.js';
import { DeliveryStatusRequests } from './status-request.worker.js';
import { EDITABLE_SEND_STATUSES, FINISHED_QUEUE_STATUSES, waitingStatus, type FailureCode } from '../statuses.js';


/** Finished and not archived already. */
function archivable(send: SendRow): boolean {
  return (FINISHED_QUEUE_STATUSES as readonly string[]).includes(send.queueStatus) && send.status !== 'Archived' && send.status !== 'Archiving';
}

/** Ever archived: its receivers may be in the archive table. */
function wasArchived(send: SendRow): boolean {
  return send.archivedAt !== null && send.archivedAt !== undefined;
}

// The spec's failure code rides along, so an integrator can tell "no such send" from a missing route.
const notFoundSend = () => new AppError(404, 'messaging.ScheduledMessageNotFound', {}, [], { failureCode: 'ScheduledMessageNotFound' });

/** The outbox (sends and their receivers), cancelling a send, and the confirmation queue of administrators. */
@injectable()
export class OutboxService {
  constructor(
    @inject(SendsRepository) private readonly sends: SendsRepository,
    @inject(ReceiversRepository) private readonly receivers: ReceiversRepository,
    @inject(SendStopService) private readonly stopper: SendStopService,
    @inject(SendProgressPublisher) private readonly progress: SendProgressPublisher,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(DispatchSignal) private readonly signal: DispatchSignal,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(OutboxArchiver) private readonly archiver: OutboxArchiver,
    @inject(SendAccessService) private readonly access: SendAccessService,
    @inject(BillingService) private readonly billing: BillingService,
    @inject(ExcelRequestsRepository) private readonly excelRequests: ExcelRequestsRepository,
    @inject(LinesService) private readonly lines: LinesService,
    @inject(NotificationsService) private readonly notifications: NotificationsService,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(DeliveryStatusRequests) private readonly statusRequests: DeliveryStatusRequests,
  ) {}

  private ownerFilter(ctx: Actor): number | undefined {
    return outboxOwner(ctx);
  }

  async list(ctx: Actor, q: { pageIndex: number; pageSize: number; search?: string; status?: string; queueStatus?: string; fromDate?: string; toDate?: string; includeArchived?: boolean; cancelledNotResent?: boolean }) {
    const search = normalizeSearch({ search: q.search, pageIndex: q.pageIndex, pageSize: q.pageSize }).search ?? null;
    const from = q.fromDate ? new Date(q.fromDate) : undefined;
    const to = q.toDate ? new Date(q.toDate) : undefined;
    if (from && to && (to.getTime() - from.getTime() >= 90 * 86_400_000 || to < from)) throw badRequest('status.400', {}, [{ propertyName: 'toDate', key: 'messaging.rangeTooLong' }]);
    const page = await this.sends.list(ctx.tenant, { ...q, search, userId: this.ownerFilter(ctx), from, to });
    const now = this.clock.now();
    return { items: page.items.map((s) => ({ ...publicSend(s), handOut: handOutOf(s, now) })), totalCount: page.totalCount };
  }

  /** A send the caller may see (plain users: only their own), or the ScheduledMessageNotFound 404. */
  async visible(ctx: Actor, id: number): Promise<SendRow> {
    return this.access.visible(ctx, id);
  }

  /** The id of the caller's own send with this client `sendId` (the v1 API's by-send-id lookup); null when none. */
  async idOfClientSendId(ctx: Actor, clientSendId: string): Promise<number | null> {
    return (await this.sends.findByClientSendId(undefined, ctx.principal.userId, clientSendId))?.id ?? null;
  }

  async get(ctx: Actor, id: number) {
    const send = await this.visible(ctx, id);
    // The detail is refreshed live while a send runs: its independent reads go out together, so the
    // answer waits for the slowest of them, not for their sum.
    const [deliveryStatusCounts, refundedPrice, latestExport, deliveryStatusRequest] = await Promise.all([
      this.receivers.statusCounts(id, wasArchived(send)), this.refundedPrice(id),
      // The caller's own latest export of these receivers (requests are their requester's).
      this.excelRequests.latestForSend(ctx.principal.userId, id),
      this.statusRequests.describe(send),
    ]);
    return {
      ...publicSend(send), deliveryStatusCounts, refundedPrice,
      handOut: handOutOf(send, this.clock.now()),
      exportDataStatus: exportDataStatusOf(latestExport),
      deliveryStatusRequest,
    };
  }

  /**
   * What the sending organization got back of the send's price: its own line of the hold (the line
   * `totalPrice` was held on), refunds while open and after settling alike. The ledger's
   * GiveBackCostOfUnsuccessSent entries of the send sum to the same. No hold (the system
   * organization's sends, never charged): nothing came back.
   */
  private async refundedPrice(id: number): Promise<string> {
    const hold = await this.billing.getHold(holdReference(id));
    return hold?.lines.find((l) => l.role === 'organization')?.refunded ?? '0';
  }

  async recipients(ctx: Actor, q: { id: number; pageIndex: number; pageSize: number; deliveryStatus?: string; toNumber?: string }) {
    const send = await this.visible(ctx, q.id);
    // A regional send (decided): its receivers cannot be searched by number at all, so a search can never tell whether a number was among them.
    if (send.isHiddenReceivers && q.toNumber) throw fieldError('toNumber', 'messaging.hiddenReceivers');
    const page = await this.receivers.recipients(q.id, { ...q, archived: wasArchived(send) });
    return send.isHiddenReceivers ? { ...page, items: page.items.map((r) => shownReceiver(r, true)) } : page;
  }

  /** The raw report the operator sent for one receiver, kept so a customer can audit it. */
  async deliveryReport(ctx: Actor, q: { id: number; seq: number }) {
    const send = await this.visible(ctx, q.id);
    const row = await this.receivers.recipient(q.id, q.seq, wasArchived(send));
    if (!row) throw notFoundSend();
    return shownReceiver(row, send.isHiddenReceivers);
  }

  /** Stops what has not been handed to a worker; what is in flight finishes; the unsent part is given back at settlement. */
  async cancel(ctx: Actor, id: number) {
    const send = await this.visible(ctx, id);
    if (!CANCELABLE.includes(send.queueStatus)) throw badRequest('messaging.cannotCancel');
    const after = await this.uow.run(async (tx) => {
      const updated = await this.stop(tx, id, 'UserCancelRequest');
      if (!updated) throw badRequest('messaging.cannotCancel');
      await this.audit.record(tx, ctx, { operationType: 'Cancel', className: 'ScheduledMessage', referenceId: id, newData: { canceled: updated.canceledCount } });
      return updated;
    });
    return publicSend(after);
  }

  /**
   * Stops a send that has not finished: waiting receivers are cancelled (given back when it
   * settles), their limits released; what is in flight finishes. Null when it cannot be stopped.
   */
  async stop(tx: Tx, id: number, failureCode: FailureCode): Promise<SendRow | null> {
    return this.stopper.stopWaiting(tx, id, failureCode);
  }

  /**
   * Archives finished sends: each shows Archiving at once and Archived when its receivers have
   * moved to the archive table (a queued job). Any send the caller cannot see is a 404; one that
   * has not finished, or is archived already, is named in the answer and nothing is archived.
   */
  async archive(ctx: Actor, ids: number[]) {
    const rows: SendRow[] = [];
    for (const id of ids) rows.push(await this.visible(ctx, id));
    const issues = rows.flatMap((row, i) => (archivable(row) ? [] : [{ propertyName: `ids[${i}]`, key: 'messaging.cannotArchive', params: { id: row.id } }]));
    if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues);
    const archived = await this.uow.run(async (tx) => {
      const done: SendRow[] = [];
      for (const row of rows) {
        const locked = await this.sends.findById(tx, row.id, true);
        if (!locked || !archivable(locked)) continue;
        const [marked] = await this.sends.setStatusIf(row.id, locked.status, { status: 'Archiving', archivedFromStatus: locked.status, archivedAt: this.clock.now() }, tx);
        if (marked) done.push(marked);
      }
      await this.audit.record(tx, ctx, { operationType: 'Archive', className: 'ScheduledMessage', newData: { ids: done.map((d) => d.id) } });
      afterCommit(tx, () => {
        for (const d of done) this.progress.push(d, true);
        void this.archiver.enqueue(done.map((d) => d.id)).catch(() => { /* the sweep enqueues them again */ });
      });
      return done;
    });
    return { archiving: archived.length };
  }

  /** Gives archived sends back their status; their receivers stay where they are (reads look in both tables). */
  async unarchive(ctx: Actor, ids: number[]) {
    const rows: SendRow[] = [];
    for (const id of ids) rows.push(await this.visible(ctx, id));
    const issues = rows.flatMap((row, i) => (row.status === 'Archived' || row.status === 'Archiving' ? [] : [{ propertyName: `ids[${i}]`, key: 'messaging.notArchived', params: { id: row.id } }]));
    if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues);
    const restored = await this.uow.run(async (tx) => {
      const done: SendRow[] = [];
      for (const row of rows) {
        const [back] = await this.sends.setStatusIf(row.id, row.status, { status: row.archivedFromStatus ?? 'Sent', archivedFromStatus: null }, tx);
        if (back) done.push(back);
      }
      await this.audit.record(tx, ctx, { operationType: 'Unarchive', className: 'ScheduledMessage', newData: { ids: done.map((d) => d.id) } });
      afterCommit(tx, () => { for (const d of done) this.progress.push(d, true); });
      return done;
    });
    return { restored: restored.length };
  }

  /**
   * A system administrator's correction of a finished send's status (the spec: "an outbox message
   * can have its status edited"). Only the label moves, among EDITABLE_SEND_STATUSES: receivers,
   * counts, the hold and the ledger stay as the settlement left them, so SentAndGiveBackCredit (a
   * record of money given back) is neither a source nor a target. Audited with the reason.
   */
  async editStatus(ctx: Actor, body: { id: number; status: string; reason: string }) {
    const reason = body.reason.trim();
    if (!reason) throw fieldError('reason', 'messaging.reasonRequired');
    const send = await this.visible(ctx, body.id);
    if (!(FINISHED_QUEUE_STATUSES as readonly string[]).includes(send.queueStatus)) throw fieldError('id', 'messaging.editNotFinished');
    const editable = EDITABLE_SEND_STATUSES as readonly string[];
    if (!editable.includes(body.status) || !editable.includes(send.status) || body.status === send.status) throw fieldError('status', 'messaging.statusNotEditable');
    const updated = await this.uow.run(async (tx) => {
      const [row] = await this.sends.setStatusIf(send.id, send.status, { status: body.status as SendRow['status'] }, tx);
      if (!row) throw fieldError('status', 'messaging.statusNotEditable');
      await this.audit.record(tx, ctx, { operationType: 'EditStatus', className: 'ScheduledMessage', referenceId: send.id, oldData: { status: send.status }, newData: { status: body.status, reason } });
      afterCommit(tx, () => this.progress.push(row, true));
      return row;
    });
    return publicSend(updated);
  }

  /** Sends waiting for an administrator above the sender's organization. */
  async queue(ctx: Actor, q: { pageIndex: number; pageSize: number }) {
    if (!ctx.tenant.subtree) throw forbidden();
    const page = await this.sends.list(ctx.tenant, { ...q, queueStatus: 'WatingForConfirm' });
    return { items: page.items.filter((s) => s.organizationId !== ctx.principal.organizationId || ctx.principal.scope === 'superAdmin').map((s) => ({ ...publicSend(s), handOut: handOutOf(s, this.clock.now()) })), totalCount: page.totalCount };
  }

  private async confirmable(ctx: Actor, id: number): Promise<SendRow> {
    if (!ctx.tenant.subtree) throw forbidden();
    const send = await this.sends.findVisible(ctx.tenant, id);
    if (!send) throw notFoundSend();
    // Nobody confirms their own organization's sends, except the system administrators.
    if (send.organizationId === ctx.principal.organizationId && ctx.principal.scope !== 'superAdmin') throw forbidden();
    if (send.queueStatus !== 'WatingForConfirm') throw badRequest('messaging.notWaitingForConfirm');
    return send;
  }

  async confirm(ctx: Actor, id: number) {
    const send = await this.confirmable(ctx, id);
    const updated = await this.uow.run(async (tx) => {
      const row = await this.sends.transition(tx, id, ['WatingForConfirm'], {
        ...waitingStatus('Confirmed', new Date(send.dateTimeSend) > this.clock.now()),
        confirmedByUserId: ctx.principal.userId, confirmedAt: this.clock.now(),
      });
      if (!row) throw badRequest('messaging.notWaitingForConfirm');
      await this.audit.record(tx, ctx, { operationType: 'Confirm', className: 'ScheduledMessage', referenceId: id });
      await this.tellSender(tx, row, 'Confirmed', null);
      afterCommit(tx, () => this.signal.wake());
      return row;
    });
    return publicSend(updated);
  }

  /**
   * A line with isNeedToSendConfirmationMessage tells the send's sender the confirmation queue's
   * decision (kind `Send<event>`), in the decision's transaction; both languages in one text, like
   * the other panel notices (the reader's language is not known here). numbers/CONTEXT.md "Line flags".
   */
  private async tellSender(tx: Tx, send: SendRow, event: 'Confirmed' | 'Rejected', reason: string | null): Promise<void> {
    if (!(await this.lines.tellsQueueDecision(tx, send.privateNumberId))) return;
    const key = `messaging.queueDecision.${event}`;
    const bodyKey = reason ? `${key}WithReason` : key;
    const params = { id: inDigits(String(send.id)), number: inDigits(send.senderNumber), reason: reason ?? '' };
    const both = (k: string, separator: string) => `${this.translator.t('fa', k, params)}${separator}${this.translator.t('en-US', k, params)}`;
    await this.notifications.notify(tx, {
      userId: send.userId, organizationId: send.organizationId, kind: `Send${event}`, importance: event === 'Rejected' ? 'high' : 'normal',
      title: both(`${key}Title`, ' / '), body: both(bodyKey, '\n'),
    });
  }

  /** A rejected send goes nowhere: the hold is released (nothing is charged) and the limits given back. */
  async reject(ctx: Actor, body: { id: number; reason?: string }) {
    const send = await this.confirmable(ctx, body.id);
    const updated = await this.uow.run(async (tx) => {
      const row = await this.stopper.stopUnsent(tx, send, ['WatingForConfirm'], {
        queueStatus: 'Rejected', status: 'ErrorInSending', failureCode: 'NotSended', rejectReason: body.reason ?? null,
        confirmedByUserId: ctx.principal.userId, confirmedAt: this.clock.now(),
      });
      if (!row) throw badRequest('messaging.notWaitingForConfirm');
      await this.audit.record(tx, ctx, { operationType: 'Reject', className: 'ScheduledMessage', referenceId: body.id, newData: { reason: body.reason ?? null } });
      await this.tellSender(tx, row, 'Rejected', body.reason ?? null);
      return row;
    });
    this.progress.push(updated, true);
    return publicSend(updated);
  }
}
